// pakt describe [-I DIR]... SCHEMA.yaml...: the schema descriptor (docs/descriptor.md) on stdout —
// what back ends read instead of YAML.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "load_schemas.hpp"
#include "schema/descriptor.hpp"

namespace pakt::cli {
namespace {

struct DescribeOptions {
  std::vector<std::string> import_dirs;  // -I
  std::vector<std::string> schemas;
};

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

void add_describe(CommandLine& line) {
  DescribeOptions& options = line.options<DescribeOptions>();
  CLI::App* app = line.command(
      &line.app, "describe",
      "the schema descriptor (JSON) that code generator back ends read\n"
      "\n"
      "Loads and validates the schemas (and what they import) and prints their descriptor: versioned\n"
      "JSON with every file, enum, message, field, default and example, and the facts back ends need\n"
      "(wire sizes, wire shape and fingerprint, version boundaries); see docs/descriptor.md.\n"
      "Schema errors are printed as by 'pakt check'.",
      "exit codes: 0 described, 1 schema errors, 2 usage error", [&options] { return run_describe(options); });
  import_dir_option(app, options.import_dirs);
  app->add_option("SCHEMA.yaml", options.schemas, "the schemas to describe")->required();
}

const CommandRegistration kDescribe{40, add_describe};

}  // namespace
}  // namespace pakt::cli
