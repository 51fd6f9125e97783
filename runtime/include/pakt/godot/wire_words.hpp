// The Variant wire's words: little-endian loads and stores (the engine's encode_uint32 and
// decode_uint32 family) and the header word's layout. Used inline by ValueReader / ValueWriter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pakt/byte_copy.hpp"
#include "pakt/config.hpp"

namespace pakt::godot::wire {

inline constexpr std::uint32_t kTypeMask = 0xFF;
inline constexpr std::uint32_t kFlag64 = 1u << 16;
inline constexpr std::uint32_t kSharedBit = 0x80000000u;  // a container's count: shared (ignored)

// The zero bytes that pad a String's (or a packed array's) n bytes to a multiple of 4.
inline std::size_t padding_to_4(std::size_t n) { return (4 - n % 4) % 4; }

// Stores into room the caller made.
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

// A String's payload at p (room for string_payload_size(n) bytes): the u32 length, the bytes, and
// zeros to a multiple of 4. The padding is zeroed as the whole last word before the text is copied
// over its first bytes (no memset); with n a constant it all folds into a few stores.
inline std::size_t string_payload_size(std::size_t n) { return 4 + n + padding_to_4(n); }
PAKT_ALWAYS_INLINE void store_string_payload(std::uint8_t* p, const char* text, std::size_t n) {
  const std::size_t padded = n + padding_to_4(n);
  if (padded != 0) store_u32(p + padded, 0);
  pakt::detail::copy_short_bytes(p + 4, text, n);
  store_u32(p, static_cast<std::uint32_t>(n));
}

}  // namespace pakt::godot::wire
