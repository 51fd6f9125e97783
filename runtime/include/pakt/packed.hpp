// The packed format (docs/packed.md): every wire rule of it, once, for the generated code and the
// run-time codec (tools/pakt/dynamic/packed_codec.cpp).
//
// A field's encoding is a *code*, computed by the front end from its type and options and spelled
// by the generated code as constants: Bool, Raw, Varint, Ranged, Quantized, SmallestThree for
// leaf values; Text, Blob for strings and bytes; List<C>, Array<C>, Optional<C> around an element
// code; Message for a nested message (the generated WritePackedMessage/ReadPackedMessage/
// SamePacked/WritePackedDelta/ReadPackedDelta, found by argument-dependent lookup).
//
// Write returns false after recording an encode error (a value outside its range) in the
// BitWriter; Read returns false after recording a decode error in the BitReader; Same says whether
// two values have the same encoding (a delta's "changed" bit is its negation).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "pakt/bit_stream.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/config.hpp"
#include "pakt/error_state.hpp"
#include "pakt/math_types.hpp"
#include "pakt/message_rules.hpp"
#include "pakt/message_traits.hpp"
#include "pakt/serialize.hpp"
#include "pakt/status.hpp"
#include "pakt/utf8.hpp"

namespace pakt {

// The format tag: Serialize(m, out, pakt::packed), Deserialize(bytes, m, pakt::packed) and, for
// messages with `delta: true`, the same with a baseline.
struct packed_t {
  static constexpr const char* kName = "packed";
};
inline constexpr packed_t packed{};

namespace packing {

// ------------------------------------------------------------------------------------ codes
struct Bool {};
struct Raw {};     // int8/uint8: 8 bits; float32: 32; float64: 64; vectors: each component raw
struct Varint {};  // unsigned LEB128 in 8-bit groups; signed types zig-zag first
struct Ranged {    // value - min in `bits` bits
  std::int64_t min;
  std::uint64_t span;  // max - min
  int bits;            // BitWidth(span)
};
struct Quantized {  // q = round((v - min) * steps / (max - min)) in `bits` bits
  constexpr Quantized(double min_value, double max_value, std::uint64_t step_count, int bit_count) noexcept
      : min(min_value),
        max(max_value),
        steps(step_count),
        bits(bit_count),
        scale(static_cast<double>(step_count) / (max_value - min_value)),
        step((max_value - min_value) / static_cast<double>(step_count)) {}
  double min;
  double max;
  std::uint64_t steps;
  int bits;  // BitWidth(steps)
  // Computed once (at compile time for the generated codes' constants): the quantizer multiplies by
  // them, and falls back to the rule's division only where that could round otherwise (detail::quantize).
  double scale;  // steps / (max - min)
  double step;   // (max - min) / steps
};
struct SmallestThree {  // Quaternion: 2-bit index of the largest component + 3 x bits
  int bits;
};
// A string's or bytes' length, a list's count: ranged over [0, rule.limit], or a varint without a limit.
struct Length {
  LengthRule rule;
  int bits;  // BitWidth(rule.limit)
};
constexpr Length MakeLength(LengthRule rule) noexcept { return Length{rule, BitWidth(rule.limit)}; }
struct Text {
  Length length;
};
struct Blob {
  Length length;
};
struct Message {};
template <class C>
struct List {
  Length length;
  C element;
  std::size_t min_element_bits;  // bounds the count before allocating
};
template <class C>
struct Array {
  C element;
};
template <class C>
struct Optional {
  C value;
};

namespace detail {

template <class T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, std::int8_t>) return "int8";
  if constexpr (std::is_same_v<T, std::int16_t>) return "int16";
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  if constexpr (std::is_same_v<T, std::uint8_t>) return "uint8";
  if constexpr (std::is_same_v<T, std::uint16_t>) return "uint16";
  if constexpr (std::is_same_v<T, std::uint32_t>) return "uint32";
  if constexpr (std::is_same_v<T, std::uint64_t>) return "uint64";
  return "integer";
}

inline std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

PAKT_COLD PAKT_NOINLINE inline bool fail_outside(BitWriter& w, const std::string& value, const std::string& min,
                                                      const std::string& max) {
  return w.fail(ErrorCode::kLimitExceeded, "value " + value + " is outside the range [" + min + ", " + max + "]");
}
PAKT_COLD PAKT_NOINLINE inline bool fail_above_range(BitReader& r, std::size_t at, std::uint64_t offset,
                                                          std::uint64_t span) {
  return r.fail_at_bit(at, ErrorCode::kInvalidValue,
                       "ranged value " + std::to_string(offset) + " is above its span " + std::to_string(span));
}

// Integers as int64 / uint64 without loss: the range's bounds fit int64 (the front end checks).
template <class T>
PAKT_ALWAYS_INLINE bool in_range(T v, const Ranged& c, std::uint64_t& offset) noexcept {
  if constexpr (std::is_signed_v<T>) {
    const std::int64_t x = v;
    if (x < c.min) return false;
    offset = static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(c.min);
  } else {
    const std::uint64_t x = v;
    if (c.min >= 0 && x < static_cast<std::uint64_t>(c.min)) return false;
    offset = x - static_cast<std::uint64_t>(c.min);
  }
  return offset <= c.span;
}

template <class T>
std::uint64_t zigzag(T v) noexcept {
  const std::int64_t x = v;
  return (static_cast<std::uint64_t>(x) << 1) ^ static_cast<std::uint64_t>(x >> 63);
}
inline std::int64_t unzigzag(std::uint64_t u) noexcept {
  return static_cast<std::int64_t>(u >> 1) ^ -static_cast<std::int64_t>(u & 1);
}

template <class T>
PAKT_ALWAYS_INLINE std::uint64_t raw_bits(T v) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    return u;
  } else if constexpr (std::is_same_v<T, double>) {
    std::uint64_t u;
    std::memcpy(&u, &v, 8);
    return u;
  } else {
    return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
  }
}

