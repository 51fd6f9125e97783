#include "schema/yaml_value.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>

#include "pakt_internal/hex.hpp"
#include "schema/bounded_regex.hpp"

namespace pakt::schema {
namespace {

// The implicit types of a plain scalar (YAML 1.1), in the order they are tried.
const std::regex kBool("yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF");
const std::regex kFloat(
    "[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?|\\.[0-9_]+(?:[eE][-+][0-9]+)?"
    "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN)");
const std::regex kInt(
    "[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
    "|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+");
const std::regex kNull("~|null|Null|NULL|");

std::string without_underscores(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c != '_') out += c;
  }
  return out;
}

// Splits a leading sign off; returns true for '-'.
bool take_sign(std::string& text) {
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    const bool negative = text[0] == '-';
    text.erase(0, 1);
    return negative;
  }
  return false;
}

YamlInt make_int(bool negative, std::uint64_t magnitude, bool beyond) {
  YamlInt v;
  v.negative = negative && (magnitude != 0 || beyond);
  v.magnitude = magnitude;
  v.beyond_64_bits = beyond;
  return v;
}

// Accumulates digits of the given base; sets beyond on overflow of 64 bits.
void accumulate(std::uint64_t& value, bool& beyond, unsigned digit, unsigned base) {
  if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / base) beyond = true;
  value = value * base + digit;
}

unsigned digit_value(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
  return static_cast<unsigned>(c - 'A' + 10);
}

// An int matched by kInt: sign, underscores, 0b / 0x / leading-0 octal / base 60 (1:30) / decimal.
YamlInt int_value(const std::string& text) {
  std::string s = without_underscores(text);
  const bool negative = take_sign(s);
  std::uint64_t value = 0;
  bool beyond = false;
  std::string decimal;
  if (s == "0") {
    // zero
  } else if (s.rfind("0b", 0) == 0) {
    for (char c : s.substr(2)) accumulate(value, beyond, digit_value(c), 2);
  } else if (s.rfind("0x", 0) == 0) {
    for (char c : s.substr(2)) accumulate(value, beyond, digit_value(c), 16);
  } else if (s[0] == '0') {
    for (char c : s.substr(1)) accumulate(value, beyond, digit_value(c), 8);
  } else if (s.find(':') != std::string::npos) {
    std::uint64_t part = 0;
    for (char c : s) {
      if (c == ':') {
        accumulate(value, beyond, 0, 60);
        value += part;  // parts are below 60 after the first
        part = 0;
      } else {
        part = part * 10 + digit_value(c);
      }
    }
    accumulate(value, beyond, 0, 60);
    value += part;
  } else {
    for (char c : s) accumulate(value, beyond, digit_value(c), 10);
    decimal = s;  // exact even beyond 64 bits
  }
  YamlInt v = make_int(negative, value, beyond);
  if (decimal.empty() || !beyond) decimal = std::to_string(value);
  v.decimal = (v.negative ? "-" : "") + decimal;
  return v;
}

// A float matched by kFloat: sign, underscores, .inf / .nan, base 60 (1:30.5), decimal.
double float_value(const std::string& text) {
  std::string s = without_underscores(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool negative = take_sign(s);
  const double sign = negative ? -1.0 : 1.0;
  if (s == ".inf") return sign * std::numeric_limits<double>::infinity();
  if (s == ".nan") return std::numeric_limits<double>::quiet_NaN();
  if (s.find(':') != std::string::npos) {
    double value = 0;
    std::size_t start = 0;
    for (;;) {
      const std::size_t colon = s.find(':', start);
      value = value * 60 + std::strtod(s.substr(start, colon - start).c_str(), nullptr);
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
    return sign * value;
  }
  return sign * std::strtod(s.c_str(), nullptr);
}

// Text inside a list or map of a diagnostic: quoted with ' (or " when it holds ' and no "), the
// quote, \ and control characters escaped.
std::string quoted_text(const std::string& s) {
  const bool has_single = s.find('\'') != std::string::npos;
  const bool has_double = s.find('"') != std::string::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\x" + internal::to_hex(&u, 1);
    } else {
      out += c;
    }
  }
  out += quote;
  return out;
}

