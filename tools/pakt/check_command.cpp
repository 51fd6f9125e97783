// pakt check [-I DIR]... SCHEMA.yaml...: validates schemas, printing every diagnostic.
#include <string>
#include <vector>

#include "command_line.hpp"
#include "load_schemas.hpp"

namespace pakt::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> import_dirs;  // -I
  std::vector<std::string> schemas;
};

int run_check(const CheckOptions& options) { return load_valid_schemas(options.schemas, options.import_dirs) ? 0 : 1; }

void add_check(CommandLine& line) {
  CheckOptions& options = line.options<CheckOptions>();
  CLI::App* app = line.command(&line.app, "check",
                               "validate schemas (every error, with its file:line:col)\n"
                               "\n"
                               "Validates the schemas (and what they import). Every\n"
                               "error is printed as 'file:line:col: error: message', then the number of errors.",
                               "exit codes: 0 valid, 1 errors found, 2 usage error",
                               [&options] { return run_check(options); });
  import_dir_option(app, options.import_dirs);
  app->add_option("SCHEMA.yaml", options.schemas, "the schemas to check")->required();
}

const CommandRegistration kCheck{30, add_check};

}  // namespace
}  // namespace pakt::cli