// The quantized step of a value inside [min, max] (false for NaN and values outside), exactly as
// the rule's division gives it: x = (v - min) * scale differs from the rule's
// ((v - min) * steps) / (max - min) by at most 4 roundings, under x * 2^-51; it rounds the same way
// unless it lies within that of a half, and then the division decides (a few values in 10^4).
PAKT_ALWAYS_INLINE bool quantize(double v, const Quantized& c, std::uint64_t& q) noexcept {
  if (!(v >= c.min && v <= c.max)) return false;
  double x = (v - c.min) * c.scale;  // in [0, steps] give or take the rounding: v >= min, max > min
  // llround's halves away from zero, inline (libm's llround was a fifth of a cube scene's encode):
  // x < 2^33, so the truncation and x - n are exact.
  std::uint64_t n = static_cast<std::uint64_t>(x);
  double fraction = x - static_cast<double>(n);
  if (std::fabs(fraction - 0.5) <= x * 0x1p-48) {
    x = ((v - c.min) * static_cast<double>(c.steps)) / (c.max - c.min);
    n = static_cast<std::uint64_t>(x);
    fraction = x - static_cast<double>(n);
  }
  if (fraction >= 0.5) ++n;
  q = n > c.steps ? c.steps : n;
  return true;
}
// A float32 is in range up to the range's ends rounded to float32 (-3.2f is the min of [-3.2, 3.2]
// though below -3.2; and it is what the max decodes to): such a value is quantized as that end.
template <class T>
PAKT_ALWAYS_INLINE bool quantize_value(T v, const Quantized& c, std::uint64_t& q) noexcept {
  double x = static_cast<double>(v);
  if constexpr (std::is_same_v<T, float>) {
    if (x < c.min && v >= static_cast<float>(c.min)) x = c.min;
    if (x > c.max && v <= static_cast<float>(c.max)) x = c.max;
  }
  return quantize(x, c, q);
}
// Whether quantize_value accepts v (within the range as it counts it; NaN is not), without
// quantizing: an unchanged value in a delta is still one the full write would accept.
template <class T>
PAKT_ALWAYS_INLINE bool quantizable(T v, const Quantized& c) noexcept {
  double x = static_cast<double>(v);
  if constexpr (std::is_same_v<T, float>) {
    if (x < c.min && v >= static_cast<float>(c.min)) x = c.min;
    if (x > c.max && v <= static_cast<float>(c.max)) x = c.max;
  }
  return x >= c.min && x <= c.max;
}
inline double dequantize(std::uint64_t q, const Quantized& c) noexcept {
  if (q == c.steps) return c.max;
  return c.min + ((c.max - c.min) * static_cast<double>(q)) / static_cast<double>(c.steps);
}
// The decoded value as T, the same as dequantize's rounded to T. For float32, min + q * step differs
// from dequantize's double by under (q * step + |d|) * 2^-50; when every double that close rounds to
// one float, that float is dequantize's too, without its division (all but a few values in 10^6).
template <class T>
PAKT_ALWAYS_INLINE T dequantize_as(std::uint64_t q, const Quantized& c) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    if (q != c.steps) {
      const double offset = static_cast<double>(q) * c.step;
      const double d = c.min + offset;
      const double slack = (offset + std::fabs(d)) * 0x1p-48;
      const float low = static_cast<float>(d - slack);
      if (low == static_cast<float>(d + slack)) return low;
    }
  }
  return static_cast<T>(dequantize(q, c));
}

// 1/sqrt(2): the largest magnitude of a unit quaternion's three smallest components.
inline constexpr double kSmallestThreeBound = 0.70710678118654752440;
struct SmallestThreeWords {
  int largest = 0;
  std::uint64_t q[3] = {0, 0, 0};
};
PAKT_ALWAYS_INLINE bool smallest_three(const Quaternion& v, int bits, SmallestThreeWords& out) noexcept {
  const float c[4] = {v.x, v.y, v.z, v.w};
  for (float x : c) {
    if (std::isnan(x)) return false;
  }
  int largest = 0;
  for (int i = 1; i < 4; ++i) {
    if (std::fabs(c[i]) > std::fabs(c[largest])) largest = i;
  }
  const double sign = c[largest] < 0 ? -1.0 : 1.0;
  const Quantized code{-kSmallestThreeBound, kSmallestThreeBound, LowBits(bits), bits};
  out.largest = largest;
  int k = 0;
  for (int i = 0; i < 4; ++i) {
    if (i == largest) continue;
    double x = sign * static_cast<double>(c[i]);
    if (x < code.min) x = code.min;  // only a quaternion that is not unit gets here
    if (x > code.max) x = code.max;
    quantize(x, code, out.q[k++]);
  }
  return true;
}

// The decoded components of smallest-three codes of up to kSmallestThreeTableBits bits, each
// dequantize's (a table lookup instead of a division); nullptr for wider codes. Built once.
inline constexpr int kSmallestThreeTableBits = 12;
inline const double* smallest_three_table(int bits) noexcept {
  struct Tables {
    double values[std::size_t{2} << kSmallestThreeTableBits];  // bits b at [2^b, 2^(b+1))
    Tables() noexcept {
      for (int b = 1; b <= kSmallestThreeTableBits; ++b) {
        const Quantized code{-kSmallestThreeBound, kSmallestThreeBound, LowBits(b), b};
        for (std::uint64_t q = 0; q <= code.steps; ++q) values[(std::size_t{1} << b) + q] = dequantize(q, code);
      }
    }
  };
  static const Tables tables;
  return bits <= kSmallestThreeTableBits ? tables.values + (std::size_t{1} << bits) : nullptr;
}

// Identical values (floats by their bits) have the same encoding: a delta's unchanged values are
// found by this, without quantizing them.
template <class T>
PAKT_ALWAYS_INLINE bool same_bits(const T& a, const T& b) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return raw_bits(a) == raw_bits(b);
  } else if constexpr (std::is_same_v<T, Quaternion>) {
    return raw_bits(a.x) == raw_bits(b.x) && raw_bits(a.y) == raw_bits(b.y) && raw_bits(a.z) == raw_bits(b.z) &&
           raw_bits(a.w) == raw_bits(b.w);
  } else {
    return a == b;
  }
}

}  // namespace detail

// ------------------------------------------------------------------------------------ varints
inline void WriteVarint(BitWriter& w, std::uint64_t u) {
  while (u >= 0x80) {
    w.write((u & 0x7F) | 0x80, 8);
    u >>= 7;
  }
  w.write(u, 8);
}
[[nodiscard]] inline bool ReadVarint(BitReader& r, std::uint64_t& u) {
  const std::size_t at = r.bit_offset();
  u = 0;
  for (int i = 0; i < 10; ++i) {
    std::uint64_t group = 0;
    if (!r.read(group, 8, "varint")) return false;
    if (i == 9 && group > 1) return r.fail_at_bit(at, ErrorCode::kInvalidValue, "varint above 64 bits");
    u |= (group & 0x7F) << (7 * i);
    if ((group & 0x80) == 0) {
      if (i > 0 && group == 0) return r.fail_at_bit(at, ErrorCode::kInvalidValue, "overlong varint");
      return true;
    }
  }
  return true;  // unreachable: the tenth group has no continuation bit (checked above)
}

