// Which byte strings the engine's String::parse_utf8 accepts (private to runtime/src/godot).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pakt/config.hpp"
#include "pakt/godot/format_version.hpp"
#include "pakt/utf8.hpp"

namespace pakt::godot {

// The offset of the first byte the engine rejects, or n when it accepts all n bytes (which hold
// no NUL; the caller has already cut the text at the first NUL). Godot 4 accepts exactly
// RFC 3629 UTF-8. Godot 3 checks only the sequence structure: it also accepts surrogates, code
// points above U+10FFFF and 5- and 6-byte sequences, and rejects C0/C1 lead bytes.
std::size_t godot3_first_invalid(const std::uint8_t* s, std::size_t n) noexcept;

// True when every one of the n bytes is in 1..127: ASCII without NUL, which both engines accept
// as it is (no BOM, which is not ASCII, and nothing to cut). Most strings are; the others take the
// validator. 8 bytes at a time, the tail as one more word overlapping the last full one: a word
// is bad when a byte has its high bit set or is zero (a zero byte turns 0xFF in w - 0x01..01; a
// byte of 1..127 stays below 0x80 with no borrow).
PAKT_ALWAYS_INLINE bool ascii_without_nul(const std::uint8_t* s, std::size_t n) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  const auto bad_bits = [](std::uint64_t w) { return (w | (w - kOnes)) & kHigh; };
  if (n >= 8) {
    std::uint64_t bad = 0;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, s + i, 8);
      bad |= bad_bits(w);
    }
    std::uint64_t last;
    std::memcpy(&last, s + n - 8, 8);
    return (bad | bad_bits(last)) == 0;
  }
  if (n >= 4) {
    std::uint32_t head, tail;
    std::memcpy(&head, s, 4);
    std::memcpy(&tail, s + n - 4, 4);
    const std::uint64_t both = static_cast<std::uint64_t>(head) << 32 | tail;
    return bad_bits(both) == 0;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (s[i] == 0 || s[i] >= 0x80) return false;
  }
  return true;
}
inline std::size_t engine_utf8_first_invalid(const std::uint8_t* s, std::size_t n, Version version) noexcept {
  return version == Version::godot4 ? utf8::first_invalid(s, n) : godot3_first_invalid(s, n);
}

}  // namespace pakt::godot
