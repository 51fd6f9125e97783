// pakt describe [-I DIR]... SCHEMA.yaml...: the schema descriptor (docs/descriptor.md) on stdout —
// what back ends read instead of YAML.
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "front_end.hpp"
#include "import_dir_option.hpp"
#include "schema/descriptor.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kUsage =
    "usage: pakt describe [-I DIR]... SCHEMA.yaml...\n"
    "\n"
    "Loads and validates the schemas (and what they import) and prints their descriptor: versioned\n"
    "JSON with every file, enum, message, field, default and example, and the facts back ends need\n"
    "(wire sizes, wire shape and fingerprint, version boundaries); see docs/descriptor.md.\n"
    "Schema errors are printed as by 'pakt check'.\n"
    "\n"
    "options:\n"
    "  -I, --import-dir DIR  also look for imported schemas in DIR (after the importing file's folder)\n"
    "\n"
    "exit codes: 0 described, 1 schema errors, 2 usage error\n";

struct DescribeOptions {
  std::vector<std::string> import_dirs;
  std::vector<std::string> schemas;
};

// The options, or the exit code when parsing ends the command (--help: 0, a usage error: 2).
std::optional<int> parse_describe_options(int argc, char** argv, DescribeOptions& out) {
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    switch (take_import_dir(argc, argv, i, out.import_dirs)) {
      case ImportDirMatch::kTaken: continue;
      case ImportDirMatch::kMissingValue:
        std::fprintf(stderr, "pakt describe: %s needs a folder\n%s", argv[i], kUsage);
        return 2;
      case ImportDirMatch::kNone: break;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      std::fprintf(stderr, "pakt describe: unknown option '%s'\n%s", argv[i], kUsage);
      return 2;
    }
    out.schemas.emplace_back(argv[i]);
  }
  if (out.schemas.empty()) {
    std::fprintf(stderr, "pakt describe: no schema given\n%s", kUsage);
    return 2;
  }
  return std::nullopt;
}

}  // namespace

int run_describe(int argc, char** argv) {
  DescribeOptions options;
  if (const std::optional<int> done = parse_describe_options(argc, argv, options)) return *done;
  const std::optional<schema::SchemaSet> schemas = load_valid_schemas(options.schemas, options.import_dirs);
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
