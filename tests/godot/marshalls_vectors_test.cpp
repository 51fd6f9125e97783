// The Variant vectors of Godot's own unit tests, transcribed (vectors only, no engine code):
// godotengine/godot tests/core/io/test_marshalls.h (master, commit 4c6ed46b2c52), test cases
// "[Marshalls] ... Variant encoding/decoding", "Typed array ..." and "Typed dicttionary ...".
#include "test_support.hpp"

namespace pakt::godot::test {
namespace {

constexpr std::int64_t kBig = -1070935975390360081LL;  // uint64_t(0x0f123456789abcdef) as int64

Variant decoded(const std::string& hex, std::size_t expected_length) {
  Variant out;
  const auto data = bytes(hex);
  const DecodeResult result = decode(data, out, DecodeOptions{});
  EXPECT_TRUE(result.ok()) << result.status.to_string();
  EXPECT_EQ(result.consumed, expected_length);
  return out;
}

TEST(MarshallsVectors, NilVariantEncoding) { EXPECT_EQ(encode_hex(Variant{}), "00000000"); }

TEST(MarshallsVectors, Int32BitVariantEncoding) { EXPECT_EQ(encode_hex(std::int64_t{0x12345678}), "0200000078563412"); }

TEST(MarshallsVectors, Int64BitVariantEncoding) { EXPECT_EQ(encode_hex(kBig), "02000100efcdab89674523f1"); }

TEST(MarshallsVectors, FloatSinglePrecisionVariantEncoding) { EXPECT_EQ(encode_hex(0.15625), "030000000000203e"); }

TEST(MarshallsVectors, FloatDoublePrecisionVariantEncoding) {
  EXPECT_EQ(encode_hex(0.33333333333333333), "03000100555555555555d53f");
}

TEST(MarshallsVectors, InvalidDataVariantDecoding) {
  Variant out;
  const std::vector<std::uint8_t> some_buffer = {0x00};
  EXPECT_EQ(decode(some_buffer, out, DecodeOptions{}).status.code(), ErrorCode::kTruncated);
  const std::vector<std::uint8_t> out_of_range_type_buffer = {0xff, 0, 0, 0};
  EXPECT_EQ(decode(out_of_range_type_buffer, out, DecodeOptions{}).status.code(), ErrorCode::kInvalidType);
}

TEST(MarshallsVectors, NilVariantDecoding) { EXPECT_TRUE(decoded("00000000", 4).is<Nil>()); }

TEST(MarshallsVectors, Int32BitVariantDecoding) {
  EXPECT_EQ(decoded("02000000 78563412", 8), Variant(std::int64_t{0x12345678}));
}

TEST(MarshallsVectors, Int64BitVariantDecoding) {
  EXPECT_EQ(decoded("02000100 efcdab89674523f1", 12), Variant(kBig));
}

TEST(MarshallsVectors, FloatSinglePrecisionVariantDecoding) {
  EXPECT_EQ(decoded("03000000 0000203e", 8), Variant(0.15625));
}

TEST(MarshallsVectors, FloatDoublePrecisionVariantDecoding) {
  EXPECT_EQ(decoded("03000100 555555555555d53f", 12), Variant(0.33333333333333333));
}

const char* const kTypedArray = "1c000100 02000000 01000000 02000100 efcdab89674523f1";

TEST(MarshallsVectors, TypedArrayEncoding) {
  Array array;
  array.element_type = ContainerType{ContainerKind::builtin, VariantType::integer, ""};
  array.elements.push_back(Variant(kBig));
  EXPECT_EQ(encode_hex(array), compact(kTypedArray));
}

TEST(MarshallsVectors, TypedArrayDecoding) {
  const Variant v = decoded(kTypedArray, 24);
  ASSERT_TRUE(v.is<Array>());
  const Array& array = v.as<Array>();
  EXPECT_EQ(array.element_type.kind, ContainerKind::builtin);
  EXPECT_EQ(array.element_type.builtin, VariantType::integer);
  ASSERT_EQ(array.elements.size(), 1u);
  EXPECT_EQ(array.elements[0], Variant(kBig));
}

const char* const kTypedDictionary =
    "1b000500 02000000 02000000 01000000 02000100 efcdab89674523f1 02000100 efcdab89674523f1";

TEST(MarshallsVectors, TypedDictionaryEncoding) {
  Dictionary dictionary;
  dictionary.key_type = ContainerType{ContainerKind::builtin, VariantType::integer, ""};
  dictionary.value_type = ContainerType{ContainerKind::builtin, VariantType::integer, ""};
  dictionary.entries.push_back(DictionaryEntry{Variant(kBig), Variant(kBig)});
  EXPECT_EQ(encode_hex(dictionary), compact(kTypedDictionary));
}

TEST(MarshallsVectors, TypedDictionaryDecoding) {
  const Variant v = decoded(kTypedDictionary, 40);
  ASSERT_TRUE(v.is<Dictionary>());
  const Dictionary& dictionary = v.as<Dictionary>();
  EXPECT_EQ(dictionary.key_type.builtin, VariantType::integer);
  EXPECT_EQ(dictionary.value_type.builtin, VariantType::integer);
  ASSERT_EQ(dictionary.entries.size(), 1u);
  EXPECT_EQ(dictionary.entries[0].key, Variant(kBig));
  EXPECT_EQ(dictionary.entries[0].value, Variant(kBig));
}

}  // namespace
}  // namespace pakt::godot::test
