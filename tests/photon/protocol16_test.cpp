// Protocol 1.6 byte layouts, written out by hand from photon-wire-format.md §2.2 (not produced by
// pakt), in both directions; then the decoder's errors on hostile input.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pakt_internal/hex.hpp"
#include "pakt/photon/protocol.hpp"

namespace {

using pakt::internal::hex_bytes;
using namespace pakt::photon;

struct Vector16 {
  const char* name;
  Value value;
  const char* bytes;
};

Value dictionary(Type key, Type value, std::vector<Entry> entries) { return Dictionary{key, value, std::move(entries)}; }
Value array(Type element, std::vector<Value> items) { return Array{ElementType{element}, std::move(items)}; }

std::vector<Vector16> vectors() {
  return {
      {"null", Null{}, "2a"},
      {"byte", std::uint8_t{200}, "62 c8"},
      {"bool", true, "6f 01"},
      {"short", std::int16_t{-2}, "6b ff fe"},
      {"int", std::int32_t{0x01020304}, "69 01 02 03 04"},
      {"negative int", std::int32_t{-1}, "69 ff ff ff ff"},
      {"long", std::int64_t{1}, "6c 00 00 00 00 00 00 00 01"},
      {"float", 1.0f, "66 3f 80 00 00"},
      {"double", 1.0, "64 3f f0 00 00 00 00 00 00"},
      {"string", std::string("hi"), "73 00 02 68 69"},
      {"byte[]", Bytes{1, 2}, "78 00 00 00 02 01 02"},
      {"int[]", array(Type::kInt, {std::int32_t{1}, std::int32_t{2}}), "79 00 02 69 00 00 00 01 00 00 00 02"},
      {"string[]", array(Type::kString, {std::string("a")}), "79 00 01 73 00 01 61"},
      {"byte[][]", array(Type::kByteArray, {Bytes{0xff}}), "79 00 01 78 00 00 00 01 ff"},
      {"int[][]", array(Type::kArray, {array(Type::kInt, {std::int32_t{5}})}), "79 00 01 79 00 01 69 00 00 00 05"},
      {"object[]", ObjectArray{{std::int32_t{1}, Null{}}}, "7a 00 02 69 00 00 00 01 2a"},
      {"hashtable", Hashtable{{{std::uint8_t{0}, std::int32_t{7}}}}, "68 00 01 62 00 69 00 00 00 07"},
      {"Dictionary<byte,string>", dictionary(Type::kByte, Type::kString, {{std::uint8_t{1}, std::string("x")}}),
       "44 62 73 00 01 01 00 01 78"},
      {"Dictionary<object,object>", dictionary(Type::kObject, Type::kObject, {{std::int32_t{1}, Null{}}}),
       "44 00 00 00 01 69 00 00 00 01 2a"},
      {"Dictionary<byte,int>[]",
       Array{ElementType{Type::kDictionary, 0, Type::kByte, Type::kInt},
             {dictionary(Type::kByte, Type::kInt, {{std::uint8_t{1}, std::int32_t{2}}})}},
       "79 00 01 44 62 69 00 01 01 00 00 00 02"},
      {"custom", Custom{0x41, {0xaa, 0xbb}}, "63 41 00 02 aa bb"},
      {"custom[]",
       Array{ElementType{Type::kCustom, 0x41}, {Custom{0x41, {0xaa}}, Custom{0x41, {0xbb, 0xcc}}}},
       "79 00 02 63 41 00 01 aa 00 02 bb cc"},
      {"event", EventData{1, {{4, Custom{0x41, {0xaa}}}}}, "65 01 00 01 04 63 41 00 01 aa"},
      {"request", OperationRequest{253, {{244, std::uint8_t{1}}}}, "71 fd 00 01 f4 62 01"},
      {"response without message", OperationResponse{226, -2, false, "", {}}, "70 e2 ff fe 2a 00 00"},
      {"response with message", OperationResponse{226, 0, true, "ok", {}}, "70 e2 00 00 73 00 02 6f 6b 00 00"},
  };
}

TEST(Protocol16, EncodesTheReferenceLayouts) {
  for (const Vector16& v : vectors()) {
    std::vector<std::uint8_t> out;
    const pakt::Status s = EncodeValue(v.value, Protocol::k16, out);
    ASSERT_TRUE(s) << v.name << ": " << s.to_string();
    EXPECT_EQ(out, hex_bytes(v.bytes)) << v.name;
  }
}

TEST(Protocol16, DecodesTheReferenceLayouts) {
  for (const Vector16& v : vectors()) {
    Value decoded;
    const pakt::Status s = DecodeValue(hex_bytes(v.bytes), Protocol::k16, decoded);
    ASSERT_TRUE(s) << v.name << ": " << s.to_string();
    EXPECT_EQ(decoded, v.value) << v.name;
  }
}

TEST(Protocol16, DecodesLegacyFormsToTheirValues) {
  Value v;
  ASSERT_TRUE(DecodeValue(hex_bytes("00"), Protocol::k16, v));
  EXPECT_EQ(v, Value(Null{}));
  ASSERT_TRUE(DecodeValue(hex_bytes("6e 00 00 00 01 00 00 00 05"), Protocol::k16, v));
  EXPECT_EQ(v, array(Type::kInt, {std::int32_t{5}}));
  ASSERT_TRUE(DecodeValue(hex_bytes("61 00 01 00 01 61"), Protocol::k16, v));
  EXPECT_EQ(v, array(Type::kString, {std::string("a")}));
  ASSERT_TRUE(DecodeValue(hex_bytes("6f 02"), Protocol::k16, v));  // any non-zero byte is true
  EXPECT_EQ(v, Value(true));
  ASSERT_TRUE(DecodeValue(hex_bytes("44 2a 2a 0001 62 01 2a"), Protocol::k16, v));  // '*' declares object
  EXPECT_EQ(v, Value(Dictionary{Type::kObject, Type::kObject, {{std::uint8_t{1}, Null{}}}}));
}

TEST(Protocol16, MessageHeader) {
  const Message m{MessageType::kEvent, EventData{1, {{245, std::int32_t{9}}}}};
  std::vector<std::uint8_t> out;
  ASSERT_TRUE(EncodeMessage(m, Protocol::k16, out));
  EXPECT_EQ(out, hex_bytes("f3 04 01 00 01 f5 69 00 00 00 09"));
  Message back;
  ASSERT_TRUE(DecodeMessage(out, Protocol::k16, back));
  EXPECT_EQ(back.type, MessageType::kEvent);
  EXPECT_EQ(back.body, m.body);

  EXPECT_EQ(DecodeMessage(hex_bytes("f3 84 01 00 00"), Protocol::k16, back).code(), pakt::ErrorCode::kUnsupported);
  const pakt::Status wrong_magic = DecodeMessage(hex_bytes("f2 04 01 00 00"), Protocol::k16, back);
  EXPECT_EQ(wrong_magic.code(), pakt::ErrorCode::kInvalidType);
  EXPECT_EQ(wrong_magic.offset(), 0u);
}

struct BadInput {
  const char* name;
  const char* bytes;
  pakt::ErrorCode code;
  std::size_t offset;
};

TEST(Protocol16, RejectsHostileInputWithOffsets) {
  const BadInput cases[] = {
      {"unknown type code", "ff", pakt::ErrorCode::kInvalidType, 0},
      {"truncated int", "69 00 00", pakt::ErrorCode::kTruncated, 1},
      {"negative string length", "73 ff ff", pakt::ErrorCode::kLengthOverflow, 1},
      {"string longer than the input", "73 00 05 61", pakt::ErrorCode::kLengthOverflow, 1},
      {"object[] count beyond the input", "7a 7f ff 2a", pakt::ErrorCode::kLengthOverflow, 1},
      {"byte[] length beyond the input", "78 7f ff ff ff 00", pakt::ErrorCode::kLengthOverflow, 1},
      {"legacy int[] count beyond the input", "6e 00 10 00 00 00", pakt::ErrorCode::kLengthOverflow, 1},
      {"custom body beyond the input", "63 41 00 09 aa", pakt::ErrorCode::kLengthOverflow, 2},
      {"typed array of unknown type", "79 00 01 ff 00", pakt::ErrorCode::kInvalidType, 3},
      {"invalid UTF-8", "73 00 02 c3 28", pakt::ErrorCode::kInvalidValue, 3},
      {"trailing byte", "62 01 00", pakt::ErrorCode::kTrailingData, 2},
      {"dictionary declaring a custom type", "44 63 00 00 00", pakt::ErrorCode::kUnsupported, 1},
  };
  for (const BadInput& c : cases) {
    Value v;
    const pakt::Status s = DecodeValue(hex_bytes(c.bytes), Protocol::k16, v);
    EXPECT_EQ(s.code(), c.code) << c.name << ": " << s.to_string();
    EXPECT_EQ(s.offset(), c.offset) << c.name << ": " << s.to_string();
  }
}

TEST(Protocol16, NestingIsLimited) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "7a 00 01 ";
  deep += "2a";
  Value v;
  EXPECT_EQ(DecodeValue(hex_bytes(deep), Protocol::k16, v).code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_TRUE(DecodeValue(hex_bytes(deep), Protocol::k16, v, DecodeOptions{64}));
}

TEST(Protocol16, EncodeRefusesWhatProtocol16CannotCarry) {
  std::vector<std::uint8_t> out;
  EXPECT_EQ(EncodeValue(Custom{1, Bytes(32768, 0)}, Protocol::k16, out).code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_TRUE(EncodeValue(Custom{1, Bytes(32767, 0)}, Protocol::k16, out));
  out.clear();
  EXPECT_EQ(EncodeValue(std::string(32768, 'a'), Protocol::k16, out).code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_TRUE(out.empty()) << "a failed encode leaves the buffer as it was";
  const Value mixed = Array{ElementType{Type::kInt}, {std::int32_t{1}, std::string("x")}};
  EXPECT_EQ(EncodeValue(mixed, Protocol::k16, out).code(), pakt::ErrorCode::kInvalidType);
  const Value wrong_code = Array{ElementType{Type::kCustom, 0x41}, {Custom{0x42, {}}}};
  EXPECT_EQ(EncodeValue(wrong_code, Protocol::k16, out).code(), pakt::ErrorCode::kInvalidType);
}

}  // namespace