// The shortest text that reads back as the same double: scientific ("1e+39", "1.5e-05") below
// 1e-4 and from 1e16 on, positional ("0.001", "123.0") between; "nan", "inf", "-inf".
std::string float_text(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[64];
  const auto result = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  const std::string sci(buf, result.ptr);  // "-1.2345e+15"
  const std::size_t e = sci.find('e');
  std::string mantissa = sci.substr(0, e);
  const int exponent = std::atoi(sci.c_str() + e + 1);
  const bool negative = mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  std::string digits;
  for (char c : mantissa) {
    if (c != '.') digits += c;
  }
  const int point = exponent + 1;  // digits = 0.d1d2... * 10^point
  std::string out = negative ? "-" : "";
  if (point <= -4 || point > 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return out + exp;
  }
  if (point <= 0) return out + "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  const auto whole = static_cast<std::size_t>(point);
  if (digits.size() <= whole) return out + digits + std::string(whole - digits.size(), '0') + ".0";
  return out + digits.substr(0, whole) + "." + digits.substr(whole);
}

// A value inside a list or map of a diagnostic: text quoted, anything else as value_text().
std::string quoted_value_text(const YamlValue& value) {
  if (value.is_str()) return quoted_text(value.as_str());
  return value_text(value);
}

}  // namespace

bool YamlInt::fits(std::int64_t lo, std::uint64_t hi) const {
  if (beyond_64_bits) return false;
  if (negative) {
    if (lo >= 0) return false;
    const std::uint64_t lowest_magnitude = static_cast<std::uint64_t>(-(lo + 1)) + 1;
    return magnitude <= lowest_magnitude;
  }
  return magnitude <= hi && (lo <= 0 || magnitude >= static_cast<std::uint64_t>(lo));
}

std::int64_t YamlInt::as_int64() const {
  if (negative) return magnitude == 0 ? 0 : -static_cast<std::int64_t>(magnitude - 1) - 1;
  return static_cast<std::int64_t>(magnitude);
}

std::uint64_t YamlInt::as_uint64() const { return magnitude; }

double YamlInt::as_double() const {
  if (beyond_64_bits) return std::strtod(decimal.c_str(), nullptr);
  const double m = static_cast<double>(magnitude);
  return negative ? -m : m;
}

const YamlValue* YamlValue::find(const std::string& key) const {
  for (const auto& [k, v] : as_map()) {
    if (k.is_str() && k.as_str() == key) return &v;
  }
  return nullptr;
}

YamlValue resolve_plain_scalar(const std::string& text) {
  YamlValue v;
  if (bounded_regex_match(text, kBool)) {
    const char c = text[0];
    v.data = c == 'y' || c == 'Y' || c == 't' || c == 'T' || text == "on" || text == "On" || text == "ON";
  } else if (bounded_regex_match(text, kFloat)) {
    v.data = float_value(text);
  } else if (bounded_regex_match(text, kInt)) {
    v.data = int_value(text);
  } else if (bounded_regex_match(text, kNull)) {
    v.data = YamlValue::None{};
  } else {
    v.data = text;
  }
  return v;
}

YamlValue yaml_value(const YAML::Node& node) {
  YamlValue v;
  if (node.IsScalar()) {
    // Other tags than !!str are refused before values are read (check_tags).
    if (node.Tag() == "?") return resolve_plain_scalar(node.Scalar());
    v.data = node.Scalar();  // quoted, or tagged !!str
  } else if (node.IsSequence()) {
    YamlValue::List list;
    for (const YAML::Node& item : node) list.push_back(yaml_value(item));
    v.data = std::move(list);
  } else if (node.IsMap()) {
    YamlValue::Map map;
    for (auto it = node.begin(); it != node.end(); ++it) {
      YamlValue key = yaml_value(it->first);
      YamlValue value = yaml_value(it->second);
      bool replaced = false;
      for (auto& entry : map) {
        if (quoted_value_text(entry.first) == quoted_value_text(key)) {  // a repeated key: the last value wins
          entry.second = value;
          replaced = true;
        }
      }
      if (!replaced) map.emplace_back(std::move(key), std::move(value));
    }
    v.data = std::move(map);
  }
  return v;
}

