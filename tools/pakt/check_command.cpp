// pakt check [-I DIR]... SCHEMA.yaml...: validates schemas with the generator's rules and diagnostics.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "commands.hpp"
#include "front_end.hpp"
#include "import_dir_option.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kUsage =
    "usage: pakt check [-I DIR]... SCHEMA.yaml...\n"
    "\n"
    "Validates the schemas (and what they import) with the generator's rules. Every error is\n"
    "printed as 'file:line:col: error: message', then the number of errors.\n"
    "\n"
    "options:\n"
    "  -I, --import-dir DIR  also look for imported schemas in DIR (after the importing file's folder)\n"
    "\n"
    "exit codes: 0 valid, 1 errors found, 2 usage error\n";

}  // namespace

int run_check(int argc, char** argv) {
  std::vector<std::string> paths;
  std::vector<std::string> import_dirs;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    switch (take_import_dir(argc, argv, i, import_dirs)) {
      case ImportDirMatch::kTaken: continue;
      case ImportDirMatch::kMissingValue:
        std::fprintf(stderr, "pakt check: %s needs a folder\n%s", argv[i], kUsage);
        return 2;
      case ImportDirMatch::kNone: break;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      std::fprintf(stderr, "pakt check: unknown option '%s'\n%s", argv[i], kUsage);
      return 2;
    }
    paths.emplace_back(argv[i]);
  }
  if (paths.empty()) {
    std::fprintf(stderr, "pakt check: no schema given\n%s", kUsage);
    return 2;
  }
  return load_valid_schemas(paths, import_dirs) ? 0 : 1;
}

}  // namespace pakt::cli