// ------------------------------------------------------------------------------------ bool
PAKT_ALWAYS_INLINE bool Write(BitWriter& w, bool v, Bool) {
  w.write_bool(v);
  return true;
}
[[nodiscard]] PAKT_ALWAYS_INLINE bool Read(BitReader& r, bool& v, Bool) { return r.read_bool(v); }
PAKT_ALWAYS_INLINE bool Same(bool a, bool b, Bool) noexcept { return a == b; }

// ------------------------------------------------------------------------------------ integers, enums
template <class T, class = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
PAKT_ALWAYS_INLINE bool Write(BitWriter& w, T v, Ranged c) {
  if constexpr (std::is_enum_v<T>) {
    return Write(w, static_cast<std::underlying_type_t<T>>(v), c);
  } else {
    std::uint64_t offset = 0;
    if (!detail::in_range(v, c, offset)) {
      const std::string max = std::to_string(static_cast<std::int64_t>(static_cast<std::uint64_t>(c.min) + c.span));
      return detail::fail_outside(w, std::to_string(v), std::to_string(c.min), max);
    }
    w.write(offset, c.bits);
    return true;
  }
}
template <class T, class = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
[[nodiscard]] PAKT_ALWAYS_INLINE bool Read(BitReader& r, T& v, Ranged c) {
  const std::size_t at = r.bit_offset();
  std::uint64_t offset = 0;
  if (!r.read(offset, c.bits)) return false;
  if (offset > c.span) return detail::fail_above_range(r, at, offset, c.span);
  // min + offset is within the range, which the front end checked is within T.
  v = static_cast<T>(static_cast<std::int64_t>(static_cast<std::uint64_t>(c.min) + offset));
  return true;
}
template <class T, class = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
PAKT_ALWAYS_INLINE bool Same(T a, T b, Ranged) noexcept {
  return a == b;
}

// An integer's varint (zig-zag for signed types), checked against what T holds.
template <class T>
[[nodiscard]] bool ReadVarintValue(BitReader& r, T& v) {
  const std::size_t at = r.bit_offset();
  std::uint64_t u = 0;
  if (!ReadVarint(r, u)) return false;
  if constexpr (std::is_signed_v<T>) {
    const std::int64_t x = detail::unzigzag(u);
    if (x < std::numeric_limits<T>::min() || x > std::numeric_limits<T>::max()) {
      return r.fail_at_bit(at, ErrorCode::kInvalidValue,
                           "value " + std::to_string(x) + " does not fit " + detail::type_name<T>());
    }
    v = static_cast<T>(x);
  } else {
    if (u > std::numeric_limits<T>::max()) {
      return r.fail_at_bit(at, ErrorCode::kInvalidValue,
                           "value " + std::to_string(u) + " does not fit " + detail::type_name<T>());
    }
    v = static_cast<T>(u);
  }
  return true;
}
// Enums too: a uint64 enum with a value above INT64_MAX, which no Ranged min can hold, is a varint.
template <class T, class = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
bool Write(BitWriter& w, T v, Varint c) {
  if constexpr (std::is_enum_v<T>) {
    return Write(w, static_cast<std::underlying_type_t<T>>(v), c);
  } else if constexpr (std::is_signed_v<T>) {
    WriteVarint(w, detail::zigzag(v));
  } else {
    WriteVarint(w, v);
  }
  return true;
}
template <class T, class = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
[[nodiscard]] bool Read(BitReader& r, T& v, Varint c) {
  if constexpr (std::is_enum_v<T>) {
    std::underlying_type_t<T> u{};
    if (!Read(r, u, c)) return false;
    v = static_cast<T>(u);
    return true;
  } else {
    return ReadVarintValue(r, v);
  }
}
template <class T, class = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
bool Same(T a, T b, Varint) noexcept {
  return a == b;
}

// ------------------------------------------------------------------------------------ raw: int8, uint8, floats
template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
PAKT_ALWAYS_INLINE bool Write(BitWriter& w, T v, Raw) {
  static_assert(sizeof(T) == 1 || std::is_floating_point_v<T>, "raw applies to int8, uint8, float32 and float64");
  w.write(detail::raw_bits(v), static_cast<int>(sizeof(T) * 8));
  return true;
}
template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
[[nodiscard]] PAKT_ALWAYS_INLINE bool Read(BitReader& r, T& v, Raw) {
  std::uint64_t u = 0;
  if (!r.read(u, static_cast<int>(sizeof(T) * 8))) return false;
  if constexpr (std::is_same_v<T, float>) {
    const std::uint32_t u32 = static_cast<std::uint32_t>(u);
    std::memcpy(&v, &u32, 4);
  } else if constexpr (std::is_same_v<T, double>) {
    std::memcpy(&v, &u, 8);
  } else {
    v = static_cast<T>(static_cast<std::make_unsigned_t<T>>(u));
  }
  return true;
}
template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
PAKT_ALWAYS_INLINE bool Same(T a, T b, Raw) noexcept {
  return detail::raw_bits(a) == detail::raw_bits(b);  // bit patterns: -0 differs from 0, a NaN equals itself
}

// ------------------------------------------------------------------------------------ quantized floats
template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
PAKT_ALWAYS_INLINE bool Write(BitWriter& w, T v, Quantized c) {
  std::uint64_t q = 0;
  if (!detail::quantize_value(v, c, q)) {
    return detail::fail_outside(w, detail::number_text(v), detail::number_text(c.min), detail::number_text(c.max));
  }
  w.write(q, c.bits);
  return true;
}
template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
[[nodiscard]] PAKT_ALWAYS_INLINE bool Read(BitReader& r, T& v, Quantized c) {
  const std::size_t at = r.bit_offset();
  std::uint64_t q = 0;
  if (!r.read(q, c.bits)) return false;
  if (q > c.steps) {
    return r.fail_at_bit(at, ErrorCode::kInvalidValue,
                         "quantized step " + std::to_string(q) + " is above the range's " + std::to_string(c.steps));
  }
  v = detail::dequantize_as<T>(q, c);
  return true;
}
template <class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
PAKT_ALWAYS_INLINE bool Same(T a, T b, Quantized c) noexcept {
  if (detail::same_bits(a, b)) return detail::quantizable(a, c);  // unchanged, if it can be written
  std::uint64_t qa = 0, qb = 0;
  return detail::quantize_value(a, c, qa) && detail::quantize_value(b, c, qb) && qa == qb;
}

