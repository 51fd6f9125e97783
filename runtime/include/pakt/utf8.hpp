// UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pakt/config.hpp"
#include "pakt/utf8_simd.hpp"

namespace pakt::utf8 {

namespace detail {

// True when all n bytes are ASCII: 8 bytes at a time OR-ed together, the tail as one more word that
// overlaps the last full one (no byte loop, no branch per word), short text as two overlapping words.
PAKT_ALWAYS_INLINE bool all_ascii(const std::uint8_t* s, std::size_t n) noexcept {
  constexpr std::uint64_t kHigh64 = 0x8080808080808080ull;
  if (n >= 8) {
    std::uint64_t any = 0;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t block;
      std::memcpy(&block, s + i, 8);
      any |= block;
    }
    std::uint64_t last;
    std::memcpy(&last, s + n - 8, 8);
    return ((any | last) & kHigh64) == 0;
  }
  if (n >= 4) {
    std::uint32_t head, tail;
    std::memcpy(&head, s, 4);
    std::memcpy(&tail, s + n - 4, 4);
    return ((head | tail) & 0x80808080u) == 0;
  }
  std::uint8_t any = 0;
  for (std::size_t i = 0; i < n; ++i) any |= s[i];
  return any < 0x80;
}

// The offset of the first invalid byte, sequence by sequence (text that is not all ASCII). With
// kReversed the text is s's n bytes in reverse order (MSLIMA's wire form), read where it lies.
template <bool kReversed = false>
inline std::size_t first_invalid_sequence(const std::uint8_t* s, std::size_t n) noexcept {
  const auto at = [s, n](std::size_t i) { return kReversed ? s[n - 1 - i] : s[i]; };
  std::size_t i = 0;
  while (i < n) {
    // ASCII runs: 8 bytes at a time (which bytes are ASCII does not depend on their order).
    while (i + 8 <= n) {
      std::uint64_t block;
      std::memcpy(&block, kReversed ? s + n - i - 8 : s + i, 8);
      if (block & 0x8080808080808080ull) break;
      i += 8;
    }
    if (i >= n) break;
    const std::uint8_t c = at(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    std::uint8_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;  // no overlongs
      if (c == 0xED) hi = 0x9F;  // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;  // no overlongs
      if (c == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
    } else {
      return i;
    }
    if (i + len > n) return i;
    if (at(i + 1) < lo || at(i + 1) > hi) return i;
    for (std::size_t k = 2; k < len; ++k) {
      if ((at(i + k) & 0xC0) != 0x80) return i;
    }
    i += len;
  }
  return n;
}

// The offset of the first invalid byte of text that is not all ASCII: valid text is confirmed 16
// bytes at a time where the CPU has SSSE3 (every x86-64 CPU since 2006; asked per call), and the
// offset of an error found sequence by sequence. Out of line: the ASCII test before it is inlined
// into every string read.
template <bool kReversed>
PAKT_NOINLINE inline std::size_t first_invalid_not_ascii(const std::uint8_t* s, std::size_t n) noexcept {
#if defined(PAKT_UTF8_SSSE3)
  if (PAKT_CPU_HAS_SSSE3() && valid_ssse3<kReversed>(s, n)) return n;
#endif
  return first_invalid_sequence<kReversed>(s, n);
}

}  // namespace detail

// Returns the offset of the first invalid byte, or n when all n bytes are valid UTF-8.
PAKT_ALWAYS_INLINE std::size_t first_invalid(const std::uint8_t* s, std::size_t n) noexcept {
  if (detail::all_ascii(s, n)) return n;
  return detail::first_invalid_not_ascii<false>(s, n);
}

inline bool valid(const std::uint8_t* s, std::size_t n) noexcept { return first_invalid(s, n) == n; }

// first_invalid of the text whose bytes are s's n bytes in reverse order (MSLIMA's strings, checked
// on the wire before they are copied); the offset counts in the text's order.
PAKT_ALWAYS_INLINE std::size_t first_invalid_reversed(const std::uint8_t* s, std::size_t n) noexcept {
  if (detail::all_ascii(s, n)) return n;
  return detail::first_invalid_not_ascii<true>(s, n);
}

}  // namespace pakt::utf8
