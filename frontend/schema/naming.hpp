// The naming rule (docs/names.md): which schema names each target language can spell, and how.
//
// Each back end declares, as data in generator/pakt_gen/<lang>/names.yaml, the names its language and
// its generated code do not let a schema name be (keywords, engine classes, generated members and
// types, reserved prefixes and patterns) and the names it spells differently (Godot 3's built-in
// functions get a trailing '_'). The front end applies every language's file to every schema, so
// `pakt check` refuses what any back end would refuse, at the name's file:line:col, naming the
// language and the rule; a rename is a warning there, never silent.
#pragma once

#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "schema/diagnostics.hpp"
#include "schema/loader.hpp"

namespace pakt::schema {

// The kinds of schema names a rule can apply to.
enum class NameKind { kPackage, kMessage, kEnum, kField, kValue };

struct NameRule {
  std::string why;  // "is a C++ keyword": the diagnostic's reason
  std::set<NameKind> kinds;
  std::set<std::string> names;
  std::vector<std::string> prefixes;
  std::optional<std::regex> pattern;  // searched in the name
  bool first_part_only = false;       // `part: first`: a package's first dotted part only
  bool whole_package = false;         // `part: whole`: the package's whole dotted name only
  bool ignore_case = false;           // `ignore_case: true`: names are listed in lower case
  std::string where;                  // rename rules: the engine generation ("Godot 3"), may be ""
  std::string suffix;                 // rename rules: appended to the name
  std::string escape;                 // escape rules: written before the name (C#'s '@')

  bool matches(const std::string& name) const;
};

struct LanguageNames {
  std::string language;  // "C++", "C#", "GDScript"
  std::string file;      // the names.yaml it came from
  std::vector<NameRule> refuse;
  std::vector<NameRule> rename;
  bool pascal_values = false;                // value_case: pascal
  bool refuse_field_named_like_message = false;  // field_named_like_its_message: refuse
  bool refuse_field_named_like_type = false;     // field_named_like_a_type: refuse
};

// Reads one names.yaml; false and `error` (file:line:col: ...) when it is malformed.
[[nodiscard]] bool load_language_names(const std::string& path, LanguageNames& out, std::string& error);

// Applies every language's rules to the names of every schema of `schemas` (imports included):
// refused names and spellings that collide become errors, renames warnings.
void check_language_names(const SchemaSet& schemas, const std::vector<LanguageNames>& languages,
                          std::vector<Diagnostic>& errors, std::vector<Diagnostic>& warnings);

// `tank` -> `Tank`, `big_tank` -> `BigTank`: C#'s spelling of an enum value.
std::string pascal_case(const std::string& name);

}  // namespace pakt::schema