// ------------------------------------------------------------------------------------ vectors
// Each component with the field's code (Raw, Quantized for float vectors; Varint, Ranged for the
// integer ones), in wire order; an error names the component ("position.y").
template <class V, class Visit>
PAKT_ALWAYS_INLINE bool for_components(V& v, Visit visit) {
  using T = std::remove_const_t<V>;
  if constexpr (std::is_same_v<T, Vector2> || std::is_same_v<T, Vector2i>) {
    return visit(v.x, "x") && visit(v.y, "y");
  } else if constexpr (std::is_same_v<T, Vector3> || std::is_same_v<T, Vector3i>) {
    return visit(v.x, "x") && visit(v.y, "y") && visit(v.z, "z");
  } else if constexpr (std::is_same_v<T, Quaternion>) {
    return visit(v.x, "x") && visit(v.y, "y") && visit(v.z, "z") && visit(v.w, "w");
  } else {
    static_assert(std::is_same_v<T, Color>);
    return visit(v.r, "r") && visit(v.g, "g") && visit(v.b, "b") && visit(v.a, "a");
  }
}
template <class V>
inline constexpr bool is_packed_vector_v = std::is_same_v<V, Vector2> || std::is_same_v<V, Vector3> ||
                                           std::is_same_v<V, Vector2i> || std::is_same_v<V, Vector3i> ||
                                           std::is_same_v<V, Quaternion> || std::is_same_v<V, Color>;

template <class V>
auto components(const V& v) noexcept {
  if constexpr (std::is_same_v<V, Vector2>) return std::array<float, 2>{v.x, v.y};
  if constexpr (std::is_same_v<V, Vector3>) return std::array<float, 3>{v.x, v.y, v.z};
  if constexpr (std::is_same_v<V, Quaternion>) return std::array<float, 4>{v.x, v.y, v.z, v.w};
  if constexpr (std::is_same_v<V, Color>) return std::array<float, 4>{v.r, v.g, v.b, v.a};
  if constexpr (std::is_same_v<V, Vector2i>) return std::array<std::int32_t, 2>{v.x, v.y};
  if constexpr (std::is_same_v<V, Vector3i>) return std::array<std::int32_t, 3>{v.x, v.y, v.z};
}
template <class V>
inline constexpr std::size_t component_count_v = std::tuple_size_v<decltype(components(std::declval<const V&>()))>;

// A quantized vector's steps, components in wire order: false when a component is not in range or NaN.
template <class V, std::size_t N>
PAKT_ALWAYS_INLINE bool quantize_vector(const V& v, const Quantized& c, std::uint64_t (&q)[N]) noexcept {
  const auto x = components(v);
  static_assert(x.size() == N);
  for (std::size_t i = 0; i < N; ++i) {
    if (!detail::quantize_value(x[i], c, q[i])) return false;
  }
  return true;
}

// A quantized vector's steps (components in wire order): in one write when their bits fit a word.
template <std::size_t N>
PAKT_ALWAYS_INLINE void WriteSteps(BitWriter& w, const std::uint64_t (&q)[N], int bits) {
  if (static_cast<int>(N) * bits <= 64) {
    std::uint64_t word = 0;
    for (std::size_t i = 0; i < N; ++i) word |= q[i] << (static_cast<int>(i) * bits);
    w.write(word, static_cast<int>(N) * bits);
  } else {
    for (std::uint64_t step : q) w.write(step, bits);
  }
}

template <class V, class C, class = std::enable_if_t<is_packed_vector_v<V>>>
PAKT_ALWAYS_INLINE bool Write(BitWriter& w, const V& v, C c) {
  if constexpr (std::is_same_v<C, Quantized>) {
    // Every component quantized, then written (a bad one is named by the component-wise path below).
    std::uint64_t q[component_count_v<V>];
    if (quantize_vector(v, c, q)) {
      WriteSteps(w, q, c.bits);
      return true;
    }
  }
  return for_components(v, [&](const auto& x, const char* name) PAKT_LAMBDA_ALWAYS_INLINE {
    return Write(w, x, c) || w.in_field(name);
  });
}
template <class V, class C, class = std::enable_if_t<is_packed_vector_v<V>>>
[[nodiscard]] PAKT_ALWAYS_INLINE bool Read(BitReader& r, V& v, C c) {
  if constexpr (std::is_same_v<C, Quantized>) {
    // All components from one word when their bits fit it and every step is in range; otherwise
    // (too few bits, a step above the range) the component-wise path reads them and says which.
    constexpr int n = static_cast<int>(component_count_v<V>);
    std::uint64_t word = 0;
    if (n * c.bits <= 64 && r.peek(word, n * c.bits)) {
      std::uint64_t q[component_count_v<V>];
      bool in_range = true;
      for (int i = 0; i < n; ++i) {
        q[i] = (word >> (i * c.bits)) & LowBits(c.bits);
        in_range &= q[i] <= c.steps;
      }
      if (in_range) {
        r.skip(n * c.bits);
        int i = 0;
        for_components(v, [&](auto& x, const char*) PAKT_LAMBDA_ALWAYS_INLINE {
          x = detail::dequantize_as<std::remove_reference_t<decltype(x)>>(q[i++], c);
          return true;
        });
        return true;
      }
    }
  }
  return for_components(v, [&](auto& x, const char* name) PAKT_LAMBDA_ALWAYS_INLINE {
    return Read(r, x, c) || r.in_field(name);
  });
}
template <class V, class C, class = std::enable_if_t<is_packed_vector_v<V>>>
PAKT_ALWAYS_INLINE bool Same(const V& a, const V& b, C c) noexcept {
  const auto xa = components(a);
  const auto xb = components(b);
  for (std::size_t i = 0; i < xa.size(); ++i) {
    if (!Same(xa[i], xb[i], c)) return false;
  }
  return true;
}

