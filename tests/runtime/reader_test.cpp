#include "pakt/reader.hpp"

#include <vector>

#include "gtest/gtest.h"

namespace {

TEST(Reader, TakesBytesInOrder) {
  const std::vector<std::uint8_t> bytes = {1, 2, 3};
  pakt::Reader r(bytes);
  const std::uint8_t* p = r.take(2);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p[0], 1);
  EXPECT_EQ(r.offset(), 2u);
  EXPECT_EQ(r.remaining(), 1u);
  EXPECT_TRUE(r.has(1));
  EXPECT_FALSE(r.has(2));
}

TEST(Reader, TruncationIsAnErrorAtTheOffset) {
  const std::vector<std::uint8_t> bytes = {1, 2, 3};
  pakt::Reader r(bytes);
  r.take(1);
  EXPECT_EQ(r.take(4, "int32"), nullptr);
  EXPECT_EQ(r.offset(), 1u) << "a failed take consumes nothing";
  const pakt::Status s = r.status();
  EXPECT_EQ(s.code(), pakt::ErrorCode::kTruncated);
  EXPECT_EQ(s.offset(), 1u);
  EXPECT_EQ(s.reason(), "truncated int32: needs 4 bytes, 2 remain");
}

TEST(Reader, FirstErrorWins) {
  pakt::Reader r(pakt::ByteView{});
  EXPECT_FALSE(r.fail(pakt::ErrorCode::kInvalidValue, "first"));
  EXPECT_FALSE(r.fail(pakt::ErrorCode::kTruncated, "second"));
  EXPECT_EQ(r.status().reason(), "first");
}

TEST(Reader, PathIsBuiltWhileUnwinding) {
  pakt::Reader r(pakt::ByteView{});
  EXPECT_FALSE(r.fail(pakt::ErrorCode::kLimitExceeded, "too long"));
  r.in_field("name");
  r.in_index(2);
  r.in_field("weapons");
  r.in_field("Player");
  EXPECT_EQ(r.status().message(), "Player.weapons[2].name: too long");
}

TEST(Reader, NestedIndexesJoinWithoutDots) {
  pakt::Reader r(pakt::ByteView{});
  EXPECT_FALSE(r.fail(pakt::ErrorCode::kTruncated, "x"));
  r.in_index(1);
  r.in_index(0);
  r.in_field("grid");
  EXPECT_EQ(r.status().message(), "grid[0][1]: x");
}

TEST(Reader, EmptyView) {
  pakt::Reader r(pakt::ByteView{});
  EXPECT_TRUE(r.at_end());
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.take(1), nullptr);
  EXPECT_FALSE(r.ok());
}

}  // namespace
