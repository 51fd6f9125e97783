// Fuzz target: the schema front end and the descriptor (`pakt describe`) on any text. The input is
// one schema file, written next to a copy of schemas/common.yaml (which it may import).
// Whatever loads must describe (or say why not): the descriptor text parses as JSON with
// "pakt_descriptor": schema::kDescriptorVersion and the input as its one root. Whatever does not load has diagnostics,
// each with a position and printed as one line without control characters.
#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz_check.hpp"
#include "fuzz_paths.hpp"
#include "schema/descriptor.hpp"
#include "schema/loader.hpp"

namespace {

using pakt::fuzz::require;

std::string& Folder() {
  static std::string folder = "/tmp/pakt_describe_fuzz_XXXXXX";
  return folder;
}

// A folder of this process holding common.yaml (removed at exit); the input is written there as
// input.yaml.
const std::string& InputPath() {
  static const std::string path = [] {
    std::string& folder = Folder();
    require(mkdtemp(folder.data()) != nullptr, "a temporary folder for the input");
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove_all(Folder(), ignored);
    });
    std::ifstream common(pakt::fuzz::kCommonSchemaPath, std::ios::binary);
    require(common.good(), "schemas/common.yaml is readable");
    std::ofstream(folder + "/common.yaml", std::ios::binary) << common.rdbuf();
    return folder + "/input.yaml";
  }();
  return path;
}

bool OnePrintableLine(const std::string& text) {
  return std::none_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7F;
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = InputPath();
  {
    std::ofstream input(path, std::ios::binary | std::ios::trunc);
    input.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    require(input.good(), "the input is written");
  }
  const pakt::schema::SchemaSet schemas = pakt::schema::load_schemas({path});
  if (!schemas.ok()) {
    for (const pakt::schema::Diagnostic& d : schemas.diagnostics) {
      require(d.location.line >= 1 && d.location.column >= 1, "a diagnostic has a line and a column");
      require(OnePrintableLine(d.to_string()), "a diagnostic is one line without control characters");
    }
    return 0;
  }
  nlohmann::ordered_json descriptor;
  std::string error;
  if (!pakt::schema::describe(schemas, descriptor, error)) {
    require(!error.empty(), "a schema that cannot be described says why");
    return 0;
  }
  const nlohmann::json parsed =
      nlohmann::json::parse(pakt::schema::descriptor_text(descriptor), nullptr, /*allow_exceptions=*/false);
  require(parsed.is_object(), "the descriptor is a JSON object");
  require(parsed.contains("pakt_descriptor") && parsed["pakt_descriptor"] == pakt::schema::kDescriptorVersion,
          "\"pakt_descriptor\": kDescriptorVersion");
  require(parsed.contains("roots") && parsed["roots"] == nlohmann::json::array({path}), "the input is the root");
  require(parsed.contains("files") && !parsed["files"].empty(), "the descriptor has files");
  return 0;
}