// ------------------------------------------------------------------------------------ smallest three
PAKT_ALWAYS_INLINE void WriteSmallestThreeWords(BitWriter& w, const detail::SmallestThreeWords& words, int bits) {
  if (2 + 3 * bits <= 64) {  // one write, the same bits
    w.write(static_cast<std::uint64_t>(words.largest) | words.q[0] << 2 | words.q[1] << (2 + bits) |
                words.q[2] << (2 + 2 * bits),
            2 + 3 * bits);
    return;
  }
  w.write(static_cast<std::uint64_t>(words.largest), 2);
  for (std::uint64_t q : words.q) w.write(q, bits);
}
PAKT_ALWAYS_INLINE bool Write(BitWriter& w, const Quaternion& v, SmallestThree c) {
  detail::SmallestThreeWords words;
  if (!detail::smallest_three(v, c.bits, words)) {
    return w.fail(ErrorCode::kInvalidValue, "a quaternion component is NaN");
  }
  WriteSmallestThreeWords(w, words, c.bits);
  return true;
}
[[nodiscard]] PAKT_ALWAYS_INLINE bool Read(BitReader& r, Quaternion& v, SmallestThree c) {
  // The index and the three codes: from one word when they fit it (every code is valid), else one read each.
  std::uint64_t largest = 0;
  std::uint64_t q[3] = {0, 0, 0};
  std::uint64_t word = 0;
  if (2 + 3 * c.bits <= 64 && r.peek(word, 2 + 3 * c.bits)) {
    r.skip(2 + 3 * c.bits);
    largest = word & 3;
    for (int k = 0; k < 3; ++k) q[k] = (word >> (2 + k * c.bits)) & LowBits(c.bits);
  } else {
    if (!r.read(largest, 2, "quaternion")) return false;
    for (std::uint64_t& code : q) {
      if (!r.read(code, c.bits, "quaternion")) return false;
    }
  }
  const double* table = detail::smallest_three_table(c.bits);
  const Quantized code{-detail::kSmallestThreeBound, detail::kSmallestThreeBound, LowBits(c.bits), c.bits};
  double x[4] = {0, 0, 0, 0};
  double sum = 0;
  for (std::uint64_t i = 0, k = 0; i < 4; ++i) {
    if (i == largest) continue;
    x[i] = table != nullptr ? table[q[k]] : detail::dequantize(q[k], code);
    ++k;
    sum += x[i] * x[i];
  }
  x[largest] = std::sqrt(sum < 1 ? 1 - sum : 0.0);
  v = Quaternion{static_cast<float>(x[0]), static_cast<float>(x[1]), static_cast<float>(x[2]),
                 static_cast<float>(x[3])};
  return true;
}
PAKT_ALWAYS_INLINE bool Same(const Quaternion& a, const Quaternion& b, SmallestThree c) noexcept {
  if (detail::same_bits(a, b)) return !(std::isnan(a.x) || std::isnan(a.y) || std::isnan(a.z) || std::isnan(a.w));
  detail::SmallestThreeWords wa, wb;
  if (!detail::smallest_three(a, c.bits, wa) || !detail::smallest_three(b, c.bits, wb)) return false;
  return wa.largest == wb.largest && wa.q[0] == wb.q[0] && wa.q[1] == wb.q[1] && wa.q[2] == wb.q[2];
}

// ------------------------------------------------------------------------------------ lengths and counts
inline bool WriteLength(BitWriter& w, std::size_t n, const Length& c) {
  if (c.rule.limit != 0) {
    if (n > c.rule.limit) return pakt::detail::fail_length_limit(w, 0, c.rule, n);
    w.write(n, c.bits);
  } else {
    WriteVarint(w, n);
  }
  return true;
}
// Reads a length or count and checks it against the limit and against the bits that remain for
// elements of at least `min_element_bits` bits (1 when elements may take none and there is no
// limit) — before anything is allocated.
[[nodiscard]] inline bool ReadLength(BitReader& r, std::size_t& n, const Length& c, std::size_t min_element_bits) {
  const std::size_t at = r.bit_offset();
  std::uint64_t u = 0;
  if (c.rule.limit != 0) {
    if (!r.read(u, c.bits, c.rule.what)) return false;
    if (u > c.rule.limit) {
      return r.fail_at_bit(at, ErrorCode::kLimitExceeded, std::string(c.rule.what) + " " + std::to_string(u) +
                                                              " exceeds " + c.rule.limit_name + " " +
                                                              std::to_string(c.rule.limit));
    }
  } else if (!ReadVarint(r, u)) {
    return false;
  }
  const std::size_t unit = min_element_bits != 0 ? min_element_bits : c.rule.limit != 0 ? 0 : 1;
  if (unit != 0 && u > r.remaining_bits() / unit) {
    return r.fail_at_bit(at, ErrorCode::kLengthOverflow,
                         std::string(c.rule.what) + " " + std::to_string(u) + " needs at least " +
                             std::to_string(unit) + " bits each, " + std::to_string(r.remaining_bits()) + " remain");
  }
  n = static_cast<std::size_t>(u);
  return true;
}

// ------------------------------------------------------------------------------------ strings, bytes
inline bool Write(BitWriter& w, const std::string& v, Text c) {
  if (!WriteLength(w, v.size(), c.length)) return false;
  w.write_bytes(reinterpret_cast<const std::uint8_t*>(v.data()), v.size());
  return true;
}
[[nodiscard]] inline bool Read(BitReader& r, std::string& v, Text c) {
  std::size_t n = 0;
  if (!ReadLength(r, n, c.length, 8)) return false;
  const std::size_t at = r.bit_offset();
  v.resize(n);
  r.read_bytes(reinterpret_cast<std::uint8_t*>(v.data()), n);
  const std::size_t bad = utf8::first_invalid(reinterpret_cast<const std::uint8_t*>(v.data()), n);
  if (bad != n) {
    return r.fail_at_bit(at + bad * 8, ErrorCode::kInvalidValue,
                         "string is not valid UTF-8 (byte " + std::to_string(bad) + ")");
  }
  return true;
}
inline bool Same(const std::string& a, const std::string& b, Text) noexcept { return a == b; }

inline bool Write(BitWriter& w, const std::vector<std::uint8_t>& v, Blob c) {
  if (!WriteLength(w, v.size(), c.length)) return false;
  w.write_bytes(v.data(), v.size());
  return true;
}
[[nodiscard]] inline bool Read(BitReader& r, std::vector<std::uint8_t>& v, Blob c) {
  std::size_t n = 0;
  if (!ReadLength(r, n, c.length, 8)) return false;
  v.resize(n);
  r.read_bytes(v.data(), n);
  return true;
}
inline bool Same(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b, Blob) noexcept {
  return a == b;
}

// ------------------------------------------------------------------------------------ messages
template <class M>
bool Write(BitWriter& w, const M& v, Message) {
  return WritePackedMessage(w, v);
}
template <class M>
[[nodiscard]] bool Read(BitReader& r, M& v, Message) {
  return ReadPackedMessage(r, v);
}
template <class M>
bool Same(const M& a, const M& b, Message) {
  return SamePacked(a, b);
}

