#include "front_end.hpp"

#include <cstdio>

namespace pakt::cli {

std::optional<schema::SchemaSet> load_valid_schemas(const std::vector<std::string>& paths,
                                                    const std::vector<std::string>& import_dirs) {
  schema::SchemaSet schemas = schema::load_schemas(paths, import_dirs);
  if (schemas.ok()) return schemas;
  for (const schema::Diagnostic& d : schemas.diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
  const std::size_t n = schemas.diagnostics.size();
  std::fprintf(stderr, "%zu error%s\n", n, n == 1 ? "" : "s");
  return std::nullopt;
}

}  // namespace pakt::cli
