// pakt describe [-I DIR]... SCHEMA.yaml...: the schema descriptor (docs/descriptor.md) on stdout —
// what back ends read instead of YAML.
#include <cstdio>
#include <optional>
#include <string>

#include "commands.hpp"
#include "load_schemas.hpp"
#include "schema/descriptor.hpp"

namespace pakt::cli {

int run_describe(const DescribeOptions& options) {
  const std::optional<schema::SchemaSet> schemas = load_valid_schemas(options.schemas, options.import_dirs, NameWarnings{false, ""});
  if (!schemas) return 1;
  nlohmann::ordered_json descriptor;
  std::string error;
  if (!schema::describe(*schemas, descriptor, error)) {
    std::fprintf(stderr, "pakt describe: error: %s\n", error.c_str());
    return 1;
  }
  const std::string text = schema::descriptor_text(descriptor);
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "pakt describe: error: cannot write the descriptor to stdout\n");
    return 1;
  }
  return 0;
}

}  // namespace pakt::cli