// ------------------------------------------------------------------------------------ optional, lists, arrays
// A borrowed callable of an element index (a lambda of the caller, which outlives the call it is
// passed to): the list loops below take these, so that they are compiled once rather than once per
// element type (bench/RESULTS.md "Compile cost"). The call through a pointer costs about what the
// call of the element's generated delta function does.
template <class R>
class ElementCallback {
 public:
  template <class Fn, class = std::enable_if_t<!std::is_same_v<std::decay_t<Fn>, ElementCallback>>>
  ElementCallback(const Fn& fn) noexcept  // NOLINT(google-explicit-constructor): lambdas convert
      : object_(&fn), call_([](const void* object, std::size_t i) -> R {
          return (*static_cast<const Fn*>(object))(i);
        }) {}
  R operator()(std::size_t i) const { return call_(object_, i); }

 private:
  const void* object_;
  R (*call_)(const void*, std::size_t);
};
using ElementPredicate = ElementCallback<bool>;

// A list of messages is written and read by one loop for every message type (the element's
// generated function called through an ElementCallback), not one loop per type.
PAKT_NOINLINE inline bool WriteElements(BitWriter& w, std::size_t count, const Length& length,
                                        ElementPredicate write_at) {
  if (!WriteLength(w, count, length)) return false;
  for (std::size_t i = 0; i < count; ++i) {
    if (!write_at(i)) return w.in_index(i);
  }
  return true;
}
[[nodiscard]] PAKT_NOINLINE inline bool ReadElements(BitReader& r, const Length& length, std::size_t min_element_bits,
                                                     ElementCallback<void> resize, ElementPredicate read_at) {
  std::size_t n = 0;
  if (!ReadLength(r, n, length, min_element_bits)) return false;
  resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!read_at(i)) return r.in_index(i);
  }
  return true;
}

template <class T, class C>
bool Write(BitWriter& w, const std::optional<T>& v, Optional<C> c) {
  w.write_bool(v.has_value());
  return !v.has_value() || Write(w, *v, c.value);
}
template <class T, class C>
[[nodiscard]] bool Read(BitReader& r, std::optional<T>& v, Optional<C> c) {
  bool present = false;
  if (!r.read_bool(present, "presence bit")) return false;
  if (!present) {
    v.reset();
    return true;
  }
  if (!v.has_value()) v.emplace();
  return Read(r, *v, c.value);
}
template <class T, class C>
bool Same(const std::optional<T>& a, const std::optional<T>& b, Optional<C> c) {
  if (a.has_value() != b.has_value()) return false;
  return !a.has_value() || Same(*a, *b, c.value);
}

template <class T, class C>
bool Write(BitWriter& w, const std::vector<T>& v, List<C> c) {
  if constexpr (std::is_same_v<C, Message>) {
    return WriteElements(w, v.size(), c.length, [&](std::size_t i) { return WritePackedMessage(w, v[i]); });
  } else {
    if (!WriteLength(w, v.size(), c.length)) return false;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!Write(w, static_cast<const T&>(v[i]), c.element)) return w.in_index(i);
    }
    return true;
  }
}
template <class T, class C>
[[nodiscard]] bool Read(BitReader& r, std::vector<T>& v, List<C> c) {
  if constexpr (std::is_same_v<C, Message>) {
    return ReadElements(
        r, c.length, c.min_element_bits, [&](std::size_t n) { v.resize(n); },
        [&](std::size_t i) { return ReadPackedMessage(r, v[i]); });
  } else {
    std::size_t n = 0;
    if (!ReadLength(r, n, c.length, c.min_element_bits)) return false;
    v.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        bool b = false;
        if (!Read(r, b, c.element)) return r.in_index(i);
        v[i] = b;
      } else {
        if (!Read(r, v[i], c.element)) return r.in_index(i);
      }
    }
    return true;
  }
}
template <class T, class C>
bool Same(const std::vector<T>& a, const std::vector<T>& b, List<C> c) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!Same(static_cast<const T&>(a[i]), static_cast<const T&>(b[i]), c.element)) return false;
  }
  return true;
}

template <class T, std::size_t N, class C>
bool Write(BitWriter& w, const std::array<T, N>& v, Array<C> c) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!Write(w, v[i], c.element)) return w.in_index(i);
  }
  return true;
}
template <class T, std::size_t N, class C>
[[nodiscard]] bool Read(BitReader& r, std::array<T, N>& v, Array<C> c) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!Read(r, v[i], c.element)) return r.in_index(i);
  }
  return true;
}
template <class T, std::size_t N, class C>
bool Same(const std::array<T, N>& a, const std::array<T, N>& b, Array<C> c) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!Same(a[i], b[i], c.element)) return false;
  }
  return true;
}

// ------------------------------------------------------------------------------------ delta: element sets
// Exponential-Golomb order 0 of x >= 1: BitWidth(x) - 1 zero bits, then x's bits from the top.
inline int GolombBits(std::uint64_t x) noexcept { return 2 * BitWidth(x) - 1; }
inline int VarintBits(std::uint64_t u) noexcept { return u < 0x80 ? 8 : 8 * ((BitWidth(u) + 6) / 7); }
inline void WriteGolomb(BitWriter& w, std::uint64_t x) {
  const int width = BitWidth(x);
  w.write(0, width - 1);
  for (int i = width - 1; i >= 0; --i) w.write((x >> i) & 1, 1);
}
[[nodiscard]] inline bool ReadGolomb(BitReader& r, std::uint64_t& x) {
  const std::size_t at = r.bit_offset();
  int zeros = 0;
  for (;;) {
    bool bit = false;
    if (!r.read_bool(bit, "index gap")) return false;
    if (bit) break;
    if (++zeros > 63) return r.fail_at_bit(at, ErrorCode::kInvalidValue, "index gap above 2^64");
  }
  x = 1;
  for (int i = 0; i < zeros; ++i) {
    bool bit = false;
    if (!r.read_bool(bit, "index gap")) return false;
    x = (x << 1) | (bit ? 1 : 0);
  }
  return true;
}

// The changed elements of a list (or fixed array) of messages against its baseline
// (docs/packed.md "List delta"): `length` is the list's count code, nullptr for a fixed array.
// changed(i) for i < min(count, base_count); delta_at(i) writes element i's delta against the
// baseline's; full_at(i) writes an appended element in full. No allocation: two passes over the
// elements (ElementsPlan, then WriteElementsDelta), the first's answers kept for the first
// kChangedMemo elements (on the stack).
inline constexpr std::size_t kChangedMemo = 4096;
class ElementsPlan {
 public:
  // The first pass: which of the shared elements changed, and what the sparse form costs.
  PAKT_NOINLINE ElementsPlan(std::size_t count, std::size_t base_count, const Length* length,
                             ElementPredicate changed_at)
      : count_(count), k_(count < base_count ? count : base_count), length_(length) {
    std::size_t last = 0;  // index + 1 of the previous changed element
    for (std::size_t i = 0; i < k_; ++i) {
      const bool element_changed = changed_at(i);
      if (i < kChangedMemo) {
        if (i % 64 == 0) memo_[i / 64] = 0;
        memo_[i / 64] |= std::uint64_t{element_changed} << (i % 64);
      }
      if (!element_changed) continue;
      ++changed_;
      sparse_bits_ += static_cast<std::size_t>(GolombBits(i + 1 - last));
      last = i + 1;
    }
  }
  // Whether the field differs from its baseline: another count, or a shared element changed.
  bool any_change(std::size_t base_count) const noexcept { return count_ != base_count || changed_ != 0; }

