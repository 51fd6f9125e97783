// pakt compat OLD.yaml NEW.yaml: the changes from OLD to NEW that break peers still using OLD,
// with the rules and the report of `pakt-gen compat` (docs/evolution.md).
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "schema/compat.hpp"
#include "schema/loader.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kUsage =
    "usage: pakt compat OLD.yaml NEW.yaml\n"
    "\n"
    "Lists every change from OLD to NEW (and the schemas they import) that breaks peers still on\n"
    "OLD: a type, limit, code or enum value changed, a field removed, renamed, reordered or inserted\n"
    "before the end, an appended field whose since: is not above OLD's version, a final message\n"
    "changed. Each is printed as 'new.yaml:line:col: error: ...' and 'old.yaml:line:col: note:\n"
    "previous version'.\n"
    "exit codes: 0 compatible, 1 incompatible, 2 a schema has errors or usage error\n";

// Loads one root schema; prints its diagnostics on errors.
std::optional<schema::SchemaSet> load_root(const std::string& path) {
  schema::SchemaSet schemas = schema::load_schemas({path});
  if (schemas.ok()) return schemas;
  for (const schema::Diagnostic& d : schemas.diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
  return std::nullopt;
}

}  // namespace

int run_compat(int argc, char** argv) {
  std::vector<std::string> paths;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      std::fprintf(stderr, "pakt compat: unknown option '%s'\n%s", argv[i], kUsage);
      return 2;
    }
    paths.emplace_back(argv[i]);
  }
  if (paths.size() != 2) {
    std::fprintf(stderr, "pakt compat: give the old and the new schema\n%s", kUsage);
    return 2;
  }
  const std::optional<schema::SchemaSet> old_schemas = load_root(paths[0]);
  const std::optional<schema::SchemaSet> new_schemas = load_root(paths[1]);
  if (!old_schemas || !new_schemas) return 2;
  const std::vector<schema::Incompatibility> found =
      schema::compare_schemas(*old_schemas->roots.front(), *new_schemas->roots.front());
  for (const schema::Incompatibility& incompatibility : found) std::printf("%s\n", incompatibility.to_string().c_str());
  if (found.empty()) {
    std::printf("compatible\n");
    return 0;
  }
  std::printf("%zu incompatible change%s\n", found.size(), found.size() == 1 ? "" : "s");
  return 1;
}

}  // namespace pakt::cli
