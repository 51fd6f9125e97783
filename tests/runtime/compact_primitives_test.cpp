// compact: the MSLIMA layout in little-endian. Expected bytes follow from IEEE-754 and two's
// complement, written out by hand.
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "pakt_internal/hex.hpp"
#include "gtest/gtest.h"
#include "codec_test_util.hpp"

namespace {

using pakt::internal::hex_bytes;

const pakt::compact_t C{};

TEST(CompactPrimitives, Integers) {
  EXPECT_EQ(encode(std::int32_t{30}, C), hex_bytes("1e000000"));
  EXPECT_EQ(encode(std::int32_t{-2}, C), hex_bytes("feffffff"));
  EXPECT_EQ(encode(std::uint16_t{0x1234}, C), hex_bytes("3412"));
  EXPECT_EQ(encode(std::int8_t{-1}, C), hex_bytes("ff"));
  EXPECT_EQ(encode(std::uint64_t{0x0102030405060708}, C), hex_bytes("0807060504030201"));
  EXPECT_EQ(encode(std::numeric_limits<std::int64_t>::min(), C), hex_bytes("0000000000000080"));
  std::int64_t back = 0;
  ASSERT_TRUE(decode(hex_bytes("0000000000000080"), back, C));
  EXPECT_EQ(back, std::numeric_limits<std::int64_t>::min());
}

TEST(CompactPrimitives, Floats) {
  EXPECT_EQ(encode(1.0f, C), hex_bytes("0000803f"));
  EXPECT_EQ(encode(-2.5, C), hex_bytes("00000000000004c0"));
  EXPECT_EQ(encode(-0.0f, C), hex_bytes("00000080"));
  float f = 0;
  ASSERT_TRUE(decode(hex_bytes("0000c07f"), f, C));
  EXPECT_TRUE(std::isnan(f));
  ASSERT_TRUE(decode(hex_bytes("0000807f"), f, C));
  EXPECT_EQ(f, std::numeric_limits<float>::infinity());
}

TEST(CompactPrimitives, BoolIsOneStrictByte) {
  EXPECT_EQ(encode(true, C), hex_bytes("01"));
  EXPECT_EQ(encode(false, C), hex_bytes("00"));
  bool b = false;
  const pakt::Status s = decode(hex_bytes("02"), b, C);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(s.reason(), "bool byte 2 is neither 0 nor 1");
}

TEST(CompactPrimitives, StringIsLengthThenUtf8) {
  EXPECT_EQ(encode(std::string("ABC가나다"), C), hex_bytes("0c000000 414243 eab080 eb8298 eb8ba4"));
  EXPECT_EQ(encode(std::string(), C), hex_bytes("00000000"));
  std::string s;
  ASSERT_TRUE(decode(hex_bytes("02000000 6869"), s, C));
  EXPECT_EQ(s, "hi");
}

TEST(CompactPrimitives, StringErrors) {
  std::string s;
  EXPECT_EQ(decode(hex_bytes("05000000 6869"), s, C).code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(decode(hex_bytes("ffffffff"), s, C).reason(), "negative string length -1");
  EXPECT_EQ(decode(hex_bytes("020000"), s, C).code(), pakt::ErrorCode::kTruncated);
  EXPECT_EQ(decode(hex_bytes("03000000 616263"), s, C, pakt::Limits{2, 0}).reason(), "string length 3 exceeds max_length 2");
  EXPECT_EQ(decode(hex_bytes("02000000 c328"), s, C).code(), pakt::ErrorCode::kInvalidValue);
}

TEST(CompactPrimitives, ListsAreCountThenItems) {
  EXPECT_EQ(encode(std::vector<std::uint16_t>{1, 2}, C), hex_bytes("02000000 0100 0200"));
  EXPECT_EQ(encode(std::vector<std::string>{"a", ""}, C), hex_bytes("02000000 01000000 61 00000000"));
  EXPECT_EQ(encode(std::vector<bool>{true, false, true}, C), hex_bytes("03000000 010001"));
  std::vector<float> fl;
  ASSERT_TRUE(decode(hex_bytes("01000000 0000803f"), fl, C));
  EXPECT_EQ(fl, std::vector<float>{1.0f});
  std::vector<bool> bools;
  EXPECT_EQ(decode(hex_bytes("02000000 0103"), bools, C).code(), pakt::ErrorCode::kInvalidValue);
}

TEST(CompactPrimitives, CountsAreCheckedAgainstTheRemainingBytesBeforeAllocating) {
  std::vector<std::uint64_t> v;
  const pakt::Status s = decode(hex_bytes("ffffff7f 0000000000000000"), v, C);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(s.reason(), "count 2147483647 needs at least 17179869176 bytes, 8 remain");
  EXPECT_EQ(v.capacity(), 0u);
  std::vector<std::string> strings;  // each element is at least its 4-byte length
  EXPECT_EQ(decode(hex_bytes("03000000 00000000 00000000"), strings, C).code(), pakt::ErrorCode::kLengthOverflow);
}

TEST(CompactPrimitives, FixedArraysHaveNoPrefix) {
  EXPECT_EQ(encode(std::array<std::uint8_t, 3>{1, 2, 3}, C), hex_bytes("010203"));
  std::array<std::int16_t, 2> a{};
  ASSERT_TRUE(decode(hex_bytes("0100 ffff"), a, C));
  EXPECT_EQ(a, (std::array<std::int16_t, 2>{1, -1}));
}

TEST(CompactPrimitives, OptionalIsPresenceByteThenValue) {
  EXPECT_EQ(encode(std::optional<std::int32_t>{}, C), hex_bytes("00"));
  EXPECT_EQ(encode(std::optional<std::int32_t>{5}, C), hex_bytes("01 05000000"));
  std::optional<std::int32_t> o = 9;
  ASSERT_TRUE(decode(hex_bytes("00"), o, C));
  EXPECT_FALSE(o.has_value());
}

TEST(CompactPrimitives, MathTypesArePackedComponents) {
  EXPECT_EQ(encode(pakt::Vector3{1, 2, 3}, C), hex_bytes("0000803f 00000040 00004040"));
  EXPECT_EQ(encode(pakt::Quaternion{0, 0, 0, 1}, C), hex_bytes("00000000 00000000 00000000 0000803f"));
  EXPECT_EQ(encode(pakt::Vector2i{-1, 2}, C), hex_bytes("ffffffff 02000000"));
  EXPECT_EQ(encode(pakt::Color{1, 0, 0, 1}, C), hex_bytes("0000803f 00000000 00000000 0000803f"));
}

enum class Team : std::uint8_t { red = 0, blue = 1 };

TEST(CompactPrimitives, EnumsUseTheirUnderlyingType) {
  EXPECT_EQ(encode(Team::blue, C), hex_bytes("01"));
  EXPECT_EQ(encode(std::vector<Team>{Team::blue, Team::red}, C), hex_bytes("02000000 0100"));
}

}  // namespace
