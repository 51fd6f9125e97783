// pakt generate --lang cpp|csharp|gdscript|wireshark --out DIR [--formats LIST] [--godot 4|3]
// [--unity-package NAME[@VERSION]] [-I DIR]... [--depfile FILE] [--python PATH] SCHEMA.yaml...: the front
// end (load, validate, describe), then the language's back end (`python3 -m pakt_gen --lang LANG --out
// DIR ...`) with the descriptor on its stdin.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "back_end_process.hpp"
#include "commands.hpp"
#include "depfile.hpp"
#include "load_schemas.hpp"
#include "generator_dir.hpp"
#include "schema/descriptor.hpp"

namespace pakt::cli {
namespace {

// --formats names: the back end's codecs, and godot4 / godot3 (the names of --format), which both
// mean its one godot codec — generated code carries both Godot generations in that codec.
constexpr std::pair<const char*, const char*> kFormats[] = {
    {"compact", "compact"}, {"mslima", "mslima"}, {"godot", "godot"},
    {"godot4", "godot"},    {"godot3", "godot"},  {"json", "json"}, {"packed", "packed"}};

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
  static const std::vector<std::string> languages = {"cpp", "csharp", "gdscript", "wireshark"};
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

namespace {

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-'; }

// "a.b.c" with non-empty parts of `ok` characters (and at least `min_parts` parts).
template <class Ok>
bool dotted(const std::string& text, std::size_t min_parts, Ok ok) {
  std::size_t parts = 1, run = 0;
  for (char c : text) {
    if (c == '.') {
      if (run == 0) return false;
      ++parts;
      run = 0;
    } else if (ok(c)) {
      ++run;
    } else {
      return false;
    }
  }
  return run != 0 && parts >= min_parts;
}

// Semantic versioning 2.0.0: MAJOR.MINOR.PATCH (no leading zeros), then -pre-release and +build.
bool semantic_version(const std::string& version) {
  const std::size_t suffix = version.find_first_of("-+");
  const std::string core = version.substr(0, suffix);
  if (!dotted(core, 3, is_digit) || std::count(core.begin(), core.end(), '.') != 2) return false;
  for (std::size_t i = 0; i < core.size(); ++i) {
    if (core[i] == '0' && (i == 0 || core[i - 1] == '.') && i + 1 < core.size() && core[i + 1] != '.') return false;
  }
  if (suffix == std::string::npos) return true;
  const std::size_t plus = version.find('+', suffix);
  if (version[suffix] == '-' && !dotted(version.substr(suffix + 1, plus - suffix - 1), 1, is_ident_char)) return false;
  return plus == std::string::npos || dotted(version.substr(plus + 1), 1, is_ident_char);
}

}  // namespace

// The same rules and wording as the back end's (generator/pakt_gen/csharp/unity_package.py).
std::string unity_package_problem(const std::string& value) {
  const std::size_t at = value.find('@');
  const std::string name = value.substr(0, at);
  if (name.size() > 214 || !dotted(name, 2, is_name_char)) {
    return "'" + name +
           "' is not a Unity package name: use reverse-domain notation in lowercase, like com.company.game-messages "
           "(a-z, 0-9, '-', '_', at least two '.'-separated parts, at most 214 characters)";
  }
  if (name == "com.unity" || name.rfind("com.unity.", 0) == 0) {
    return "'" + name + "' is not a Unity package name: com.unity.* names are Unity's own";
  }
  if (at != std::string::npos && !semantic_version(value.substr(at + 1))) {
    return "'" + value.substr(at + 1) + "' is not a package version: use MAJOR.MINOR.PATCH, like 1.0.0";
  }
  return {};
}

int run_generate(const GenerateOptions& options) {
  const std::optional<schema::SchemaSet> schemas = load_valid_schemas(options.schemas, options.import_dirs, NameWarnings{false, options.lang});
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
  if (options.unity_package) {
    arguments.push_back("--unity-package");
    arguments.push_back(*options.unity_package);
  }
  if (options.godot) {
    arguments.push_back("--godot");
    arguments.push_back(*options.godot);
  }
  const BackEndRun run = run_back_end(options.python, arguments, {"PYTHONPATH=" + generator.path},
                                      schema::descriptor_text(descriptor));
  if (!run.started) return fail("cannot run '" + options.python + "': " + run.start_error);
  if (run.exit_status != 0) return run.exit_status;  // the back end explained why on stderr
  std::fputs(run.output.c_str(), stdout);             // the files written, one path a line

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
