// YamlValue: a schema's YAML value (a default, an example, an option) as the front end reads it.
// Scalars resolve by the rules of docs/cli.md "How plain scalars resolve" (YAML 1.1's implicit
// types, resolve_plain_scalar); diagnostics show values with value_text().
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace pakt::schema {

// An integer as written: 64 bits of magnitude, and a flag when it needs more (then only its
// decimal text and its nearest double are known).
struct YamlInt {
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool beyond_64_bits = false;
  std::string decimal;  // the value in decimal, e.g. "-17" for -0x11

  bool fits(std::int64_t lo, std::uint64_t hi) const;
  std::int64_t as_int64() const;  // callers check fits() first
  std::uint64_t as_uint64() const;
  double as_double() const;
};

struct YamlValue {
  struct None {};
  using List = std::vector<YamlValue>;
  using Map = std::vector<std::pair<YamlValue, YamlValue>>;  // in document order, keys unique
  std::variant<None, bool, YamlInt, double, std::string, List, Map> data;

  bool is_none() const { return std::holds_alternative<None>(data); }
  bool is_bool() const { return std::holds_alternative<bool>(data); }
  bool is_int() const { return std::holds_alternative<YamlInt>(data); }
  bool is_float() const { return std::holds_alternative<double>(data); }
  bool is_number() const { return is_int() || is_float(); }
  bool is_str() const { return std::holds_alternative<std::string>(data); }
  bool is_list() const { return std::holds_alternative<List>(data); }
  bool is_map() const { return std::holds_alternative<Map>(data); }
  bool as_bool() const { return std::get<bool>(data); }
  const YamlInt& as_int() const { return std::get<YamlInt>(data); }
  double as_float() const { return std::get<double>(data); }
  double as_number() const { return is_int() ? as_int().as_double() : as_float(); }
  const std::string& as_str() const { return std::get<std::string>(data); }
  const List& as_list() const { return std::get<List>(data); }
  const Map& as_map() const { return std::get<Map>(data); }
  const YamlValue* find(const std::string& key) const;  // a map's value under a text key
};

// A plain (unquoted) scalar: bool, float, int, null or text, tried in that order.
YamlValue resolve_plain_scalar(const std::string& text);

// Why a value is not the number or text a schema wants, when YAML 1.1 is the reason: " ('1e-3'
// reads as YAML text: a number with an exponent needs a dot and a signed exponent, as in 1.0e-3
// ...)" for text that looks like a number; for a boolean or number where text is wanted
// (want_text), " (unquoted, it reads as a YAML boolean; quote it)"; "" otherwise.
std::string yaml_reading_hint(const YamlValue& value, bool want_text);

// What a value that is not text reads as ("a YAML boolean", "a YAML number", "YAML's null"), or
// nullptr for text, lists and maps: the one classification of both hints.
const char* non_text_reading(const YamlValue& value);

// A node's value: plain scalars resolved, quoted (or !!str) scalars as text, collections
// converted recursively; a key repeated in a mapping keeps its last value.
YamlValue yaml_value(const YAML::Node& node);

// A value as diagnostics show it: text as is, None/True/False, integers in decimal, floats in
// their shortest round-trip form ("1e+39", "0.1", "inf"), lists and maps with quoted texts
// ("[1, 'a']", "{'x': 1.5}").
std::string value_text(const YamlValue& value);

// The text without leading and trailing Unicode whitespace (UTF-8 in and out): doc strings.
std::string strip_whitespace(const std::string& text);

}  // namespace pakt::schema
