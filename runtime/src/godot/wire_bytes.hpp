// Little-endian loads and appends used by the Godot codec (private to runtime/src/godot).
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace pakt::godot::wire {

inline constexpr std::uint32_t kTypeMask = 0xFF;
inline constexpr std::uint32_t kFlag64 = 1u << 16;
inline constexpr std::uint32_t kFlagObjectAsId = 1u << 16;
inline constexpr std::uint32_t kArrayTypeShift = 16;
inline constexpr std::uint32_t kDictionaryKeyTypeShift = 16;
inline constexpr std::uint32_t kDictionaryValueTypeShift = 18;
inline constexpr std::uint32_t kContainerKindMask = 0b11;
inline constexpr std::uint32_t kNodePathNewFormat = 0x80000000u;
inline constexpr std::uint32_t kSharedBit = 0x80000000u;

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

inline std::size_t padding_to_4(std::size_t n) { return (4 - n % 4) % 4; }

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
// Stores into room the caller made (little-endian, like put_*).
inline void store_u32(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v);
  p[1] = static_cast<std::uint8_t>(v >> 8);
  p[2] = static_cast<std::uint8_t>(v >> 16);
  p[3] = static_cast<std::uint8_t>(v >> 24);
}
inline void store_u64(std::uint8_t* p, std::uint64_t v) {
  store_u32(p, static_cast<std::uint32_t>(v));
  store_u32(p + 4, static_cast<std::uint32_t>(v >> 32));
}
inline void store_f32(std::uint8_t* p, float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, 4);
  store_u32(p, bits);
}
inline void store_f64(std::uint8_t* p, double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, 8);
  store_u64(p, bits);
}
inline void put_zeros(std::vector<std::uint8_t>& out, std::size_t n) { out.insert(out.end(), n, 0); }

inline std::uint32_t load_u32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}
inline std::uint64_t load_u64(const std::uint8_t* p) {
  return static_cast<std::uint64_t>(load_u32(p)) | static_cast<std::uint64_t>(load_u32(p + 4)) << 32;
}
inline std::int32_t load_i32(const std::uint8_t* p) { return static_cast<std::int32_t>(load_u32(p)); }
inline std::int64_t load_i64(const std::uint8_t* p) { return static_cast<std::int64_t>(load_u64(p)); }
inline float load_f32(const std::uint8_t* p) {
  const std::uint32_t bits = load_u32(p);
  float v;
  std::memcpy(&v, &bits, 4);
  return v;
}
inline double load_f64(const std::uint8_t* p) {
  const std::uint64_t bits = load_u64(p);
  double v;
  std::memcpy(&v, &bits, 8);
  return v;
}

}  // namespace pakt::godot::wire
