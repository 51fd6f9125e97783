// Byte-swapped copies of arrays of 2-, 4- and 8-byte words: MSLIMA's big-endian lists and vectors
// on a little-endian host, in one pass. On x86-64 a byte shuffle reverses 64 bytes per step with
// AVX2, 16 with SSSE3 (every x86-64 CPU since 2006); the CPU is asked per call
// (PAKT_CPU_HAS_*, a global read: pakt/config.hpp). Elsewhere, and for the tail, a word at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pakt/config.hpp"

#if PAKT_X86_SIMD
#include <immintrin.h>
#endif

namespace pakt::detail {

template <class Word>
inline void byteswap_copy_words(std::uint8_t* to, const std::uint8_t* from, std::size_t count) noexcept {
  for (std::size_t i = 0; i < count; ++i) {
    Word w;
    std::memcpy(&w, from + i * sizeof(Word), sizeof(Word));
    w = byte_swap(w);
    std::memcpy(to + i * sizeof(Word), &w, sizeof(Word));
  }
}

#if PAKT_X86_SIMD
// Byte k of each 16-byte lane comes from byte order[k]: each word's bytes reversed in place.
template <class Word>
struct LaneOrder {
  alignas(16) std::uint8_t bytes[16];
  LaneOrder() noexcept {
    for (std::size_t k = 0; k < 16; ++k) {
      bytes[k] = static_cast<std::uint8_t>(k - k % sizeof(Word) + sizeof(Word) - 1 - k % sizeof(Word));
    }
  }
};

template <class Word>
PAKT_TARGET_SSSE3 void byteswap_copy_ssse3(std::uint8_t* to, const std::uint8_t* from,
                                           std::size_t count) noexcept {
  const LaneOrder<Word> order;
  const __m128i shuffle = _mm_load_si128(reinterpret_cast<const __m128i*>(order.bytes));
  constexpr std::size_t kWordsPerStep = 16 / sizeof(Word);
  std::size_t i = 0;
  for (; i + kWordsPerStep <= count; i += kWordsPerStep) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i * sizeof(Word)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to + i * sizeof(Word)), _mm_shuffle_epi8(block, shuffle));
  }
  byteswap_copy_words<Word>(to + i * sizeof(Word), from + i * sizeof(Word), count - i);
}

// The same, 64 bytes per step (AVX2 shuffles each 16-byte lane alike; words never cross lanes).
template <class Word>
PAKT_TARGET_AVX2 void byteswap_copy_avx2(std::uint8_t* to, const std::uint8_t* from,
                                         std::size_t count) noexcept {
  const LaneOrder<Word> order;
  const __m128i lane = _mm_load_si128(reinterpret_cast<const __m128i*>(order.bytes));
  const __m256i shuffle = _mm256_broadcastsi128_si256(lane);
  constexpr std::size_t kWordsPerStep = 64 / sizeof(Word);
  std::size_t i = 0;
  for (; i + kWordsPerStep <= count; i += kWordsPerStep) {
    const std::uint8_t* in = from + i * sizeof(Word);
    std::uint8_t* out = to + i * sizeof(Word);
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 32));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_shuffle_epi8(a, shuffle));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 32), _mm256_shuffle_epi8(b, shuffle));
  }
  byteswap_copy_ssse3<Word>(to + i * sizeof(Word), from + i * sizeof(Word), count - i);
}
#endif

// Copies count words of Word's size from `from` to `to` (the same place, or not overlapping),
// each with its bytes reversed.
template <class Word>
inline void byteswap_copy(std::uint8_t* to, const std::uint8_t* from, std::size_t count) noexcept {
#if PAKT_X86_SIMD
  if (count * sizeof(Word) >= 16) {
    if (count * sizeof(Word) >= 64 && PAKT_CPU_HAS_AVX2()) {
      byteswap_copy_avx2<Word>(to, from, count);
      return;
    }
    if (PAKT_CPU_HAS_SSSE3()) {
      byteswap_copy_ssse3<Word>(to, from, count);
      return;
    }
  }
#endif
  byteswap_copy_words<Word>(to, from, count);
}

}  // namespace pakt::detail
