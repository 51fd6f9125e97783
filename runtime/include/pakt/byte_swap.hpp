// Byte-swapped copies of arrays of 2-, 4- and 8-byte words: MSLIMA's big-endian lists and vectors
// on a little-endian host, in one pass. On x86-64 a byte shuffle reverses 64 bytes per step with
// AVX2, 16 with SSSE3 (every x86-64 CPU since 2006); the CPU is asked per call
// (__builtin_cpu_supports reads a global). Elsewhere, and for the tail, a word at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace pakt::detail {

inline std::uint8_t swap_word(std::uint8_t v) noexcept { return v; }
inline std::uint16_t swap_word(std::uint16_t v) noexcept { return __builtin_bswap16(v); }
inline std::uint32_t swap_word(std::uint32_t v) noexcept { return __builtin_bswap32(v); }
inline std::uint64_t swap_word(std::uint64_t v) noexcept { return __builtin_bswap64(v); }

template <class Word>
inline void byteswap_copy_words(std::uint8_t* to, const std::uint8_t* from, std::size_t count) noexcept {
  for (std::size_t i = 0; i < count; ++i) {
    Word w;
    std::memcpy(&w, from + i * sizeof(Word), sizeof(Word));
    w = swap_word(w);
    std::memcpy(to + i * sizeof(Word), &w, sizeof(Word));
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
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
[[gnu::target("ssse3")]] void byteswap_copy_ssse3(std::uint8_t* to, const std::uint8_t* from,
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
[[gnu::target("avx2")]] void byteswap_copy_avx2(std::uint8_t* to, const std::uint8_t* from,
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
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if (count * sizeof(Word) >= 16) {
    if (count * sizeof(Word) >= 64 && __builtin_cpu_supports("avx2")) {
      byteswap_copy_avx2<Word>(to, from, count);
      return;
    }
    if (__builtin_cpu_supports("ssse3")) {
      byteswap_copy_ssse3<Word>(to, from, count);
      return;
    }
  }
#endif
  byteswap_copy_words<Word>(to, from, count);
}

}  // namespace pakt::detail
