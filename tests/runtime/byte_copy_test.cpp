// pakt/byte_copy.hpp: short copies, reversed copies and string assignment at every length around
// their word sizes, against copies made byte by byte, with guard bytes on both sides.
#include "pakt/byte_copy.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace {

constexpr std::uint8_t kGuard = 0xA5;

std::vector<std::uint8_t> Source(std::size_t n) {
  std::vector<std::uint8_t> bytes(n);
  for (std::size_t i = 0; i < n; ++i) bytes[i] = static_cast<std::uint8_t>(i * 7 + 1);
  return bytes;
}

TEST(ByteCopy, ShortCopiesEveryLength) {
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::vector<std::uint8_t> from = Source(n);
    std::vector<std::uint8_t> to(n + 2, kGuard);
    pakt::detail::copy_short_bytes(to.data() + 1, from.data(), n);
    EXPECT_EQ(to.front(), kGuard) << n;
    EXPECT_EQ(to.back(), kGuard) << n;
    EXPECT_EQ(std::vector<std::uint8_t>(to.begin() + 1, to.end() - 1), from) << n;
  }
}

TEST(ByteCopy, ReversedCopiesEveryLength) {
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::vector<std::uint8_t> from = Source(n);
    std::vector<std::uint8_t> to(n + 2, kGuard);
    pakt::detail::reverse_copy_bytes(to.data() + 1, from.data(), n);
    std::vector<std::uint8_t> reversed;
    for (std::size_t i = n; i > 0; --i) reversed.push_back(from[i - 1]);
    EXPECT_EQ(to.front(), kGuard) << n;
    EXPECT_EQ(to.back(), kGuard) << n;
    EXPECT_EQ(std::vector<std::uint8_t>(to.begin() + 1, to.end() - 1), reversed) << n;
  }
}

TEST(ByteCopy, AssignReplacesLongerShorterAndEqualText) {
  for (std::size_t before : {0u, 1u, 5u, 15u, 16u, 40u}) {
    for (std::size_t n = 0; n <= 40; ++n) {
      const std::vector<std::uint8_t> from = Source(n);
      std::string s(before, 'x');
      pakt::detail::assign_bytes(s, from.data(), n);
      EXPECT_EQ(s, std::string(from.begin(), from.end())) << before << " -> " << n;
      EXPECT_EQ(s.c_str()[n], '\0');
    }
  }
}

TEST(ByteCopy, ResizeForOverwriteSetsTheLength) {
  for (std::size_t before : {0u, 3u, 20u}) {
    for (std::size_t n : {0u, 2u, 3u, 19u, 21u}) {
      std::string s(before, 'x');
      pakt::detail::resize_for_overwrite(s, n);
      EXPECT_EQ(s.size(), n);
      EXPECT_EQ(s.c_str()[n], '\0');
    }
  }
}

}  // namespace