  PAKT_NOINLINE bool write(BitWriter& w, ElementPredicate changed_at, ElementPredicate delta_at,
                           ElementPredicate full_at) const {
    if (length_ != nullptr && !WriteLength(w, count_, *length_)) return false;
    const auto changed = [&](std::size_t i) {
      return i < kChangedMemo ? ((memo_[i / 64] >> (i % 64)) & 1) != 0 : changed_at(i);
    };
    const Length set_length =
        length_ != nullptr ? *length_ : MakeLength(LengthRule{"changed count", "size", k_});
    const std::size_t sparse_bits =
        sparse_bits_ + static_cast<std::size_t>(set_length.rule.limit != 0 ? set_length.bits : VarintBits(changed_));
    const bool sparse = sparse_bits < k_;
    w.write_bool(sparse);
    if (sparse) {
      WriteLength(w, changed_, set_length);  // changed_ <= k <= the limit
      std::size_t last = 0;
      for (std::size_t i = 0; i < k_; ++i) {
        if (!changed(i)) continue;
        WriteGolomb(w, i + 1 - last);
        last = i + 1;
        if (!delta_at(i)) return w.in_index(i);
      }
    } else {
      for (std::size_t i = 0; i < k_; ++i) {
        const bool element_changed = changed(i);
        w.write_bool(element_changed);
        if (element_changed && !delta_at(i)) return w.in_index(i);
      }
    }
    for (std::size_t i = k_; i < count_; ++i) {
      if (!full_at(i)) return w.in_index(i);
    }
    return true;
  }

 private:
  std::size_t count_;
  std::size_t k_;  // the elements the baseline shares
  const Length* length_;
  std::size_t changed_ = 0;
  std::size_t sparse_bits_ = 0;  // the gaps' bits
  std::uint64_t memo_[kChangedMemo / 64];
};
inline bool WriteElementsDelta(BitWriter& w, std::size_t count, std::size_t base_count, const Length* length,
                               ElementPredicate changed_at, ElementPredicate delta_at, ElementPredicate full_at) {
  return ElementsPlan(count, base_count, length, changed_at).write(w, changed_at, delta_at, full_at);
}

// The reading side: `size` is the current (baseline) element count; resize(n) makes it n (new
// elements default), delta_at(i) applies element i's delta in place, full_at(i) reads it in full.
[[nodiscard]] PAKT_NOINLINE inline bool ReadElementsDelta(BitReader& r, std::size_t base_count, const Length* length,
                                                          std::size_t min_element_bits, ElementCallback<void> resize,
                                                          ElementPredicate delta_at, ElementPredicate full_at) {
  std::size_t count = base_count;
  if (length != nullptr) {
    const std::size_t at = r.bit_offset();
    std::uint64_t u = 0;
    if (length->rule.limit != 0) {
      if (!r.read(u, length->bits, length->rule.what)) return false;
      if (u > length->rule.limit) {
        return r.fail_at_bit(at, ErrorCode::kLimitExceeded, std::string(length->rule.what) + " " +
                                                                std::to_string(u) + " exceeds " +
                                                                length->rule.limit_name + " " +
                                                                std::to_string(length->rule.limit));
      }
    } else if (!ReadVarint(r, u)) {
      return false;
    }
    // Appended elements are read in full: bound them by the bits that remain before allocating.
    const std::size_t unit = min_element_bits != 0 ? min_element_bits : length->rule.limit != 0 ? 0 : 1;
    if (u > base_count && unit != 0 && u - base_count > r.remaining_bits() / unit) {
      return r.fail_at_bit(at, ErrorCode::kLengthOverflow,
                           std::string(length->rule.what) + " " + std::to_string(u) + " appends " +
                               std::to_string(u - base_count) + " elements of at least " + std::to_string(unit) +
                               " bits each, " + std::to_string(r.remaining_bits()) + " remain");
    }
    count = static_cast<std::size_t>(u);
  }
  const std::size_t k = count < base_count ? count : base_count;
  resize(count);
  bool sparse = false;
  if (!r.read_bool(sparse, "delta mode")) return false;
  if (sparse) {
    const Length set_length = length != nullptr ? *length : MakeLength(LengthRule{"changed count", "size", k});
    std::size_t c = 0;
    if (!ReadLength(r, c, set_length, 1)) return false;
    std::size_t last = 0;
    for (std::size_t j = 0; j < c; ++j) {
      const std::size_t at = r.bit_offset();
      std::uint64_t gap = 0;
      if (!ReadGolomb(r, gap)) return false;
      if (gap > k - last) {
        return r.fail_at_bit(at, ErrorCode::kInvalidValue,
                             "changed element index " + std::to_string(last - 1 + gap) + " is past the " +
                                 std::to_string(k) + " elements the baseline shares");
      }
      const std::size_t i = last - 1 + static_cast<std::size_t>(gap);
      last = i + 1;
      if (!delta_at(i)) return r.in_index(i);
    }
  } else {
    for (std::size_t i = 0; i < k; ++i) {
      bool element_changed = false;
      if (!r.read_bool(element_changed, "changed bit")) return false;
      if (element_changed && !delta_at(i)) return r.in_index(i);
    }
  }
  for (std::size_t i = k; i < count; ++i) {
    if (!full_at(i)) return r.in_index(i);
  }
  return true;
}

