// Byte-swapped copies of arrays of 2-, 4- and 8-byte words: MSLIMA's big-endian lists and vectors
// on a little-endian host, in one pass. On x86-64 with SSSE3 (every x86-64 CPU since 2006; checked
// per call, __builtin_cpu_supports reads a global) 16 bytes go per step through one byte shuffle;
// elsewhere, and for the tail, a word at a time.
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
template <class Word>
[[gnu::target("ssse3")]] void byteswap_copy_ssse3(std::uint8_t* to, const std::uint8_t* from,
                                                   std::size_t count) noexcept {
  // Byte k of each 16-byte block comes from byte order[k]: each word's bytes reversed in place.
  alignas(16) std::uint8_t order[16];
  for (std::size_t k = 0; k < 16; ++k) {
    const std::size_t word_start = k - k % sizeof(Word);
    order[k] = static_cast<std::uint8_t>(word_start + sizeof(Word) - 1 - k % sizeof(Word));
  }
  const __m128i shuffle = _mm_load_si128(reinterpret_cast<const __m128i*>(order));
  constexpr std::size_t kWordsPerBlock = 16 / sizeof(Word);
  std::size_t i = 0;
  for (; i + kWordsPerBlock <= count; i += kWordsPerBlock) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i * sizeof(Word)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to + i * sizeof(Word)), _mm_shuffle_epi8(block, shuffle));
  }
  byteswap_copy_words<Word>(to + i * sizeof(Word), from + i * sizeof(Word), count - i);
}
#endif

// Copies count words of Word's size from `from` to `to` (the same place, or not overlapping),
// each with its bytes reversed.
template <class Word>
inline void byteswap_copy(std::uint8_t* to, const std::uint8_t* from, std::size_t count) noexcept {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if (count * sizeof(Word) >= 16 && __builtin_cpu_supports("ssse3")) {
    byteswap_copy_ssse3<Word>(to, from, count);
    return;
  }
#endif
  byteswap_copy_words<Word>(to, from, count);
}

}  // namespace pakt::detail
