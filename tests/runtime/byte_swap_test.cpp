// pakt/byte_swap.hpp: every length around the 16- and 64-byte blocks (each SIMD body, the word-at-a-time
// tail, both), each word size, copies and in place, against bytes reversed one word at a time here.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "pakt/byte_swap.hpp"

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

TEST(ByteSwap, TwoByteWords) { check_every_length<std::uint16_t>(); }
TEST(ByteSwap, FourByteWords) { check_every_length<std::uint32_t>(); }
TEST(ByteSwap, EightByteWords) { check_every_length<std::uint64_t>(); }

}  // namespace
