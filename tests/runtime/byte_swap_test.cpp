// pakt/byte_swap.hpp: every length around the 16- and 64-byte blocks (each SIMD body, the word-at-a-time
// tail, both), each word size, copies and in place, against bytes reversed one word at a time here;
// and pakt/config.hpp's byte order and single-word swaps (the shifts, in a PAKT_PORTABLE_FALLBACKS build).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "gtest/gtest.h"
#include "pakt/byte_swap.hpp"
#include "pakt/config.hpp"

namespace {

template <class Word>
void check_every_length() {
  constexpr std::size_t kSize = sizeof(Word);
  for (std::size_t count = 0; count <= 160 / kSize; ++count) {
    std::vector<std::uint8_t> source(count * kSize);
    for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<std::uint8_t>(i * 7 + 1);
    std::vector<std::uint8_t> expected(source.size());
    for (std::size_t w = 0; w < count; ++w) {
      for (std::size_t k = 0; k < kSize; ++k) expected[w * kSize + k] = source[w * kSize + kSize - 1 - k];
    }
    std::vector<std::uint8_t> copy(source.size() + 1, 0xAB);  // one guard byte after the end
    pakt::detail::byteswap_copy<Word>(copy.data(), source.data(), count);
    EXPECT_EQ(copy.back(), 0xAB) << kSize << "-byte words, " << count << ": wrote past the end";
    copy.pop_back();
    EXPECT_EQ(copy, expected) << kSize << "-byte words, " << count << " of them, copied";
    std::vector<std::uint8_t> in_place = source;
    pakt::detail::byteswap_copy<Word>(in_place.data(), in_place.data(), count);
    EXPECT_EQ(in_place, expected) << kSize << "-byte words, " << count << " of them, in place";
    pakt::detail::byteswap_copy_words<Word>(in_place.data(), source.data(), count);  // the portable path
    EXPECT_EQ(in_place, expected) << kSize << "-byte words, " << count << " of them, word at a time";
  }
}

TEST(ByteSwap, OneWordAtATime) {
  EXPECT_EQ(pakt::detail::byte_swap(std::uint8_t{0xA1}), 0xA1u);
  EXPECT_EQ(pakt::detail::byte_swap(std::uint16_t{0xA1B2}), 0xB2A1u);
  EXPECT_EQ(pakt::detail::byte_swap(std::uint32_t{0xA1B2C3D4u}), 0xD4C3B2A1u);
  EXPECT_EQ(pakt::detail::byte_swap(std::uint64_t{0xA1B2C3D4E5F60718u}), 0x1807F6E5D4C3B2A1u);
}

TEST(ByteSwap, TheHostByteOrderIsWhatMemoryHolds) {
  const std::uint32_t word = 0x01020304u;
  unsigned char first = 0;
  std::memcpy(&first, &word, 1);
  EXPECT_EQ(pakt::detail::kHostBigEndian, first == 0x01);
}

TEST(ByteSwap, TwoByteWords) { check_every_length<std::uint16_t>(); }
TEST(ByteSwap, FourByteWords) { check_every_length<std::uint32_t>(); }
TEST(ByteSwap, EightByteWords) { check_every_length<std::uint64_t>(); }

}  // namespace
