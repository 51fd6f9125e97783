#include "load_schemas.hpp"

#include <cstdio>

#include "generator_dir.hpp"
#include "schema/naming.hpp"

namespace pakt::cli {
namespace {

// Every back end's names.yaml (generator/pakt_gen/<lang>/names.yaml), or false after printing why.
bool load_naming_rules(std::vector<schema::LanguageNames>& out, std::vector<std::string>& langs) {
  const GeneratorDir generator = find_generator_dir();
  if (!generator.error.empty()) {
    std::fprintf(stderr, "pakt: error: %s (it holds the naming rules of every language)\n", generator.error.c_str());
    return false;
  }
  const std::vector<std::string> back_ends = back_end_languages(generator.path);
  if (back_ends.empty()) {
    std::fprintf(stderr, "pakt: error: no language in %s/pakt_gen (a folder with a names.yaml)\n",
                 generator.path.c_str());
    return false;
  }
  for (const std::string& lang : back_ends) {
    schema::LanguageNames names;
    std::string error;
    if (!schema::load_language_names(generator.path + "/pakt_gen/" + lang + "/names.yaml", names, error)) {
      std::fprintf(stderr, "pakt: error: the naming rules of %s: %s\n", lang.c_str(), error.c_str());
      return false;
    }
    out.push_back(std::move(names));
    langs.push_back(lang);
  }
  return true;
}

}  // namespace

std::optional<schema::SchemaSet> load_valid_schemas(const std::vector<std::string>& paths,
                                                    const std::vector<std::string>& import_dirs,
                                                    const NameWarnings& wanted) {
  schema::SchemaSet schemas = schema::load_schemas(paths, import_dirs);
  std::vector<schema::LanguageNames> languages;
  std::vector<std::string> langs;
  if (!load_naming_rules(languages, langs)) return std::nullopt;
  std::vector<schema::Diagnostic> shown;
  for (std::size_t i = 0; i < languages.size(); ++i) {
    std::vector<schema::Diagnostic> warnings;
    schema::check_language_names(schemas, {languages[i]}, schemas.diagnostics, warnings);
    if (wanted.all || wanted.lang == langs[i]) shown.insert(shown.end(), warnings.begin(), warnings.end());
  }
  schemas.diagnostics = schema::sorted_unique(std::move(schemas.diagnostics));
  // Warnings and errors in one list, in file order.
  shown.insert(shown.end(), schemas.diagnostics.begin(), schemas.diagnostics.end());
  for (const schema::Diagnostic& d : schema::sorted_unique(std::move(shown))) {
    std::fprintf(stderr, "%s\n", d.to_string().c_str());
  }
  if (schemas.ok()) return schemas;
  const std::size_t n = schemas.diagnostics.size();
  std::fprintf(stderr, "%zu error%s\n", n, n == 1 ? "" : "s");
  return std::nullopt;
}

}  // namespace pakt::cli
