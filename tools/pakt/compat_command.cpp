// pakt compat OLD.yaml NEW.yaml: the changes from OLD to NEW that break peers still using OLD,
// with the rules and the report of docs/evolution.md.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "schema/compat.hpp"
#include "schema/loader.hpp"

namespace pakt::cli {
namespace {

// Loads one root schema; prints its diagnostics on errors.
std::optional<schema::SchemaSet> load_root(const std::string& path) {
  schema::SchemaSet schemas = schema::load_schemas({path});
  if (schemas.ok()) return schemas;
  for (const schema::Diagnostic& d : schemas.diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
  return std::nullopt;
}


struct CompatOptions {
  std::string old_schema;
  std::string new_schema;
};

int run_compat(const CompatOptions& options) {
  const std::optional<schema::SchemaSet> old_schemas = load_root(options.old_schema);
  const std::optional<schema::SchemaSet> new_schemas = load_root(options.new_schema);
  if (!old_schemas || !new_schemas) return 2;
  std::vector<schema::CompatNote> notes;
  const std::vector<schema::Incompatibility> found =
      schema::compare_schemas(*old_schemas->roots.front(), *new_schemas->roots.front(), &notes);
  for (const schema::Incompatibility& incompatibility : found) std::printf("%s\n", incompatibility.to_string().c_str());
  if (found.empty()) {
    // Compatible changes that packed peers must know about, before the verdict.
    for (const schema::CompatNote& note : notes) std::printf("%s\n", note.to_string().c_str());
    std::printf("compatible\n");
    return 0;
  }
  std::printf("%zu incompatible change%s\n", found.size(), found.size() == 1 ? "" : "s");
  return 1;
}

void add_compat(CommandLine& line) {
  CompatOptions& compat = line.options<CompatOptions>();
  CLI::App* compat_app = line.command(
      &line.app, "compat",
      "list the changes from an old schema to a new one that break old peers\n"
      "\n"
      "Lists every change from OLD to NEW (and the schemas they import) that breaks peers still on\n"
      "OLD: a type, limit, code or enum value changed, a field removed, renamed, reordered or inserted\n"
      "before the end, an appended field whose since: is not above OLD's version, a final message\n"
      "changed. Each is printed as 'new.yaml:line:col: error: ...' and 'old.yaml:line:col: note:\n"
      "previous version'.",
      "exit codes: 0 compatible, 1 incompatible, 2 a schema has errors or usage error",
      [&compat] { return run_compat(compat); });
  compat_app->add_option("OLD.yaml", compat.old_schema, "the schema peers still use")->required();
  compat_app->add_option("NEW.yaml", compat.new_schema, "the changed schema")->required();
}

const CommandRegistration kCompat{60, add_compat};

}  // namespace
}  // namespace pakt::cli
