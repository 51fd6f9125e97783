// PythonValue: a YAML value as the generator (PyYAML, YAML 1.1, SafeLoader) sees it, so that the
// run-time loader applies the same rules and prints values the way Python's str() does.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace pakt::schema {

// A Python int: arbitrary precision there; here 64 bits of magnitude and a flag beyond that.
struct PythonInt {
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool beyond_64_bits = false;
  std::string decimal;  // str(value)

  bool fits(std::int64_t lo, std::uint64_t hi) const;
  std::int64_t as_int64() const;  // callers check fits() first
  std::uint64_t as_uint64() const;
  double as_double() const;
};

struct PythonValue {
  struct None {};
  using List = std::vector<PythonValue>;
  using Dict = std::vector<std::pair<PythonValue, PythonValue>>;  // insertion order, keys unique
  std::variant<None, bool, PythonInt, double, std::string, List, Dict> data;

  bool is_none() const { return std::holds_alternative<None>(data); }
  bool is_bool() const { return std::holds_alternative<bool>(data); }
  bool is_int() const { return std::holds_alternative<PythonInt>(data); }
  bool is_float() const { return std::holds_alternative<double>(data); }
  bool is_number() const { return is_int() || is_float(); }
  bool is_str() const { return std::holds_alternative<std::string>(data); }
  bool is_list() const { return std::holds_alternative<List>(data); }
  bool is_dict() const { return std::holds_alternative<Dict>(data); }
  bool as_bool() const { return std::get<bool>(data); }
  const PythonInt& as_int() const { return std::get<PythonInt>(data); }
  double as_float() const { return std::get<double>(data); }
  double as_number() const { return is_int() ? as_int().as_double() : as_float(); }
  const std::string& as_str() const { return std::get<std::string>(data); }
  const List& as_list() const { return std::get<List>(data); }
  const Dict& as_dict() const { return std::get<Dict>(data); }
  const PythonValue* find(const std::string& key) const;  // a dict's value under a str key
};

// PyYAML's implicit resolution of a plain (unquoted) scalar: null, bool, int, float or str.
PythonValue resolve_plain_scalar(const std::string& text);

// yaml_source.value(): scalars resolved by tag, collections converted recursively.
PythonValue construct(const YAML::Node& node);

bool is_null_node(const YAML::Node& node);

// str() and repr() as Python prints them.
std::string python_str(const PythonValue& value);
std::string python_repr(const PythonValue& value);
std::string python_float_repr(double value);

// str.strip(): the text without leading and trailing Unicode whitespace (UTF-8 in and out).
std::string python_strip(const std::string& text);

}  // namespace pakt::schema