// ------------------------------------------------------------------------------------ delta: fields
// A leaf field of a delta message: its changed bit, then (when changed) its encoding. A quantized
// value (a float, a float vector, a smallest-three rotation) is quantized at most once: identical to
// the baseline (floats by their bits) it is unchanged without quantizing (still checked against its
// range, NaN too, as the full write checks it), else both are quantized, the codes compared and the
// new code written. A value that cannot be written goes to Write, which says why.
template <class T, class C>
bool WriteChangedValue(BitWriter& w, const T& v, const T& base, C c) {
  if constexpr (std::is_floating_point_v<T> && std::is_same_v<C, Quantized>) {
    std::uint64_t q = 0;
    std::uint64_t base_q = 0;
    if (detail::same_bits(v, base) ? detail::quantizable(v, c) : detail::quantize_value(v, c, q)) {
      const bool changed = !detail::same_bits(v, base) && (!detail::quantize_value(base, c, base_q) || base_q != q);
      w.write_bool(changed);
      if (changed) w.write(q, c.bits);
      return true;
    }
  } else if constexpr (is_packed_vector_v<T> && std::is_same_v<C, Quantized>) {
    const auto x = components(v);
    const auto x_base = components(base);
    constexpr std::size_t n = component_count_v<T>;
    bool identical = true;
    for (std::size_t i = 0; i < n; ++i) identical = identical && detail::same_bits(x[i], x_base[i]);
    std::uint64_t q[n] = {};
    std::uint64_t base_q[n] = {};
    bool writable = true;
    for (std::size_t i = 0; i < n; ++i) {
      writable = writable && (identical ? detail::quantizable(x[i], c) : detail::quantize_value(x[i], c, q[i]));
    }
    if (writable) {
      bool changed = false;
      for (std::size_t i = 0; i < n && !identical && !changed; ++i) {
        changed = !detail::quantize_value(x_base[i], c, base_q[i]) || base_q[i] != q[i];
      }
      w.write_bool(changed);
      if (changed) WriteSteps(w, q, c.bits);
      return true;
    }
  } else if constexpr (std::is_same_v<T, Quaternion> && std::is_same_v<C, SmallestThree>) {
    detail::SmallestThreeWords words;
    detail::SmallestThreeWords base_words;
    if (detail::same_bits(v, base) ? !(std::isnan(v.x) || std::isnan(v.y) || std::isnan(v.z) || std::isnan(v.w))
                                   : detail::smallest_three(v, c.bits, words)) {
      const bool changed = !detail::same_bits(v, base) &&
                           (!detail::smallest_three(base, c.bits, base_words) || base_words.largest != words.largest ||
                            base_words.q[0] != words.q[0] || base_words.q[1] != words.q[1] ||
                            base_words.q[2] != words.q[2]);
      w.write_bool(changed);
      if (changed) WriteSmallestThreeWords(w, words, c.bits);
      return true;
    }
  }
  const bool changed = !Same(v, base, c);
  w.write_bool(changed);
  return !changed || Write(w, v, c);
}

// One field of a delta message: a changed bit, then (when changed) a nested message's delta, a
// list's or array's element delta, or the value in full.
template <class T, class C>
bool WriteFieldDelta(BitWriter& w, const T& v, const T& base, C c) {
  if constexpr (std::is_same_v<C, Message>) {
    const bool changed = !Same(v, base, c);
    w.write_bool(changed);
    return !changed || WritePackedDelta(w, v, base);
  } else if constexpr (std::is_same_v<C, List<Message>> || std::is_same_v<C, Array<Message>>) {
    // The elements' first pass also decides the field's changed bit.
    const auto changed_at = [&](std::size_t i) { return !SamePacked(v[i], base[i]); };
    const Length* length = nullptr;
    if constexpr (std::is_same_v<C, List<Message>>) length = &c.length;
    const ElementsPlan plan(v.size(), base.size(), length, changed_at);
    const bool changed = plan.any_change(base.size());
    w.write_bool(changed);
    return !changed || plan.write(
                           w, changed_at, [&](std::size_t i) { return WritePackedDelta(w, v[i], base[i]); },
                           [&](std::size_t i) { return WritePackedMessage(w, v[i]); });
  } else {
    return WriteChangedValue(w, v, base, c);
  }
}
// v holds the baseline's value; a changed field is updated in place.
template <class T, class C>
[[nodiscard]] bool ReadFieldDelta(BitReader& r, T& v, C c) {
  bool changed = false;
  if (!r.read_bool(changed, "changed bit")) return false;
  if (!changed) return true;
  if constexpr (std::is_same_v<C, Message>) {
    return ReadPackedDelta(r, v);
  } else if constexpr (std::is_same_v<C, List<Message>>) {
    return ReadElementsDelta(
        r, v.size(), &c.length, c.min_element_bits, [&](std::size_t n) { v.resize(n); },
        [&](std::size_t i) { return ReadPackedDelta(r, v[i]); },
        [&](std::size_t i) { return ReadPackedMessage(r, v[i]); });
  } else if constexpr (std::is_same_v<C, Array<Message>>) {
    return ReadElementsDelta(
        r, v.size(), nullptr, 0, [](std::size_t) {}, [&](std::size_t i) { return ReadPackedDelta(r, v[i]); },
        [&](std::size_t i) { return ReadPackedMessage(r, v[i]); });
  } else {
    return Read(r, v, c);
  }
}

// ------------------------------------------------------------------------------------ whole payloads
template <class M>
Status SerializePacked(const M& m, std::vector<std::uint8_t>& out) {
  Checker checker;
  if (!CheckMessage(checker, m)) {
    checker.in_field(MessageTraits<M>::kName);
    return checker.status();
  }
  out.clear();
  BitWriter w(out);
  if (!WritePackedMessage(w, m)) {
    w.in_field(MessageTraits<M>::kName);
    return w.status();
  }
  w.finish();
  return Status::Ok();
}
template <class M>
Status SerializePackedDelta(const M& m, const M& baseline, std::vector<std::uint8_t>& out) {
  Checker checker;
  if (!CheckMessage(checker, m)) {
    checker.in_field(MessageTraits<M>::kName);
    return checker.status();
  }
  out.clear();
  BitWriter w(out);
  if (!WritePackedDelta(w, m, baseline)) {
    w.in_field(MessageTraits<M>::kName);
    return w.status();
  }
  w.finish();
  return Status::Ok();
}
template <class M>
[[nodiscard]] Status DeserializePacked(ByteView bytes, M& out) {
  BitReader r(bytes);
  if (!ReadPackedMessage(r, out) || !r.finish()) {
    r.in_field(MessageTraits<M>::kName);
    return r.status();
  }
  return Status::Ok();
}
// out may be baseline itself (the delta is applied in place).
template <class M>
[[nodiscard]] Status DeserializePackedDelta(ByteView bytes, const M& baseline, M& out) {
  if (&out != &baseline) out = baseline;
  BitReader r(bytes);
  if (!ReadPackedDelta(r, out) || !r.finish()) {
    r.in_field(MessageTraits<M>::kName);
    return r.status();
  }
  return Status::Ok();
}

}  // namespace packing
}  // namespace pakt
