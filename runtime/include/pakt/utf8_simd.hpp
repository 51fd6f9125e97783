// UTF-8 validation 16 bytes at a time with SSSE3 byte shuffles: the lookup method of Keiser and
// Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte" (Software: Practice and
// Experience, 2021). It answers valid / not valid only; pakt/utf8.hpp then finds the offset of the
// first invalid byte with the sequence-by-sequence validator.
//
// Every error of two consecutive bytes (b1, b2) falls in one of eight classes, each a condition on
// b1's high nibble, b1's low nibble and b2's high nibble. Three 16-entry tables (one per nibble)
// hold, for each nibble value, the classes that nibble allows; shuffling by the nibbles and AND-ing
// the three looks up every byte pair of a block at once. The one class that is not an error by
// itself, a continuation byte after a continuation byte, is correct exactly where the byte is the
// third or fourth of a sequence, which the byte two or three before tells.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pakt/config.hpp"

#if PAKT_X86_SIMD
#include <immintrin.h>
#define PAKT_UTF8_SSSE3 1
#endif

namespace pakt::utf8::detail {

#if defined(PAKT_UTF8_SSSE3)

// The eight classes of (b1, b2), one bit each.
enum : std::uint8_t {
  kTooShort = 1 << 0,       // a lead byte not followed by a continuation byte
  kTooLong = 1 << 1,        // an ASCII byte followed by a continuation byte
  kOverlong3 = 1 << 2,      // E0 80..9F
  kTooLarge = 1 << 3,       // F4 90..BF, F5..FF 90..BF
  kSurrogate = 1 << 4,      // ED A0..BF
  kOverlong2 = 1 << 5,      // C0..C1 followed by a continuation byte
  kTooLarge1000 = 1 << 6,   // F5..FF 80..8F, and (the same bit) F0 80..8F: overlong 4-byte forms
  kTwoContinuations = 1 << 7,
};

// Which nibble values each class allows, as 16-bit masks (bit v: nibble value v).
struct ErrorClass {
  std::uint8_t bit;
  std::uint16_t b1_high;
  std::uint16_t b1_low;
  std::uint16_t b2_high;
};

constexpr std::uint16_t nibbles(unsigned first, unsigned last) {
  std::uint16_t mask = 0;
  for (unsigned v = first; v <= last; ++v) mask = static_cast<std::uint16_t>(mask | (1u << v));
  return mask;
}

constexpr std::uint16_t kAny = 0xFFFF;
constexpr std::uint16_t kContinuationHigh = nibbles(0x8, 0xB);
constexpr ErrorClass kErrorClasses[] = {
    {kTooShort, nibbles(0xC, 0xF), kAny, static_cast<std::uint16_t>(nibbles(0x0, 0x7) | nibbles(0xC, 0xF))},
    {kTooLong, nibbles(0x0, 0x7), kAny, kContinuationHigh},
    {kOverlong3, nibbles(0xE, 0xE), nibbles(0x0, 0x0), nibbles(0x8, 0x9)},
    {kTooLarge, nibbles(0xF, 0xF), nibbles(0x4, 0xF), nibbles(0x9, 0xB)},
    {kSurrogate, nibbles(0xE, 0xE), nibbles(0xD, 0xD), nibbles(0xA, 0xB)},
    {kOverlong2, nibbles(0xC, 0xC), nibbles(0x0, 0x1), kContinuationHigh},
    {kTooLarge1000, nibbles(0xF, 0xF), static_cast<std::uint16_t>(nibbles(0x0, 0x0) | nibbles(0x5, 0xF)), nibbles(0x8, 0x8)},
    {kTwoContinuations, kContinuationHigh, kAny, kContinuationHigh},
};

// Table k (0: b1's high nibble, 1: b1's low nibble, 2: b2's high nibble): entry v holds the
// classes whose condition on that nibble allows the value v.
struct NibbleTable {
  alignas(16) std::uint8_t entries[16] = {};
  constexpr explicit NibbleTable(int k) {
    for (unsigned v = 0; v < 16; ++v) {
      for (const ErrorClass& c : kErrorClasses) {
        const std::uint16_t allowed = k == 0 ? c.b1_high : k == 1 ? c.b1_low : c.b2_high;
        if (allowed & (1u << v)) entries[v] = static_cast<std::uint8_t>(entries[v] | c.bit);
      }
    }
  }
};
inline constexpr NibbleTable kByte1High{0};
inline constexpr NibbleTable kByte1Low{1};
inline constexpr NibbleTable kByte2High{2};

// The error bits of `input`'s 16 bytes, `previous` being the 16 bytes before them.
PAKT_TARGET_SSSE3 inline __m128i block_errors(__m128i input, __m128i previous) noexcept {
  const __m128i low_nibble = _mm_set1_epi8(0x0F);
  const __m128i prev1 = _mm_alignr_epi8(input, previous, 15);  // each byte's predecessor
  const __m128i b1_high = _mm_shuffle_epi8(_mm_load_si128(reinterpret_cast<const __m128i*>(kByte1High.entries)),
                                           _mm_and_si128(_mm_srli_epi16(prev1, 4), low_nibble));
  const __m128i b1_low = _mm_shuffle_epi8(_mm_load_si128(reinterpret_cast<const __m128i*>(kByte1Low.entries)),
                                          _mm_and_si128(prev1, low_nibble));
  const __m128i b2_high = _mm_shuffle_epi8(_mm_load_si128(reinterpret_cast<const __m128i*>(kByte2High.entries)),
                                           _mm_and_si128(_mm_srli_epi16(input, 4), low_nibble));
  const __m128i classes = _mm_and_si128(_mm_and_si128(b1_high, b1_low), b2_high);
  // The byte two before is a 3- or 4-byte lead (E0..FF), or the byte three before a 4-byte lead
  // (F0..FF): this byte must be a continuation, i.e. have kTwoContinuations exactly then.
  const __m128i prev2 = _mm_alignr_epi8(input, previous, 14);
  const __m128i prev3 = _mm_alignr_epi8(input, previous, 13);
  const __m128i third = _mm_subs_epu8(prev2, _mm_set1_epi8(static_cast<char>(0xE0 - 0x80)));  // >= 0x80 iff prev2 >= E0
  const __m128i fourth = _mm_subs_epu8(prev3, _mm_set1_epi8(static_cast<char>(0xF0 - 0x80)));  // >= 0x80 iff prev3 >= F0
  const __m128i must_continue = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8(static_cast<char>(0x80)));
  return _mm_xor_si128(must_continue, classes);
}

