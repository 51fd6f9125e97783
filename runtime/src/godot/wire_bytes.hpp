// Little-endian appends used by the Godot codec (private to runtime/src/godot); the word loads and
// stores are public (pakt/godot/wire_words.hpp), for the inline paths of ValueReader/ValueWriter.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "pakt/godot/wire_words.hpp"

namespace pakt::godot::wire {

inline constexpr std::uint32_t kFlagObjectAsId = 1u << 16;
inline constexpr std::uint32_t kArrayTypeShift = 16;
inline constexpr std::uint32_t kDictionaryKeyTypeShift = 16;
inline constexpr std::uint32_t kDictionaryValueTypeShift = 18;
inline constexpr std::uint32_t kContainerKindMask = 0b11;
inline constexpr std::uint32_t kNodePathNewFormat = 0x80000000u;

// (float)d as IEEE round-to-nearest does it, without the undefined behaviour of converting a
// finite double beyond the float range.
inline float to_float32(double d) {
  if (std::isfinite(d) && std::fabs(d) > static_cast<double>(FLT_MAX)) {
    // From halfway between FLT_MAX and 2^128 upward, the value rounds to infinity.
    const double infinity_threshold = std::ldexp(1.0, 128) - std::ldexp(1.0, 103);
    const float magnitude = std::fabs(d) >= infinity_threshold ? std::numeric_limits<float>::infinity() : FLT_MAX;
    return d < 0 ? -magnitude : magnitude;
  }
  return static_cast<float>(d);
}

inline void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  const std::uint8_t b[4] = {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
                             static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 24)};
  out.insert(out.end(), b, b + 4);
}
inline void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
  put_u32(out, static_cast<std::uint32_t>(v));
  put_u32(out, static_cast<std::uint32_t>(v >> 32));
}
inline void put_i32(std::vector<std::uint8_t>& out, std::int32_t v) { put_u32(out, static_cast<std::uint32_t>(v)); }
inline void put_i64(std::vector<std::uint8_t>& out, std::int64_t v) { put_u64(out, static_cast<std::uint64_t>(v)); }
inline void put_f32(std::vector<std::uint8_t>& out, float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, 4);
  put_u32(out, bits);
}
inline void put_f64(std::vector<std::uint8_t>& out, double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, 8);
  put_u64(out, bits);
}
inline void put_zeros(std::vector<std::uint8_t>& out, std::size_t n) { out.insert(out.end(), n, 0); }

}  // namespace pakt::godot::wire
