// Protocol 1.8 byte layouts, written out by hand from photon-wire-format.md §2.3 (not produced by
// pakt): numeric type codes, the int forms, little-endian short/float/double, varints and zigzag,
// bit-packed bool[], slim custom codes.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pakt_internal/hex.hpp"
#include "pakt/photon/protocol.hpp"

namespace {

using pakt::internal::hex_bytes;
using namespace pakt::photon;

struct Vector18 {
  const char* name;
  Value value;
  const char* bytes;
};

Value array(Type element, std::vector<Value> items) { return Array{ElementType{element}, std::move(items)}; }

std::vector<Vector18> vectors() {
  return {
      {"null", Null{}, "08"},
      {"byte", std::uint8_t{200}, "03 c8"},
      {"byte zero", std::uint8_t{0}, "22"},
      {"true", true, "1c"},
      {"false", false, "1b"},
      {"short", std::int16_t{-2}, "04 fe ff"},
      {"short zero", std::int16_t{0}, "1d"},
      {"int zero", std::int32_t{0}, "1e"},
      {"int 1 byte", std::int32_t{5}, "0b 05"},
      {"int 2 bytes", std::int32_t{300}, "0d 2c 01"},
      {"int -1 byte", std::int32_t{-5}, "0c 05"},
      {"int -2 bytes", std::int32_t{-300}, "0e 2c 01"},
      {"int 65535", std::int32_t{65535}, "0d ff ff"},
      {"int compressed", std::int32_t{70000}, "09 e0 c5 08"},
      {"int compressed negative", std::int32_t{-70000}, "09 df c5 08"},
      {"long zero", std::int64_t{0}, "1f"},
      {"long 1 byte", std::int64_t{5}, "0f 05"},
      {"long -2 bytes", std::int64_t{-300}, "12 2c 01"},
      {"long compressed", std::int64_t{1} << 40, "0a 80 80 80 80 80 40"},
      {"float", 1.0f, "05 00 00 80 3f"},
      {"double", 1.0, "06 00 00 00 00 00 00 f0 3f"},
      {"string", std::string("hi"), "07 02 68 69"},
      {"byte[]", Bytes{1, 2}, "43 02 01 02"},
      {"int[]", array(Type::kInt, {std::int32_t{1}, std::int32_t{-1}}), "49 02 02 01"},
      {"long[]", array(Type::kLong, {std::int64_t{1}}), "4a 01 02"},
      {"short[]", array(Type::kShort, {std::int16_t{1}, std::int16_t{-2}}), "44 02 01 00 fe ff"},
      {"float[]", array(Type::kFloat, {1.0f}), "45 01 00 00 80 3f"},
      {"double[]", array(Type::kDouble, {1.0}), "46 01 00 00 00 00 00 00 f0 3f"},
      {"string[]", array(Type::kString, {std::string("a"), std::string()}), "47 02 01 61 00"},
      {"bool[]",
       array(Type::kBool, {true, false, true, true, false, false, false, false, true}),
       "42 09 0d 01"},
      {"object[]", ObjectArray{{std::int32_t{1}, Null{}}}, "17 02 0b 01 08"},
      {"hashtable", Hashtable{{{std::uint8_t{0}, std::int32_t{7}}}}, "15 01 22 0b 07"},
      {"Dictionary<byte,string>",
       Dictionary{Type::kByte, Type::kString, {{std::uint8_t{1}, std::string("x")}}}, "14 03 07 01 01 01 78"},
      {"Dictionary<int,object>", Dictionary{Type::kInt, Type::kObject, {{std::int32_t{-1}, true}}},
       "14 09 00 01 01 1c"},
      {"custom slim", Custom{0x41, {0xaa, 0xbb}}, "c1 02 aa bb"},
      {"custom 200", Custom{200, {0xaa, 0xbb}}, "13 c8 02 aa bb"},
      {"custom 99 is the last slim code", Custom{99, {}}, "e3 00"},
      {"custom 100 is not slim", Custom{100, {}}, "13 64 00"},
      {"custom[]", Array{ElementType{Type::kCustom, 0x41}, {Custom{0x41, {0xaa}}, Custom{0x41, {0xbb, 0xcc}}}},
       "53 02 41 01 aa 02 bb cc"},
      {"hashtable[]", array(Type::kHashtable, {Hashtable{}}), "55 01 00"},
      {"Dictionary<byte,byte>[]",
       Array{ElementType{Type::kDictionary, 0, Type::kByte, Type::kByte},
             {Dictionary{Type::kByte, Type::kByte, {{std::uint8_t{1}, std::uint8_t{2}}}}}},
       "54 03 03 01 01 01 02"},
      {"int[][]", array(Type::kArray, {array(Type::kInt, {std::int32_t{5}})}), "40 01 49 01 0a"},
      {"event", EventData{1, {{4, Custom{0x41, {0xaa}}}}}, "1a 01 01 04 c1 01 aa"},
      {"request", OperationRequest{253, {{244, std::uint8_t{1}}}}, "18 fd 01 f4 03 01"},
      {"response", OperationResponse{226, -2, false, "", {}}, "19 e2 fe ff 08 00"},
      {"response with message", OperationResponse{226, 1, true, "ok", {}}, "19 e2 01 00 07 02 6f 6b 00"},
  };
}

TEST(Protocol18, EncodesTheReferenceLayouts) {
  for (const Vector18& v : vectors()) {
    std::vector<std::uint8_t> out;
    const pakt::Status s = EncodeValue(v.value, Protocol::k18, out);
    ASSERT_TRUE(s) << v.name << ": " << s.to_string();
    EXPECT_EQ(out, hex_bytes(v.bytes)) << v.name;
  }
}

TEST(Protocol18, DecodesTheReferenceLayouts) {
  for (const Vector18& v : vectors()) {
    Value decoded;
    const pakt::Status s = DecodeValue(hex_bytes(v.bytes), Protocol::k18, decoded);
    ASSERT_TRUE(s) << v.name << ": " << s.to_string();
    EXPECT_EQ(decoded, v.value) << v.name;
  }
}

TEST(Protocol18, DecodesNonCanonicalForms) {
  struct Case {
    const char* bytes;
    Value value;
  };
  const Case cases[] = {
      {"09 0a", std::int32_t{5}},         // a small int as a zigzag varint
      {"20", 0.0f},                       // FloatZero
      {"21", 0.0},                        // DoubleZero
      {"02 07", true},                    // Boolean with a payload byte
      {"e4 00", Custom{100, {}}},         // slim code 100: readable although writers stop at 99
      {"13 05 01 ff", Custom{5, {0xff}}}, // a small code in the long form
  };
  for (const Case& c : cases) {
    Value v;
    ASSERT_TRUE(DecodeValue(hex_bytes(c.bytes), Protocol::k18, v)) << c.bytes;
    EXPECT_EQ(v, c.value) << c.bytes;
  }
}

TEST(Protocol18, RejectsHostileInputWithOffsets) {
  struct BadInput {
    const char* name;
    const char* bytes;
    pakt::ErrorCode code;
    std::size_t offset;
  };
  const BadInput cases[] = {
      {"unknown type code", "01", pakt::ErrorCode::kInvalidType, 0},
      {"type code above the slim range", "e5 00", pakt::ErrorCode::kInvalidType, 0},
      {"varint longer than 35 bits", "07 ff ff ff ff ff 01", pakt::ErrorCode::kInvalidValue, 1},
      {"truncated varint", "07 ff", pakt::ErrorCode::kTruncated, 2},
      {"string longer than the input", "07 05 61", pakt::ErrorCode::kLengthOverflow, 1},
      {"object[] count beyond the input", "17 ff ff 03 08", pakt::ErrorCode::kLengthOverflow, 1},
      {"short[] count beyond the input", "44 03 01 00 02 00", pakt::ErrorCode::kLengthOverflow, 1},
      {"custom body beyond the input", "c1 05 aa", pakt::ErrorCode::kLengthOverflow, 1},
      {"bool[] bits beyond the input", "42 11 ff", pakt::ErrorCode::kLengthOverflow, 2},
      {"parameter count beyond the input", "1a 01 05 01 08", pakt::ErrorCode::kLengthOverflow, 2},
      {"truncated float", "05 00 00", pakt::ErrorCode::kTruncated, 1},
      {"trailing byte", "1e 00", pakt::ErrorCode::kTrailingData, 1},
  };
  for (const BadInput& c : cases) {
    Value v;
    const pakt::Status s = DecodeValue(hex_bytes(c.bytes), Protocol::k18, v);
    EXPECT_EQ(s.code(), c.code) << c.name << ": " << s.to_string();
    EXPECT_EQ(s.offset(), c.offset) << c.name << ": " << s.to_string();
  }
}

TEST(Protocol18, NestingIsLimited) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "17 01 ";
  deep += "08";
  Value v;
  EXPECT_EQ(DecodeValue(hex_bytes(deep), Protocol::k18, v).code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_TRUE(DecodeValue(hex_bytes(deep), Protocol::k18, v, DecodeOptions{64}));
}

TEST(Protocol18, EncodeRefusesWhatProtocol18CannotCarry) {
  std::vector<std::uint8_t> out;
  EXPECT_EQ(EncodeValue(Custom{1, Bytes(32768, 0)}, Protocol::k18, out).code(), pakt::ErrorCode::kLimitExceeded);
  EventData many{1, {}};
  for (int i = 0; i < 256; ++i) many.parameters.push_back({static_cast<std::uint8_t>(i), Null{}});
  EXPECT_EQ(EncodeEvent(many, Protocol::k18, out).code(), pakt::ErrorCode::kLimitExceeded);
  many.parameters.pop_back();
  EXPECT_TRUE(EncodeEvent(many, Protocol::k18, out));
  EXPECT_EQ(EncodeValue(array(Type::kByte, {std::uint8_t{1}}), Protocol::k18, out).code(),
            pakt::ErrorCode::kUnsupported);
}

TEST(Protocol18, MessageHeader) {
  const Message m{MessageType::kOperation, OperationRequest{253, {{244, std::uint8_t{1}}}}};
  std::vector<std::uint8_t> out;
  ASSERT_TRUE(EncodeMessage(m, Protocol::k18, out));
  EXPECT_EQ(out, hex_bytes("f3 02 fd 01 f4 03 01"));
  Message back;
  ASSERT_TRUE(DecodeMessage(out, Protocol::k18, back));
  EXPECT_EQ(back.type, MessageType::kOperation);
  EXPECT_EQ(back.body, m.body);
}

}  // namespace
