#include "schema/naming.hpp"

#include <cctype>
#include <exception>
#include <map>
#include <utility>

#include <yaml-cpp/yaml.h>

#include "schema/bounded_regex.hpp"

namespace pakt::schema {
namespace {

const std::vector<std::pair<std::string, NameKind>> kKindNames = {{"package", NameKind::kPackage},
                                                                  {"message", NameKind::kMessage},
                                                                  {"enum", NameKind::kEnum},
                                                                  {"field", NameKind::kField},
                                                                  {"value", NameKind::kValue}};

// How a diagnostic names a kind: "field name 'x' ...".
std::string kind_text(NameKind kind) {
  switch (kind) {
    case NameKind::kPackage: return "package part";  // or the whole package, for `part: whole` rules
    case NameKind::kMessage: return "message name";
    case NameKind::kEnum: return "enum name";
    case NameKind::kField: return "field name";
    case NameKind::kValue: return "enum value name";
  }
  return "name";
}

struct DataError {
  std::string text;
};

[[noreturn]] void fail(const std::string& path, const YAML::Node& node, const std::string& message) {
  const YAML::Mark mark = node.Mark();
  throw DataError{path + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1) + ": " +
                  message};
}

std::vector<std::string> string_list(const std::string& path, const YAML::Node& node, const std::string& what) {
  if (!node.IsSequence()) fail(path, node, what + " must be a list");
  std::vector<std::string> out;
  for (const YAML::Node& item : node) {
    if (!item.IsScalar()) fail(path, item, what + " must hold names");
    out.push_back(item.Scalar());
  }
  return out;
}

// `refuse`, `rename` (with where and suffix) and `escape` (with prefix) rules share one shape.
enum class RuleList { kRefuse, kRename, kEscape };

NameRule read_rule(const std::string& path, const YAML::Node& node, RuleList list) {
  const bool rename = list == RuleList::kRename;
  if (!node.IsMap()) fail(path, node, "a rule must be a mapping with why, kinds and names, prefixes or pattern");
  NameRule rule;
  for (const auto& item : node) {
    const std::string key = item.first.Scalar();
    const YAML::Node& value = item.second;
    if (key == "why") {
      rule.why = value.Scalar();
    } else if (key == "kinds") {
      for (const std::string& kind : string_list(path, value, "kinds")) {
        bool known = false;
        for (const auto& [name, k] : kKindNames) {
          if (name == kind) rule.kinds.insert(k), known = true;
        }
        if (!known) fail(path, value, "unknown kind '" + kind + "' (package, message, enum, field, value)");
      }
    } else if (key == "names") {
      for (std::string& name : string_list(path, value, "names")) rule.names.insert(std::move(name));
    } else if (key == "prefixes") {
      rule.prefixes = string_list(path, value, "prefixes");
    } else if (key == "pattern") {
      try {
        rule.pattern.emplace(value.Scalar());
      } catch (const std::regex_error&) {
        fail(path, value, "pattern is not a regular expression");
      }
    } else if (key == "part") {
      if (value.Scalar() != "first" && value.Scalar() != "whole") {
        fail(path, value, "part must be 'first' (a package's first dotted part) or 'whole' (the dotted name)");
      }
      (value.Scalar() == "first" ? rule.first_part_only : rule.whole_package) = true;
    } else if (key == "ignore_case") {
      rule.ignore_case = value.Scalar() == "true";
    } else if (rename && key == "where") {
      rule.where = value.Scalar();
    } else if (rename && key == "suffix") {
      rule.suffix = value.Scalar();
    } else if (list == RuleList::kEscape && key == "prefix") {
      rule.escape = value.Scalar();
    } else {
      fail(path, item.first, "unknown key '" + key + "' in a rule");
    }
  }
  if (rule.why.empty() || rule.kinds.empty()) fail(path, node, "a rule needs why and kinds");
  if (rename && rule.suffix.empty()) fail(path, node, "a rename rule needs a suffix");
  return rule;
}

std::vector<NameRule> read_rules(const std::string& path, const YAML::Node& node, RuleList list) {
  std::vector<NameRule> out;
  if (!node) return out;
  if (!node.IsSequence()) fail(path, node, "must be a list of rules");
  for (const YAML::Node& item : node) out.push_back(read_rule(path, item, list));
  return out;
}

// One schema name to check: its kind, text and position.
struct Name {
  NameKind kind;
  std::string text;
  Location location;
  bool first_part = true;      // a package's first dotted part (other names: true)
  bool whole_package = false;  // the package's whole dotted name (checked by `part: whole` rules only)
};

// The names a language spells one way in one engine generation (`where`, "" for all of them).
std::string spelled(const LanguageNames& language, const std::string& where, NameKind kind, const std::string& name) {
  if (kind == NameKind::kValue && language.pascal_values) return pascal_case(name);
  for (const NameRule& rule : language.rename) {
    if ((rule.where.empty() || rule.where == where) && rule.kinds.count(kind) != 0 && rule.matches(name)) {
      return name + rule.suffix;
    }
  }
  return name;
}

// Names declared in one scope (a message's fields, an enum's values, a file's types): each
// generation's spellings must stay distinct.
void check_scope(const LanguageNames& language, const std::vector<Name>& scope, std::vector<Diagnostic>& errors) {
  std::vector<std::string> generations = {""};
  for (const NameRule& rule : language.rename) {
    if (!rule.where.empty()) generations.push_back(rule.where);
  }
  for (const std::string& where : generations) {
    std::map<std::string, const Name*> seen;
    for (const Name& name : scope) {
      const std::string spelling = spelled(language, where, name.kind, name.text);
      const auto [it, inserted] = seen.emplace(spelling, &name);
      if (inserted || it->second->text == name.text) continue;
      errors.push_back({name.location, kind_text(name.kind) + "s '" + it->second->text + "' (" +
                                           it->second->location.to_string() + ") and '" + name.text +
                                           "' are both spelled '" + spelling + "' in " + language.language +
                                           (where.empty() ? "" : " for " + where) + "; rename one"});
    }
  }
}

// Every refuse rule a name matches is one error (the first); every rename rule (one per engine
// generation) one warning.
void check_name(const LanguageNames& language, const Name& name, std::vector<Diagnostic>& errors,
                std::vector<Diagnostic>& warnings) {
  for (const NameRule& rule : language.refuse) {
    const bool applies = name.whole_package ? rule.whole_package
                                            : !rule.whole_package && (name.first_part || !rule.first_part_only);
    if (applies && rule.kinds.count(name.kind) != 0 && rule.matches(name.text)) {
      const std::string what = name.whole_package ? "package" : kind_text(name.kind);
      errors.push_back({name.location, what + " '" + name.text + "' " + rule.why + "; rename it"});
      return;
    }
  }
  for (const NameRule& rule : language.rename) {
    if (!name.whole_package && rule.kinds.count(name.kind) != 0 && rule.matches(name.text)) {
      warnings.push_back({name.location,
                          kind_text(name.kind) + " '" + name.text + "' is spelled '" + name.text + rule.suffix +
                              "' in " + language.language + (rule.where.empty() ? "" : " for " + rule.where) +
                              ": it " + rule.why,
                          true});
    }
  }
}

// The message and enum names a field of `schema` may refer to: its own and its imports'.
std::set<std::string> type_names_seen_from(const Schema& schema) {
  std::set<std::string> out;
  std::vector<const Schema*> files = {&schema};
  files.insert(files.end(), schema.imports.begin(), schema.imports.end());
  for (const Schema* s : files) {
    for (const auto& e : s->enums) out.insert(e->name);
    for (const auto& m : s->messages) out.insert(m->name);
  }
  return out;
}

void check_schema(const Schema& schema, const LanguageNames& language, std::vector<Diagnostic>& errors,
                  std::vector<Diagnostic>& warnings) {
  auto check = [&](const Name& name) { check_name(language, name, errors, warnings); };
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = schema.package.find('.', start);
    check({NameKind::kPackage, schema.package.substr(start, dot - start), schema.package_location, start == 0});
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (!schema.package.empty()) {
    check({NameKind::kPackage, schema.package, schema.package_location, true, true});
  }
  std::vector<Name> types;
  for (const auto& e : schema.enums) {
    types.push_back({NameKind::kEnum, e->name, e->location});
    std::vector<Name> values;
    for (const EnumValue& v : e->values) values.push_back({NameKind::kValue, v.name, v.location});
    for (const Name& v : values) check(v);
    check_scope(language, values, errors);
  }
  const std::set<std::string> visible_types = type_names_seen_from(schema);
  for (const auto& m : schema.messages) {
    types.push_back({NameKind::kMessage, m->name, m->location});
    std::vector<Name> fields;
    for (const Field& f : m->fields) {
      fields.push_back({NameKind::kField, f.name, f.location});
      if (language.refuse_field_named_like_message && f.name == m->name) {
        errors.push_back({f.location, "field name '" + f.name + "' is its message's name, which a " +
                                          language.language + " class member cannot have; rename it"});
      } else if (language.refuse_field_named_like_type && visible_types.count(f.name) != 0) {
        errors.push_back({f.location, "field name '" + f.name + "' is the name of a type, which " +
                                          language.language + " cannot tell apart from the field; rename it"});
      }
    }
    for (const Name& f : fields) check(f);
    check_scope(language, fields, errors);
  }
  for (const Name& t : types) check(t);
  check_scope(language, types, errors);
}

}  // namespace

