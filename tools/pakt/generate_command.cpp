// pakt generate --lang LANG --out DIR [--formats LIST] [--godot 4|3] [--unity-package NAME[@VERSION]]
// [-I DIR]... [--depfile FILE] [--python PATH] SCHEMA.yaml...: the front end (load, validate,
// describe), then the language's back end (`python3 -m pakt_gen --lang LANG --out DIR ...`) with the
// descriptor on its stdin.
//
// The back end owns the rules of --lang, --formats, --godot and --unity-package
// (generator/pakt_gen/cli.py): this command passes them through verbatim and relays the back end's
// errors — its usage errors as its own (exit 2, with pakt's usage line), anything else as printed,
// with the back end's exit status.
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "back_end_process.hpp"
#include "command_line.hpp"
#include "depfile.hpp"
#include "generator_dir.hpp"
#include "load_schemas.hpp"
#include "schema/descriptor.hpp"

namespace pakt::cli {
namespace {

struct GenerateOptions {
  std::string lang;                          // --lang (the back end checks it)
  std::string out;                           // --out
  std::optional<std::string> formats;        // --formats (the back end checks it)
  std::optional<std::string> godot;          // --godot 4|3 (gdscript; the back end checks it)
  std::vector<std::string> import_dirs;      // -I
  std::optional<std::string> depfile;        // --depfile
  std::string python = "python3";            // --python
  std::optional<std::string> unity_package;  // --unity-package NAME[@VERSION] (csharp; the back end checks it)
  std::vector<std::string> schemas;
};

// How the back end reports a usage error: exit status 2 and, as its last stderr line, this prefix
// and the problem (generator/pakt_gen/cli.py, argparse's form).
constexpr int kUsageErrorStatus = 2;
constexpr const char* kBackEndUsageError = "python3 -m pakt_gen: error: ";

int fail(const std::string& message) {
  std::fprintf(stderr, "pakt generate: error: %s\n", message.c_str());
  return 1;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out.push_back(std::move(line));
    start = end + 1;
  }
  return out;
}

// The problem of a back end usage error, or nullopt when `run` is none.
std::optional<std::string> back_end_usage_problem(const BackEndRun& run) {
  if (run.exit_status != kUsageErrorStatus) return std::nullopt;
  const std::vector<std::string> errors = lines(run.errors);
  const std::string prefix = kBackEndUsageError;
  if (errors.empty() || errors.back().compare(0, prefix.size(), prefix) != 0) return std::nullopt;
  return errors.back().substr(prefix.size());
}

// The back end's command line: the options passed through verbatim.
std::vector<std::string> back_end_arguments(const GenerateOptions& options) {
  std::vector<std::string> arguments = {"-m", "pakt_gen", "--lang", options.lang, "--out", options.out};
  const std::pair<const char*, const std::optional<std::string>*> passed_through[] = {
      {"--formats", &options.formats}, {"--unity-package", &options.unity_package}, {"--godot", &options.godot}};
  for (const auto& [name, value] : passed_through) {
    if (!value->has_value()) continue;
    arguments.push_back(name);
    arguments.push_back(**value);
  }
  return arguments;
}

// After schema errors: a bad option too, at once (the back end checks options without a descriptor).
int schema_errors_and_options(const CLI::App& command, const GenerateOptions& options) {
  const GeneratorDir generator = find_generator_dir();
  if (!generator.error.empty()) return 1;
  std::vector<std::string> arguments = back_end_arguments(options);
  arguments.push_back("--check-options");
  const BackEndRun run = run_back_end(options.python, arguments, {"PYTHONPATH=" + generator.path}, "");
  if (const std::optional<std::string> problem = back_end_usage_problem(run)) return usage_error(command, *problem);
  return 1;
}

int run_generate(const CLI::App& command, const GenerateOptions& options) {
  const std::optional<schema::SchemaSet> schemas =
      load_valid_schemas(options.schemas, options.import_dirs, NameWarnings{false, options.lang});
  if (!schemas) return schema_errors_and_options(command, options);
  nlohmann::ordered_json descriptor;
  std::string error;
  if (!schema::describe(*schemas, descriptor, error)) return fail(error);
  const GeneratorDir generator = find_generator_dir();
  if (!generator.error.empty()) return fail(generator.error);

  const std::vector<std::string> arguments = back_end_arguments(options);
  const BackEndRun run = run_back_end(options.python, arguments, {"PYTHONPATH=" + generator.path},
                                      schema::descriptor_text(descriptor));
  if (!run.started) return fail("cannot run '" + options.python + "': " + run.start_error);
  if (const std::optional<std::string> problem = back_end_usage_problem(run)) return usage_error(command, *problem);
  std::fputs(run.errors.c_str(), stderr);             // the back end's errors and warnings, as it wrote them
  if (run.exit_status != 0) {  // the back end explained why, or this does
    if (lines(run.errors).empty()) {
      fail("'" + options.python + " -m pakt_gen' exited with status " + std::to_string(run.exit_status) +
           " and no message");
    }
    return run.exit_status;
  }
  std::fputs(run.output.c_str(), stdout);             // the files written, one path a line
  const std::vector<std::string> outputs = lines(run.output);
  // Every back end writes at least one file; a program that exits 0 without naming any did not run it.
  if (outputs.empty()) {
    return fail("'" + options.python + " -m pakt_gen' exited 0 but named no generated file: is '" + options.python +
                "' a Python 3 with jinja2 and PyYAML?");
  }

  if (options.depfile) {
    std::vector<std::string> prerequisites;
    for (const schema::Schema* s : schema::files_in_dependency_order(*schemas)) prerequisites.push_back(s->path);
    if (!write_if_changed(*options.depfile, depfile_text(outputs.front(), prerequisites), error)) {
      return fail("cannot write depfile '" + *options.depfile + "': " + error);
    }
  }
  return 0;
}

// "the back end: cpp, csharp, gdscript or wireshark", as found in the back end's folder.
std::string lang_help() {
  const GeneratorDir generator = find_generator_dir();
  const std::vector<std::string> languages =
      generator.error.empty() ? back_end_languages(generator.path) : std::vector<std::string>{};
  if (languages.empty()) return "the back end's language (see python3 -m pakt_gen --help)";
  return "the back end: " + or_list(languages);
}

void add_generate(CommandLine& line) {
  GenerateOptions& options = line.options<GenerateOptions>();
  CLI::App* app = line.command(
      &line.app, "generate",
      "generate code from schemas: the front end, then a language's back end\n"
      "\n"
      "Loads and validates the schemas (errors are printed as by 'pakt check'), then runs the\n"
      "language's back end on their descriptor (see 'pakt describe'), which writes the code to DIR:\n"
      "cpp: DIR/<stem>.pakt.h and DIR/<stem>.pakt.cpp per schema; csharp: DIR/<stem>.pakt.cs per schema\n"
      "and DIR/Pakt.Runtime.cs; gdscript: DIR/<stem>.pakt.gd per schema and DIR/pakt_runtime.gd.\n"
      "Unchanged files are not rewritten.\n"
      "The back end is found in $PAKT_GENERATOR_DIR, else next to the installed pakt\n"
      "(../share/pakt/generator), else in the source tree pakt was built from.",
      "exit codes: 0 generated, 1 schema errors or no back end, 2 usage error, else the back end's own", nullptr);
  line.on_run(app, [app, &options] { return run_generate(*app, options); });
  value_option(app, "--lang", options.lang, "LANG", lang_help())->required();
  value_option(app, "--out", options.out, "DIR", "the folder to write the generated files to")
      ->required()
      ->check(kNonEmpty);
  value_option(app, "--formats", options.formats, "LIST",
               "cpp: the codecs to emit, comma-separated (default: all): compact, mslima,\n"
               "godot (or godot4, godot3: the one Godot codec, which carries both\n"
               "generations), json, packed");
  value_option(app, "--godot", options.godot, "4|3",
               "gdscript: the Godot generation whose syntax to write (default: 4)");
  import_dir_option(app, options.import_dirs);
  value_option(app, "--depfile", options.depfile, "FILE",
               "write a Makefile-style depfile: the first output depends on every schema")
      ->check(kNonEmpty);
  value_option(app, "--python", options.python, "PATH", "the Python 3 that runs the back end (default: python3)")
      ->check(kNonEmpty);
  value_option(app, "--unity-package", options.unity_package, "NAME[@VERSION]",
               "csharp: the output folder is also a Unity package NAME (like\n"
               "com.company.game-messages; NAME@1.2.0 sets its version):\n"
               "package.json, NAME.asmdef and .meta files");
  app->add_option("SCHEMA.yaml", options.schemas, "the schemas to generate code for")->required();
}

const CommandRegistration kGenerate{50, add_generate};

}  // namespace
}  // namespace pakt::cli