// 16 bytes of text from block `index` of s (kReversed: s holds the text's bytes in reverse order).
template <bool kReversed>
PAKT_TARGET_SSSE3 inline __m128i load_block(const std::uint8_t* s, std::size_t n, std::size_t index) noexcept {
  if constexpr (kReversed) {
    const __m128i wire = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + n - 16 * (index + 1)));
    return _mm_shuffle_epi8(wire, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
  } else {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16 * index));
  }
}

inline std::uint64_t load_u64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline std::uint32_t load_u32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The `rest` (< 16) bytes at p, zero-padded to 16, built in registers: a vector load of bytes just
// stored one word at a time would wait for the stores (store-to-load forwarding fails). At most
// 8 bytes are read outside [p, p + rest): before it when `before_ok` (they end at p + rest), after
// it when `after_ok` (they start at p).
PAKT_TARGET_SSSE3 inline __m128i tail_block(const std::uint8_t* p, std::size_t rest, bool before_ok,
                                           bool after_ok) noexcept {
  std::uint64_t low = 0, high = 0;
  if (rest >= 8) {
    low = load_u64(p);
    if (rest > 8) high = load_u64(p + rest - 8) >> (8 * (16 - rest));  // bytes 8 .. rest-1
  } else if (before_ok && rest != 0) {
    low = load_u64(p + rest - 8) >> (8 * (8 - rest));
  } else if (after_ok && rest != 0) {
    low = load_u64(p) & (~std::uint64_t{0} >> (8 * (8 - rest)));
  } else if (rest >= 4) {
    low = load_u32(p) | (static_cast<std::uint64_t>(load_u32(p + rest - 4)) >> (8 * (8 - rest))) << 32;
  } else {
    for (std::size_t i = 0; i < rest; ++i) low |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  }
  return _mm_unpacklo_epi64(_mm_cvtsi64_si128(static_cast<long long>(low)), _mm_cvtsi64_si128(static_cast<long long>(high)));
}

// True when the n bytes are valid UTF-8. The text after the last full block goes in a zero-padded
// block (zeros are ASCII: a sequence cut short by the end then shows as too short); when there is
// no such tail an all-zero block is checked after the last one for the same reason.
template <bool kReversed>
PAKT_TARGET_SSSE3 inline bool valid_ssse3(const std::uint8_t* s, std::size_t n) noexcept {
  __m128i previous = _mm_setzero_si128();
  __m128i errors = _mm_setzero_si128();
  const std::size_t blocks = n / 16;
  for (std::size_t k = 0; k < blocks; ++k) {
    const __m128i input = load_block<kReversed>(s, n, k);
    errors = _mm_or_si128(errors, block_errors(input, previous));
    previous = input;
  }
  const std::size_t rest = n - 16 * blocks;
  __m128i tail;
  if constexpr (kReversed) {
    // The text's last bytes are the wire's first `rest`, reversed within the block (indices past
    // rest - 1 are negative: pshufb writes zeros there).
    const __m128i wire = tail_block(s, rest, false, n >= 8);
    const __m128i order = _mm_sub_epi8(_mm_set1_epi8(static_cast<char>(rest - 1)),
                                       _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    tail = _mm_shuffle_epi8(wire, order);
  } else {
    tail = tail_block(s + 16 * blocks, rest, n >= 8, false);
  }
  errors = _mm_or_si128(errors, block_errors(tail, previous));
  return _mm_movemask_epi8(_mm_cmpeq_epi8(errors, _mm_setzero_si128())) == 0xFFFF;
}

#endif  // PAKT_UTF8_SSSE3

}  // namespace pakt::utf8::detail