namespace {

// [-+]? digits [. digits]? [eE] [-+]? digits (digits may hold '_'; at least one before the exponent):
// a number to a reader, text to YAML 1.1 unless it has a dot and a signed exponent. A loop, not
// std::regex, whose recursion a long scalar could run off the stack.
bool looks_like_exponent_number(const std::string& text) {
  std::size_t i = 0;
  const auto digits = [&](bool underscores) {
    const std::size_t from = i;
    while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || (underscores && text[i] == '_'))) ++i;
    return i > from;
  };
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  bool mantissa = digits(true);
  if (i < text.size() && text[i] == '.') {
    ++i;
    mantissa = digits(true) || mantissa;
  }
  if (!mantissa || i >= text.size() || (text[i] != 'e' && text[i] != 'E')) return false;
  ++i;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  return digits(false) && i == text.size();
}

}  // namespace

const char* non_text_reading(const YamlValue& value) {
  if (value.is_bool()) return "a YAML boolean";
  if (value.is_number()) return "a YAML number";
  return value.is_none() ? "YAML's null" : nullptr;
}

std::string yaml_reading_hint(const YamlValue& value, bool want_text) {
  if (want_text) {
    const char* reads_as = non_text_reading(value);
    return reads_as == nullptr ? "" : std::string(" (unquoted, it reads as ") + reads_as + "; quote it)";
  }
  if (!value.is_str() || !looks_like_exponent_number(value.as_str())) return "";
  return " ('" + value.as_str() +
         "' reads as YAML text: a number with an exponent needs a dot and a signed exponent, as in 1.0e-3 or "
         "2.5e+4; or write it without one)";
}

std::string value_text(const YamlValue& value) {
  if (value.is_none()) return "None";
  if (value.is_bool()) return value.as_bool() ? "True" : "False";
  if (value.is_int()) return value.as_int().decimal;
  if (value.is_float()) return float_text(value.as_float());
  if (value.is_str()) return value.as_str();
  std::string out;
  if (value.is_list()) {
    out = "[";
    for (const YamlValue& item : value.as_list()) {
      if (out.size() > 1) out += ", ";
      out += quoted_value_text(item);
    }
    return out + "]";
  }
  out = "{";
  for (const auto& [k, v] : value.as_map()) {
    if (out.size() > 1) out += ", ";
    out += quoted_value_text(k) + ": " + quoted_value_text(v);
  }
  return out + "}";
}

}  // namespace pakt::schema

namespace pakt::schema {
namespace {

// Unicode whitespace: White_Space code points, and U+001C..U+001F (information separators).
bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// The code point of the UTF-8 sequence text[at, at + length); text is valid UTF-8 (the loader checks).
char32_t code_point(const std::string& text, std::size_t at, std::size_t length) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  if (length == 1) return byte(0);
  char32_t c = byte(0) & (0xFFu >> (length + 1));
  for (std::size_t i = 1; i < length; ++i) c = (c << 6) | (byte(i) & 0x3Fu);
  return c;
}

std::size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  return 4;
}

}  // namespace

std::string strip_whitespace(const std::string& text) {
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t n = std::min(sequence_length(static_cast<unsigned char>(text[begin])), text.size() - begin);
    if (!is_space(code_point(text, begin, n))) break;
    begin += n;
  }
  std::size_t end = text.size();
  while (end > begin) {
    std::size_t start = end - 1;
    while (start > begin && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
    if (!is_space(code_point(text, start, end - start))) break;
    end = start;
  }
  return text.substr(begin, end - begin);
}

}  // namespace pakt::schema
