// Runs the schema front end for a command (check, describe, generate): loads and validates the
// schemas; on errors prints every diagnostic and the error count to stderr.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schema/loader.hpp"

namespace pakt::cli {

// The loaded schemas, or nullopt after printing their diagnostics (the command then exits 1).
[[nodiscard]] std::optional<schema::SchemaSet> load_valid_schemas(const std::vector<std::string>& paths,
                                                                  const std::vector<std::string>& import_dirs);

}  // namespace pakt::cli
