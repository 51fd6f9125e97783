// mslima: byte-exact with MSLIMA PhotonSerializer 0.3.2. The expected bytes are the real
// serializer's output as recorded in ../shared/reference/photon-wire-format.md §1.1.
#include <string>

#include "pakt_internal/hex.hpp"
#include "gtest/gtest.h"
#include "codec_test_util.hpp"

namespace {

using pakt::internal::hex_bytes;

const pakt::mslima_t M{};

TEST(MslimaPrimitives, NumbersAreBigEndian) {
  EXPECT_EQ(encode(std::int32_t{30}, M), hex_bytes("0000001e"));
  EXPECT_EQ(encode(std::int32_t{71}, M), hex_bytes("00000047"));
  EXPECT_EQ(encode(0.162f, M), hex_bytes("3e25e354"));
  EXPECT_EQ(encode(std::int16_t{-2}, M), hex_bytes("fffe"));  // a pakt extension, in the same style
}

TEST(MslimaPrimitives, StringsAreReversedUtf8) {
  EXPECT_EQ(encode(std::string("ABC가나다"), M), hex_bytes("0000000c a48beb9882eb80b0ea434241"));
  std::string s;
  ASSERT_TRUE(decode(hex_bytes("0000000c a48beb9882eb80b0ea434241"), s, M));
  EXPECT_EQ(s, "ABC가나다");
  EXPECT_EQ(encode(std::string(), M), hex_bytes("00000000"));
}

TEST(MslimaPrimitives, InvalidUtf8IsDetectedAfterReversing) {
  std::string s;
  // Forward bytes c3 a9 ("é") are written reversed as a9 c3; reading them forwards would fail.
  ASSERT_TRUE(decode(hex_bytes("00000002 a9c3"), s, M));
  EXPECT_EQ(s, "é");
  EXPECT_EQ(decode(hex_bytes("00000002 c3a9"), s, M).code(), pakt::ErrorCode::kInvalidValue);
}

TEST(MslimaPrimitives, BoolAnyNonZeroIsTrue) {
  bool b = false;
  ASSERT_TRUE(decode(hex_bytes("7f"), b, M));
  EXPECT_TRUE(b);
  EXPECT_EQ(encode(true, M), hex_bytes("01"));
}

TEST(MslimaPrimitives, Vector3AndQuaternion) {
  EXPECT_EQ(encode(pakt::Vector3{-23, 62, 26}, M), hex_bytes("c1b80000 42780000 41d00000"));
  EXPECT_EQ(encode(pakt::Vector3{1, 7, -15}, M), hex_bytes("3f800000 40e00000 c1700000"));
  pakt::Quaternion q;
  ASSERT_TRUE(decode(hex_bytes("3e98917c bd20aa65 3dff0795 3f720d82"), q, M));
  EXPECT_FLOAT_EQ(q.x, 0.29798496f);
  EXPECT_FLOAT_EQ(q.w, 0.9455186f);
}

TEST(MslimaPrimitives, ArraysAreBigEndianCountThenItems) {
  EXPECT_EQ(encode(std::vector<std::int32_t>{1, -1}, M), hex_bytes("00000002 00000001 ffffffff"));
  EXPECT_EQ(encode(std::vector<std::uint8_t>{}, M), hex_bytes("00000000"));
  EXPECT_EQ(encode(std::vector<std::string>{"ab"}, M), hex_bytes("00000001 00000002 6261"));
  std::vector<pakt::Vector3> v;
  ASSERT_TRUE(decode(hex_bytes("00000001 3f800000 40e00000 c1700000"), v, M));
  EXPECT_EQ(v[0], (pakt::Vector3{1, 7, -15}));
}

TEST(MslimaPrimitives, NegativeLengthsAreErrorsNotEmptyValues) {
  // MSLIMA itself reads a length <= 0 as empty and goes on misaligned; pakt refuses.
  std::string s;
  EXPECT_EQ(decode(hex_bytes("ffffffff"), s, M).code(), pakt::ErrorCode::kLengthOverflow);
}

}  // namespace
