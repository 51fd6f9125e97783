// pakt generate --lang cpp --out DIR [--formats LIST] [-I DIR]... [--depfile FILE] [--python PATH]
// SCHEMA.yaml...: the front end (load, validate, describe), then the language's back end
// (`python3 -m pakt_gen --lang cpp --out DIR ...`) with the descriptor on its stdin.
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "back_end_process.hpp"
#include "commands.hpp"
#include "depfile.hpp"
#include "front_end.hpp"
#include "generator_dir.hpp"
#include "import_dir_option.hpp"
#include "schema/descriptor.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kUsage =
    "usage: pakt generate --lang cpp --out DIR [--formats LIST] [-I DIR]... [--depfile FILE]\n"
    "                     [--python PATH] SCHEMA.yaml...\n"
    "\n"
    "Loads and validates the schemas (errors are printed as by 'pakt check'), then runs the\n"
    "language's back end on their descriptor (see 'pakt describe'), which writes the code to DIR:\n"
    "for cpp, DIR/<stem>.pakt.h and DIR/<stem>.pakt.cpp per schema. Unchanged files are not rewritten.\n"
    "\n"
    "options:\n"
    "  --lang LANG           the back end: cpp\n"
    "  --out DIR             the folder to write the generated files to\n"
    "  --formats LIST        comma-separated codecs to emit: compact,mslima,godot,json (default: all)\n"
    "  -I, --import-dir DIR  also look for imported schemas in DIR (after the importing file's folder)\n"
    "  --depfile FILE        write a Makefile-style depfile: the first output depends on every schema\n"
    "  --python PATH         the Python 3 that runs the back end (default: python3)\n"
    "\n"
    "The back end is found in $PAKT_GENERATOR_DIR, else next to the installed pakt\n"
    "(../share/pakt/generator), else in the source tree pakt was built from.\n"
    "exit codes: 0 generated, 1 schema errors or no back end, 2 usage error, else the back end's own\n";

// The languages that have a back end, each run as `python -m pakt_gen --lang <name>`.
constexpr const char* kLanguages[] = {"cpp"};

struct GenerateOptions {
  std::string lang;
  std::string out;
  std::optional<std::string> formats;
  std::vector<std::string> import_dirs;
  std::optional<std::string> depfile;
  std::string python = "python3";
  std::vector<std::string> schemas;
};

int usage_error(const std::string& problem) {
  std::fprintf(stderr, "pakt generate: %s\n%s", problem.c_str(), kUsage);
  return 2;
}

bool known_language(const std::string& lang) {
  for (const char* known : kLanguages) {
    if (lang == known) return true;
  }
  return false;
}

// The options, or the exit code when parsing ends the command (--help: 0, a usage error: 2).
std::optional<int> parse_generate_options(int argc, char** argv, GenerateOptions& out) {
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    switch (take_import_dir(argc, argv, i, out.import_dirs)) {
      case ImportDirMatch::kTaken: continue;
      case ImportDirMatch::kMissingValue: return usage_error(arg + " needs a folder");
      case ImportDirMatch::kNone: break;
    }
    std::string* value = nullptr;
    std::string name = arg;
    std::optional<std::string> inline_value;
    if (const std::size_t equals = arg.find('='); arg.rfind("--", 0) == 0 && equals != std::string::npos) {
      name = arg.substr(0, equals);
      inline_value = arg.substr(equals + 1);
    }
    if (name == "--lang") value = &out.lang;
    if (name == "--out") value = &out.out;
    if (name == "--python") value = &out.python;
    if (name == "--formats") value = &out.formats.emplace();
    if (name == "--depfile") value = &out.depfile.emplace();
    if (value == nullptr) {
      if (arg.size() > 1 && arg[0] == '-') return usage_error("unknown option '" + arg + "'");
      out.schemas.push_back(arg);
      continue;
    }
    if (inline_value) {
      *value = *inline_value;
    } else if (i + 1 < argc) {
      *value = argv[++i];
    } else {
      return usage_error(name + " needs a value");
    }
  }
  if (out.lang.empty()) return usage_error("--lang is required");
  if (!known_language(out.lang)) {
    std::string choices;
    for (const char* known : kLanguages) choices += (choices.empty() ? "" : ", ") + std::string(known);
    return usage_error("unknown language '" + out.lang + "'; choose from " + choices);
  }
  if (out.out.empty()) return usage_error("--out DIR is required");
  if (out.depfile && out.depfile->empty()) return usage_error("--depfile needs a file name");
  if (out.python.empty()) return usage_error("--python needs a program");
  if (out.schemas.empty()) return usage_error("no schema given");
  return std::nullopt;
}

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

}  // namespace

int run_generate(int argc, char** argv) {
  GenerateOptions options;
  if (const std::optional<int> done = parse_generate_options(argc, argv, options)) return *done;
  const std::optional<schema::SchemaSet> schemas = load_valid_schemas(options.schemas, options.import_dirs);
  if (!schemas) return 1;
  nlohmann::ordered_json descriptor;
  std::string error;
  if (!schema::describe(*schemas, descriptor, error)) return fail(error);
  const GeneratorDir generator = find_generator_dir();
  if (!generator.error.empty()) return fail(generator.error);

  std::vector<std::string> arguments = {"-m", "pakt_gen", "--lang", options.lang, "--out", options.out};
  if (options.formats) {
    arguments.push_back("--formats");
    arguments.push_back(*options.formats);
  }
  const BackEndRun run = run_back_end(options.python, arguments, {"PYTHONPATH=" + generator.path},
                                      schema::descriptor_text(descriptor));
  if (!run.started) return fail("cannot run '" + options.python + "': " + run.start_error);
  if (run.exit_status != 0) return run.exit_status;  // the back end explained why on stderr

  if (options.depfile) {
    const std::vector<std::string> outputs = lines(run.output);
    if (outputs.empty()) return fail("the " + options.lang + " back end reported no output files for the depfile");
    std::vector<std::string> prerequisites;
    for (const schema::Schema* s : schema::files_in_dependency_order(*schemas)) prerequisites.push_back(s->path);
    if (!write_if_changed(*options.depfile, depfile_text(outputs.front(), prerequisites), error)) {
      return fail("cannot write depfile '" + *options.depfile + "': " + error);
    }
  }
  return 0;
}

}  // namespace pakt::cli
