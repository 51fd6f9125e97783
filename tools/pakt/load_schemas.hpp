// The schema front end run for a command (check, describe, generate): loads and validates the
// schemas; on errors prints every diagnostic and the error count to stderr.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schema/loader.hpp"

namespace pakt::cli {

// Which naming warnings (names a language respells, docs/names.md) a command prints: every
// language's (check), none (describe) or one back end's (generate --lang).
struct NameWarnings {
  bool all = true;
  std::string lang;  // with all == false: "" for none, else a back end ("gdscript")
};

// The loaded schemas, or nullopt after printing their diagnostics (the command then exits 1).
// Errors are always printed; warnings as `warnings` says.
[[nodiscard]] std::optional<schema::SchemaSet> load_valid_schemas(const std::vector<std::string>& paths,
                                                                  const std::vector<std::string>& import_dirs,
                                                                  const NameWarnings& warnings = {});

}  // namespace pakt::cli
