// What distinguishes the two binary formats, checked on generated messages: byte order, string
// direction, bool decoding, optional presence bytes, fixed arrays without prefix.
#include "test_values.hpp"

namespace {

using namespace pakt::test;

TEST(Formats, MslimaIsBigEndianAndCompactLittleEndian) {
  Inner v{0x01020304, ""};
  EXPECT_EQ(Serialize(v, pakt::mslima), (std::vector<std::uint8_t>{1, 2, 3, 4, 0, 0, 0, 0}));
  EXPECT_EQ(Serialize(v, pakt::compact), (std::vector<std::uint8_t>{4, 3, 2, 1, 0, 0, 0, 0}));
}

TEST(Formats, MslimaReversesTheUtf8BytesOfStrings) {
  Inner v{0, "ab가"};  // UTF-8: 61 62 ea b0 80
  const std::vector<std::uint8_t> ms = Serialize(v, pakt::mslima);
  EXPECT_EQ(std::vector<std::uint8_t>(ms.begin() + 8, ms.end()), (std::vector<std::uint8_t>{0x80, 0xb0, 0xea, 0x62, 0x61}));
  const std::vector<std::uint8_t> co = Serialize(v, pakt::compact);
  EXPECT_EQ(std::vector<std::uint8_t>(co.begin() + 8, co.end()), (std::vector<std::uint8_t>{0x61, 0x62, 0xea, 0xb0, 0x80}));
}

TEST(Formats, BoolDecodingIsStrictInCompactAndLenientInMslima) {
  Scalars s;
  std::vector<std::uint8_t> bytes = Serialize(s, pakt::mslima);
  bytes[0] = 2;  // BitConverter.ToBoolean reads any non-zero byte as true
  Scalars decoded;
  ASSERT_TRUE(Deserialize(bytes, decoded, pakt::mslima));
  EXPECT_TRUE(decoded.b);
  const pakt::Status st = Deserialize(bytes, decoded, pakt::compact);
  EXPECT_EQ(st.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(st.message(), "Scalars.b: bool byte 2 is neither 0 nor 1");
  EXPECT_EQ(st.offset(), 0u);
}

TEST(Formats, OptionalIsAPresenceByteThenTheValue) {
  Optionals o;
  EXPECT_EQ(Serialize(o), (std::vector<std::uint8_t>{0, 0, 0, 0, 0}));
  o.maybe_int = 0x05;
  const std::vector<std::uint8_t> bytes = Serialize(o);
  EXPECT_EQ(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 5), (std::vector<std::uint8_t>{1, 5, 0, 0, 0}));
  std::vector<std::uint8_t> forged = bytes;
  forged[0] = 2;
  Optionals decoded;
  EXPECT_EQ(Deserialize(forged, decoded).message(), "Optionals.maybe_int: presence byte 2 is neither 0 nor 1");
}

TEST(Formats, FixedArraysHaveNoCountPrefix) {
  Fixed f;
  // rgba 4 + corners 4*8 + names 2*(4+0) + pair 2*(4+4) + flags 3
  EXPECT_EQ(SerializedSize(f), 4u + 32u + 8u + 16u + 3u);
}

TEST(Formats, EnumsUseTheirUnderlyingWidth) {
  Scalars s;
  // bool 1, u8 1, i8 1, u16 2, i16 2, u32 4, i32 4, u64 8, i64 8, f32 4, f64 8, Small 1, Signed 2, Wide 4
  EXPECT_EQ(SerializedSize(s), 50u);
  EXPECT_EQ(pakt::MessageTraits<Scalars>::kFixedWireSize, 50u);
}

TEST(Formats, ExampleValuesComeFromTheSchema) {
  const Scalars s = ExampleScalars();
  EXPECT_EQ(s.u64, 18446744073709551615ULL);
  EXPECT_EQ(s.i64, std::numeric_limits<std::int64_t>::min());
  EXPECT_TRUE(std::signbit(s.f32));
  EXPECT_TRUE(std::isnan(s.f64));
  EXPECT_EQ(s.small, Small::max);
  EXPECT_EQ(ExampleTexts().s, "héllo ✓ 😀");
}

TEST(Formats, JsonStyles) {
  const Geometry g = ExampleGeometry();
  EXPECT_EQ(ToJson(g, pakt::JsonStyle::kShortest),
            "{\"v2\":{\"x\":1,\"y\":2},\"v3\":{\"x\":1,\"y\":2,\"z\":3},\"q\":{\"x\":0,\"y\":0,\"z\":0,\"w\":1},"
            "\"c\":{\"r\":1,\"g\":0.5,\"b\":0,\"a\":1},\"v2i\":{\"x\":-1,\"y\":1},\"v3i\":{\"x\":1,\"y\":2,\"z\":3}}");
  Scalars s = ExampleScalars();
  const std::string unity = ToJson(s);
  EXPECT_NE(unity.find("\"f32\":-0.0,"), std::string::npos) << unity;
  EXPECT_NE(unity.find("\"f64\":\"NaN\""), std::string::npos) << unity;
  Texts t;
  t.s = "a\"b\\c\n\x01";
  EXPECT_NE(ToJson(t).find("\"s\":\"a\\\"b\\\\c\\n\\u0001\""), std::string::npos) << ToJson(t);
}

}  // namespace