bool NameRule::matches(const std::string& written) const {
  std::string name = written;
  if (ignore_case) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (names.count(name) != 0) return true;
  for (const std::string& prefix : prefixes) {
    if (name.compare(0, prefix.size(), prefix) == 0) return true;
  }
  return pattern && bounded_regex_search(name, *pattern);
}

std::string pascal_case(const std::string& name) {
  std::string out;
  bool upper = true;
  for (char c : name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out.empty() ? name : out;
}

bool load_language_names(const std::string& path, LanguageNames& out, std::string& error) {
  try {
    const YAML::Node root = YAML::LoadFile(path);
    if (!root.IsMap()) fail(path, root, "must be a mapping (language, refuse, rename, ...)");
    out = LanguageNames{};
    out.file = path;
    for (const auto& item : root) {
      const std::string key = item.first.Scalar();
      const YAML::Node& value = item.second;
      if (key == "language") {
        out.language = value.Scalar();
      } else if (key == "refuse") {
        out.refuse = read_rules(path, value, RuleList::kRefuse);
      } else if (key == "rename") {
        out.rename = read_rules(path, value, RuleList::kRename);
      } else if (key == "escape") {
        read_rules(path, value, RuleList::kEscape);  // checked, not applied: an escaped name cannot collide
      } else if (key == "value_case") {
        if (value.Scalar() != "pascal" && value.Scalar() != "as_written") {
          fail(path, value, "value_case must be pascal or as_written");
        }
        out.pascal_values = value.Scalar() == "pascal";
      } else if (key == "field_named_like_its_message" || key == "field_named_like_a_type") {
        if (value.Scalar() != "refuse" && value.Scalar() != "allow") fail(path, value, key + " must be refuse or allow");
        (key == "field_named_like_a_type" ? out.refuse_field_named_like_type : out.refuse_field_named_like_message) =
            value.Scalar() == "refuse";
      } else {
        fail(path, item.first, "unknown key '" + key + "'");
      }
    }
    if (out.language.empty()) fail(path, root, "missing key 'language'");
    return true;
  } catch (const DataError& e) {
    error = e.text;
  } catch (const YAML::Exception& e) {
    error = path + ": " + e.what();
  }
  return false;
}

void check_language_names(const SchemaSet& schemas, const std::vector<LanguageNames>& languages,
                          std::vector<Diagnostic>& errors, std::vector<Diagnostic>& warnings) {
  for (const LanguageNames& language : languages) {
    for (const auto& schema : schemas.all) check_schema(*schema, language, errors, warnings);
  }
}

}  // namespace pakt::schema
