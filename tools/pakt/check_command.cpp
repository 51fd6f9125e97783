// pakt check [-I DIR]... SCHEMA.yaml...: validates schemas, printing every diagnostic.
#include "commands.hpp"
#include "load_schemas.hpp"

namespace pakt::cli {

int run_check(const CheckOptions& options) { return load_valid_schemas(options.schemas, options.import_dirs) ? 0 : 1; }

}  // namespace pakt::cli
