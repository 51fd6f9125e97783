#include "pakt/writer.hpp"

#include <array>

#include "gtest/gtest.h"

namespace {

TEST(Writer, WritesWithinCapacity) {
  std::array<std::uint8_t, 4> buf{};
  pakt::Writer w(buf.data(), buf.size());
  w.write_byte(1);
  const std::uint8_t more[] = {2, 3};
  w.write(more, 2);
  EXPECT_TRUE(w.ok());
  EXPECT_EQ(w.size(), 3u);
  EXPECT_EQ(w.remaining(), 1u);
  EXPECT_EQ(buf, (std::array<std::uint8_t, 4>{1, 2, 3, 0}));
}

TEST(Writer, OverflowWritesNothingAndSticks) {
  std::array<std::uint8_t, 3> buf{};
  pakt::Writer w(buf.data(), buf.size());
  const std::uint8_t four[] = {9, 9, 9, 9};
  w.write(four, 4);
  EXPECT_FALSE(w.ok());
  EXPECT_EQ(w.size(), 0u);
  EXPECT_EQ(buf, (std::array<std::uint8_t, 3>{0, 0, 0}));
  w.write_byte(1);  // still failed: a later small write must not make the output look whole
  EXPECT_FALSE(w.ok());
  EXPECT_EQ(w.reserve(1), nullptr);
  EXPECT_EQ(w.remaining(), 0u);
  EXPECT_EQ(w.size(), 0u);
  EXPECT_EQ(buf, (std::array<std::uint8_t, 3>{0, 0, 0}));  // nor write it
}

TEST(Writer, OverflowAfterPartialOutputKeepsWhatWasWritten) {
  std::array<std::uint8_t, 4> buf{};
  pakt::Writer w(buf.data(), buf.size());
  const std::uint8_t two[] = {1, 2};
  const std::uint8_t three[] = {3, 4, 5};
  w.write(two, 2);
  w.write(three, 3);  // does not fit in the 2 bytes left
  w.write_byte(6);    // would fit in them, but the writer is closed
  w.write(two, 2);
  EXPECT_FALSE(w.ok());
  EXPECT_EQ(w.size(), 2u);
  EXPECT_EQ(buf, (std::array<std::uint8_t, 4>{1, 2, 0, 0}));
}

TEST(Writer, ByteAtTheEndOverflows) {
  std::uint8_t b = 0;
  pakt::Writer w(&b, 1);
  w.write_byte(7);
  w.write_byte(8);
  EXPECT_FALSE(w.ok());
  EXPECT_EQ(b, 7);
}

TEST(Writer, ZeroCapacity) {
  pakt::Writer w(nullptr, 0);
  w.write(nullptr, 0);
  EXPECT_TRUE(w.ok());
  w.write_byte(0);
  EXPECT_FALSE(w.ok());
}

}  // namespace
