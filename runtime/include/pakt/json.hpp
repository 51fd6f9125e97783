// JSON output, for reading payloads and for comparing sizes with Unity's JsonUtility.
//   JsonStyle::kUnity    — what JsonUtility.ToJson writes: no spaces, float32 values widened to
//                          double and printed with 17 significant digits, integral floats as "62.0",
//                          vectors as {"x":..,"y":..}.
//   JsonStyle::kShortest — the shortest text that reads back to the same float.
// NaN and infinities (not JSON numbers) are written as the strings "NaN", "Infinity", "-Infinity".
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

#include "pakt/math_types.hpp"
#include "pakt/type_traits.hpp"

namespace pakt {

enum class JsonStyle { kUnity, kShortest };

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out, JsonStyle style) : out_(out), style_(style) {}
  JsonStyle style() const { return style_; }

  void begin_object() { separate(), out_ += '{', first_ = true; }
  void end_object() { out_ += '}', first_ = false; }
  void begin_array() { separate(), out_ += '[', first_ = true; }
  void end_array() { out_ += ']', first_ = false; }
  void key(const char* name) {
    separate();
    string_text(name, std::strlen(name));
    out_ += ':';
    first_ = true;  // the value that follows needs no comma
  }
  void null() { separate(), out_ += "null"; }
  void boolean(bool b) { separate(), out_ += b ? "true" : "false"; }
  template <class I>
  void integer(I v) {
    separate();
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, res.ptr);
  }
  void number(float v) { real(static_cast<double>(v), true); }
  void number(double v) { real(v, false); }
  void string(const std::string& s) { separate(), string_text(s.data(), s.size()); }

 private:
  void separate() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  void real(double d, bool is_float32) {
    separate();
    if (std::isnan(d)) {
      out_ += "\"NaN\"";
      return;
    }
    if (std::isinf(d)) {
      out_ += d > 0 ? "\"Infinity\"" : "\"-Infinity\"";
      return;
    }
    char buf[40];
    char* end;
    if (style_ == JsonStyle::kUnity) {
      int n = std::snprintf(buf, sizeof buf, "%.17g", d);
      end = buf + n;
      if (std::strpbrk(buf, ".e") == nullptr) {
        *end++ = '.';
        *end++ = '0';
      }
    } else if (is_float32) {
      end = std::to_chars(buf, buf + sizeof buf, static_cast<float>(d)).ptr;
    } else {
      end = std::to_chars(buf, buf + sizeof buf, d).ptr;
    }
    out_.append(buf, end);
  }
  void string_text(const char* s, std::size_t n) {
    out_ += '"';
    for (std::size_t i = 0; i < n; ++i) {
      const char c = s[i];
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\r': out_ += "\\r"; break;
        case '\t': out_ += "\\t"; break;
        case '\b': out_ += "\\b"; break;
        case '\f': out_ += "\\f"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char esc[8];
            std::snprintf(esc, sizeof esc, "\\u%04x", static_cast<unsigned>(c));
            out_ += esc;
          } else {
            out_ += c;
          }
      }
    }
    out_ += '"';
  }

  std::string& out_;
  JsonStyle style_;
  bool first_ = true;
};

// WriteJson: one value. Messages plug in through WriteJsonMessage (argument-dependent lookup).
template <class T>
void WriteJson(JsonWriter& j, const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    j.boolean(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    j.number(v);
  } else if constexpr (std::is_integral_v<T>) {
    j.integer(v);
  } else if constexpr (std::is_enum_v<T>) {
    j.integer(static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (std::is_same_v<T, std::string>) {
    j.string(v);
  } else if constexpr (std::is_same_v<T, Vector2> || std::is_same_v<T, Vector2i>) {
    j.begin_object(), j.key("x"), WriteJson(j, v.x), j.key("y"), WriteJson(j, v.y), j.end_object();
  } else if constexpr (std::is_same_v<T, Vector3> || std::is_same_v<T, Vector3i>) {
    j.begin_object(), j.key("x"), WriteJson(j, v.x), j.key("y"), WriteJson(j, v.y);
    j.key("z"), WriteJson(j, v.z), j.end_object();
  } else if constexpr (std::is_same_v<T, Quaternion>) {
    j.begin_object(), j.key("x"), WriteJson(j, v.x), j.key("y"), WriteJson(j, v.y);
    j.key("z"), WriteJson(j, v.z), j.key("w"), WriteJson(j, v.w), j.end_object();
  } else if constexpr (std::is_same_v<T, Color>) {
    j.begin_object(), j.key("r"), WriteJson(j, v.r), j.key("g"), WriteJson(j, v.g);
    j.key("b"), WriteJson(j, v.b), j.key("a"), WriteJson(j, v.a), j.end_object();
  } else if constexpr (is_vector_v<T> || is_std_array_v<T>) {
    j.begin_array();
    for (const auto& e : v) WriteJson(j, static_cast<const typename T::value_type&>(e));
    j.end_array();
  } else if constexpr (is_optional_v<T>) {
    if (v.has_value()) {
      WriteJson(j, *v);
    } else {
      j.null();
    }
  } else if constexpr (is_message_v<T>) {
    WriteJsonMessage(j, v);
  } else {
    static_assert(always_false_v<T>, "pakt: this type has no JSON form");
  }
}

template <class M>
std::string ToJsonString(const M& m, JsonStyle style) {
  std::string out;
  JsonWriter j(out, style);
  WriteJson(j, m);
  return out;
}

}  // namespace pakt
