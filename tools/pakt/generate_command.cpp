// pakt generate --lang cpp --out DIR [--formats LIST] [-I DIR]... [--depfile FILE] [--python PATH]
// SCHEMA.yaml...: the front end (load, validate, describe), then the language's back end
// (`python3 -m pakt_gen --lang cpp --out DIR ...`) with the descriptor on its stdin.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "back_end_process.hpp"
#include "commands.hpp"
#include "depfile.hpp"
#include "front_end.hpp"
#include "generator_dir.hpp"
#include "schema/descriptor.hpp"

namespace pakt::cli {
namespace {

// --formats names: the back end's codecs, and godot4 / godot3 (the names of --format), which both
// mean its one godot codec — generated code carries both Godot generations in that codec.
constexpr std::pair<const char*, const char*> kFormats[] = {
    {"compact", "compact"}, {"mslima", "mslima"}, {"godot", "godot"},
    {"godot4", "godot"},    {"godot3", "godot"},  {"json", "json"}};

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

const std::vector<std::string>& generate_languages() {
  // Each runs as `python -m pakt_gen --lang <name>`.
  static const std::vector<std::string> languages = {"cpp", "csharp", "gdscript"};
  return languages;
}

const std::vector<std::string>& generate_format_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& format : kFormats) out.emplace_back(format.first);
    return out;
  }();
  return names;
}

bool generate_formats_for_back_end(const std::string& list, std::string& out, std::string& error) {
  std::vector<std::string> chosen;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    std::string name = list.substr(start, end - start);
    name.erase(0, name.find_first_not_of(" \t"));
    name.erase(name.find_last_not_of(" \t") + 1);
    start = end + 1;
    if (name.empty()) continue;
    const char* back_end_name = nullptr;
    for (const auto& format : kFormats) {
      if (name == format.first) back_end_name = format.second;
    }
    if (back_end_name == nullptr) {
      std::string names;
      for (const auto& format : kFormats) names += (names.empty() ? "" : ", ") + std::string(format.first);
      error = "unknown format '" + name + "' (use " + names + ")";
      return false;
    }
    if (std::find(chosen.begin(), chosen.end(), back_end_name) == chosen.end()) chosen.emplace_back(back_end_name);
  }
  if (chosen.empty()) {
    error = "no format given";
    return false;
  }
  out.clear();
  for (const std::string& name : chosen) out += (out.empty() ? "" : ",") + name;
  return true;
}

int run_generate(const GenerateOptions& options) {
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
  if (options.godot) {
    arguments.push_back("--godot");
    arguments.push_back(*options.godot);
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
