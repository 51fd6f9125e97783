#include "binary_formatter_sizes.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "back_end_process.hpp"
#include "dynamic/compact_mslima_codec.hpp"
#include "dynamic/dyn_value.hpp"
#include "generator_dir.hpp"
#include "schema/descriptor.hpp"
#include "schema/facts.hpp"
#include "schema/fingerprint.hpp"

namespace pakt::cli {
namespace {

namespace fs = std::filesystem;

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (!dir.empty() && ::access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// A private scratch folder, removed with everything in it when it goes out of scope.
class ScratchDir {
 public:
  ScratchDir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/pakt-sizes-XXXXXX";
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.empty() ? "no output" : line;
}

// Writes the C# classes of every file of schemas (imports too) into dir; "" or what went wrong.
std::string generate_csharp(const schema::SchemaSet& schemas, const std::string& python, const std::string& dir) {
  std::vector<std::string> paths;
  for (const schema::Schema* s : schema::files_in_dependency_order(schemas)) paths.push_back(s->path);
  const schema::SchemaSet all_roots = schema::load_schemas(paths);
  nlohmann::ordered_json descriptor;
  std::string error;
  if (!all_roots.ok() || !schema::describe(all_roots, descriptor, error)) return "cannot describe the schemas " + error;
  const GeneratorDir generator = find_generator_dir();
  if (!generator.error.empty()) return generator.error;
  const BackEndRun run = run_back_end(python, {"-m", "pakt_gen", "--lang", "csharp", "--out", dir},
                                      {"PYTHONPATH=" + generator.path}, schema::descriptor_text(descriptor));
  if (!run.started) return "cannot run '" + python + "': " + run.start_error;
  if (run.exit_status != 0) return "the C# back end failed: " + first_line(run.errors);
  return {};
}

}  // namespace

BinaryFormatterSizes measure_binary_formatter(const schema::SchemaSet& schemas,
                                              const std::vector<const schema::Message*>& messages,
                                              const std::string& python) {
  BinaryFormatterSizes result;
  result.bytes.assign(messages.size(), std::nullopt);
  if (!on_path("mono")) {
    result.note = "n/a (mono not installed)";
    return result;
  }
  if (!on_path("mcs")) {
    result.note = "n/a (mcs not installed: apt-get install mono-mcs)";
    return result;
  }
  const GeneratorDir generator = find_generator_dir();
  if (!generator.error.empty()) {
    result.note = "n/a (" + generator.error + ")";
    return result;
  }
  const fs::path measurer = fs::path(generator.path) / "pakt_gen" / "csharp" / "binary_formatter" / "BinaryFormatterSizes.cs";
  ScratchDir scratch;
  if (scratch.path().empty()) {
    result.note = "n/a (cannot create a scratch folder)";
    return result;
  }
  const fs::path cs_dir = scratch.path() / "cs";
  if (const std::string error = generate_csharp(schemas, python, cs_dir.string()); !error.empty()) {
    result.note = "n/a (" + error + ")";
    return result;
  }

  // The examples' compact bytes, which the generated Deserialize turns into objects.
  std::vector<std::string> mono_arguments = {(scratch.path() / "Assembly-CSharp.exe").string()};
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const schema::Message& message = *messages[i];
    std::vector<std::uint8_t> bytes;
    const dynamic::DynValue value = dynamic::message_from_schema_value(message, *message.example);
    if (!dynamic::encode_binary(message, value, dynamic::BinaryFormat::kCompact, bytes)) {
      result.note = "n/a (cannot encode the example of " + message.name + ")";
      return result;
    }
    const fs::path payload = scratch.path() / (std::to_string(i) + ".bin");
    std::ofstream(payload, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                   static_cast<std::streamsize>(bytes.size()));
    std::string fingerprint = schema::fingerprint_text(schema::message_fingerprint(schemas, message));
    mono_arguments.insert(mono_arguments.end(), {message.name, fingerprint.substr(2), payload.string()});
  }

  std::vector<std::string> mcs_arguments = {"-nologo", "-warn:0", "-out:" + mono_arguments.front(), measurer.string()};
  for (const fs::directory_entry& entry : fs::directory_iterator(cs_dir)) {
    if (entry.path().extension() == ".cs") mcs_arguments.push_back(entry.path().string());
  }
  const BackEndRun compiled = run_back_end("mcs", mcs_arguments, {}, "");
  if (!compiled.started || compiled.exit_status != 0) {
    const std::string why = compiled.started ? compiled.output + compiled.errors : compiled.start_error;
    result.note = "n/a (mcs failed: " + first_line(why) + ")";
    return result;
  }
  const BackEndRun measured = run_back_end("mono", mono_arguments, {}, "");
  if (!measured.started || measured.exit_status != 0) {
    const std::string why = measured.started ? measured.output + measured.errors : measured.start_error;
    result.note = "n/a (mono failed: " + first_line(why) + ")";
    return result;
  }
  std::istringstream lines(measured.output);
  std::string line;
  for (std::size_t i = 0; i < messages.size() && std::getline(lines, line); ++i) {
    if (!line.empty() && line.find_first_not_of("0123456789") == std::string::npos) {
      result.bytes[i] = static_cast<std::size_t>(std::stoull(line));
    } else if (result.note.empty()) {
      result.note = messages[i]->name + ": " + line;  // "n/a: <why BinaryFormatter refused it>"
    }
  }
  return result;
}

}  // namespace pakt::cli
