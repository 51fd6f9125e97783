// The generated Godot mapping (pakt::godot4 / pakt::godot3): round trips of every test message,
// the Dictionary / Array shapes, lenient decoding of what a game may send, and errors.
// (What the real engines make of these bytes is tested in tests/godot against Godot itself.)
#include "pakt/godot/codec.hpp"
#include "test_values.hpp"

namespace {

template <class M>
class GodotRoundTrip : public ::testing::Test {};
TYPED_TEST_SUITE(GodotRoundTrip, pakt_test::AllMessages, pakt_test::TypeIndexName);

template <class M>
void check_godot_round_trips(pakt::godot_t format, bool expect_unsupported) {
  pakt_test::g_int64_range_only = true;
  pakt_test::Rng rng(4242);
  for (int i = 0; i < 200; ++i) {
    const M value = pakt_test::random_value<M>(rng);
    std::vector<std::uint8_t> bytes;
    const pakt::Status written = Serialize(value, bytes, format);
    if (expect_unsupported) {
      ASSERT_EQ(written.code(), pakt::ErrorCode::kUnsupported) << written.to_string();
      continue;
    }
    ASSERT_TRUE(written) << written.to_string();
    ASSERT_EQ(bytes.size() % 4, 0u) << "Godot values are padded to 4 bytes";
    ASSERT_EQ(bytes.size(), SerializedSize(value, format));
    M decoded{};
    const pakt::Status status = Deserialize(bytes, decoded, format);
    ASSERT_TRUE(status) << "value #" << i << ": " << status.to_string();
    ASSERT_TRUE(pakt_test::same(value, decoded)) << "value #" << i;
    // The bytes are one well-formed Variant for the engine's own decoder rules.
    pakt::godot::Variant variant;
    pakt::godot::DecodeOptions options;
    options.version = format.version;
    const pakt::godot::DecodeResult whole = pakt::godot::decode(bytes, variant, options);
    ASSERT_TRUE(whole.ok()) << "value #" << i << ": " << whole.status.to_string();
    ASSERT_EQ(whole.consumed, bytes.size());
  }
  pakt_test::g_int64_range_only = false;
}

TYPED_TEST(GodotRoundTrip, Godot4) { check_godot_round_trips<TypeParam>(pakt::godot4, false); }

TYPED_TEST(GodotRoundTrip, Godot3) {
  // Godot 3 has no Vector2i/Vector3i: messages holding them cannot be written for it.
  constexpr bool unsupported = std::is_same_v<TypeParam, pakt::test::Geometry> ||
                               std::is_same_v<TypeParam, game::net::Snapshot>;
  check_godot_round_trips<TypeParam>(pakt::godot3, unsupported);
}

// Serialize into a reused buffer writes over the bytes it holds (a longer or shorter payload
// before, or bytes of no payload at all) and gives the bytes of a fresh buffer.
TYPED_TEST(GodotRoundTrip, ReusedBufferGivesTheBytesOfAFreshOne) {
  pakt_test::g_int64_range_only = true;
  pakt_test::Rng rng(777);
  std::vector<std::uint8_t> buffer(1000, 0xAB);
  for (int i = 0; i < 100; ++i) {
    const TypeParam value = pakt_test::random_value<TypeParam>(rng);
    std::vector<std::uint8_t> fresh;
    ASSERT_TRUE(Serialize(value, fresh, pakt::godot4));
    ASSERT_TRUE(Serialize(value, buffer, pakt::godot4));
    ASSERT_EQ(buffer, fresh) << "value #" << i;
    if (i % 10 == 9) buffer.assign(static_cast<std::size_t>(rng() % 2000), 0xCD);
  }
  pakt_test::g_int64_range_only = false;
}

TEST(GodotMapping, MessageIsADictionaryKeyedByFieldName) {
  const pakt::test::Inner inner{7, "ab"};
  pakt::godot::Variant v;
  ASSERT_TRUE(pakt::godot::decode(Serialize(inner, pakt::godot4), v, {}).ok());
  ASSERT_EQ(v.type(), pakt::godot::VariantType::dictionary);
  const auto& dict = v.as<pakt::godot::Dictionary>();
  ASSERT_EQ(dict.entries.size(), 2u);
  EXPECT_EQ(dict.entries[0].key.as<std::string>(), "id");
  EXPECT_EQ(dict.entries[0].value.as<std::int64_t>(), 7);
  EXPECT_EQ(dict.entries[1].key.as<std::string>(), "label");
  EXPECT_EQ(dict.entries[1].value.as<std::string>(), "ab");
}

TEST(GodotMapping, FieldTypesBecomeTheirVariantTypes) {
  pakt::test::Lists l;
  l.u8s = {1, 2};
  l.i64s = {1};
  l.f32s = {0.5f};
  l.strings = {"x"};
  l.v3s = {pakt::Vector3{1, 2, 3}};
  l.bools = {true};
  pakt::godot::Variant v;
  ASSERT_TRUE(pakt::godot::decode(Serialize(l, pakt::godot4), v, {}).ok());
  auto type_of = [&](const char* key) {
    for (const auto& entry : v.as<pakt::godot::Dictionary>().entries) {
      if (entry.key.as<std::string>() == key) return entry.value.type();
    }
    return pakt::godot::VariantType::nil;
  };
  using T = pakt::godot::VariantType;
  EXPECT_EQ(type_of("u8s"), T::packed_int32_array);
  EXPECT_EQ(type_of("i16s"), T::packed_int32_array);
  EXPECT_EQ(type_of("u32s"), T::packed_int64_array);
  EXPECT_EQ(type_of("i64s"), T::packed_int64_array);
  EXPECT_EQ(type_of("f32s"), T::packed_float32_array);
  EXPECT_EQ(type_of("f64s"), T::packed_float64_array);
  EXPECT_EQ(type_of("strings"), T::packed_string_array);
  EXPECT_EQ(type_of("blobs"), T::array);
  EXPECT_EQ(type_of("v3s"), T::packed_vector3_array);
  EXPECT_EQ(type_of("quats"), T::array);
  EXPECT_EQ(type_of("bools"), T::array);
  EXPECT_EQ(type_of("enums"), T::packed_int32_array);
  EXPECT_EQ(type_of("inners"), T::array);
  pakt::test::Texts t;
  ASSERT_TRUE(pakt::godot::decode(Serialize(t, pakt::godot4), v, {}).ok());
  EXPECT_EQ(v.as<pakt::godot::Dictionary>().entries[2].value.type(), T::packed_byte_array);
}

// What a GDScript sender may really produce: keys in any order, unknown keys, missing keys,
// ints where floats are expected, plain Arrays instead of Packed ones.
TEST(GodotMapping, DecodingIsLenientLikeAGame) {
  using pakt::godot::Variant;
  pakt::godot::Dictionary dict;
  dict.entries.push_back({Variant(std::string("label")), Variant(std::string("hi"))});
  dict.entries.push_back({Variant(std::string("unknown")), Variant(1.5)});
  dict.entries.push_back({Variant(std::int64_t{5}), Variant(std::int64_t{6})});  // a non-string key
  dict.entries.push_back({Variant(std::string("id")), Variant(std::int64_t{9})});
  std::vector<std::uint8_t> bytes;
  ASSERT_TRUE(pakt::godot::encode(Variant(dict), {}, bytes));
  pakt::test::Inner inner{1, "old"};
  ASSERT_TRUE(Deserialize(bytes, inner, pakt::godot4));
  EXPECT_EQ(inner.id, 9);
  EXPECT_EQ(inner.label, "hi");

  pakt::godot::Dictionary partial;  // missing keys take the schema default
  partial.entries.push_back({Variant(std::string("id")), Variant(std::int64_t{3})});
  bytes.clear();
  ASSERT_TRUE(pakt::godot::encode(Variant(partial), {}, bytes));
  ASSERT_TRUE(Deserialize(bytes, inner, pakt::godot4));
  EXPECT_EQ(inner.label, "");
}

// Keys are matched by the engine's text rules, not by their bytes: a NUL ends a String (the engine's
// parse_utf8), a leading BOM is dropped, a StringName key counts like a String, and a key whose
// bytes merely start like the expected name is not it. (Keys in schema order are matched on their
// bytes without decoding: these must take the decoding path and agree with it.)
TEST(GodotMapping, KeysFollowTheEnginesTextRules) {
  std::vector<std::uint8_t> bytes;
  const auto u32 = [&](std::uint32_t v) {
    for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
  };
  const auto text = [&](std::uint32_t type, const std::string& s) {  // header, length, bytes, padding
    u32(type);
    u32(static_cast<std::uint32_t>(s.size()));
    bytes.insert(bytes.end(), s.begin(), s.end());
    while (bytes.size() % 4 != 0) bytes.push_back(0);
  };
  constexpr std::uint32_t kString = 4, kStringName = 21, kInt = 2, kDictionary = 27;
  u32(kDictionary);
  u32(3);
  text(kString, std::string("id\0x", 4));  // "id" to the engine
  u32(kInt);
  u32(41);
  text(kStringName, "\xEF\xBB\xBFlabel");  // BOM + "label", as a StringName
  text(kString, "yes");
  text(kString, "labelx");  // no field: skipped with its value
  text(kString, "no");
  pakt::test::Inner inner{1, "old"};
  const pakt::Status status = Deserialize(bytes, inner, pakt::godot4);
  ASSERT_TRUE(status) << status.to_string();
  EXPECT_EQ(inner.id, 41);
  EXPECT_EQ(inner.label, "yes");
}

TEST(GodotMapping, WrongTypesAreRejectedWithTheFieldPath) {
  using pakt::godot::Variant;
  pakt::godot::Dictionary dict;
  dict.entries.push_back({Variant(std::string("id")), Variant(std::string("seven"))});
  std::vector<std::uint8_t> bytes;
  ASSERT_TRUE(pakt::godot::encode(Variant(dict), {}, bytes));
  pakt::test::Inner inner;
  const pakt::Status s = Deserialize(bytes, inner, pakt::godot4);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.path(), "Inner.id");
}

TEST(GodotMapping, IntsOutOfRangeAreRejected) {
  using pakt::godot::Variant;
  pakt::godot::Dictionary dict;
  dict.entries.push_back({Variant(std::string("u8")), Variant(std::int64_t{300})});
  std::vector<std::uint8_t> bytes;
  ASSERT_TRUE(pakt::godot::encode(Variant(dict), {}, bytes));
  pakt::test::Scalars s;
  const pakt::Status st = Deserialize(bytes, s, pakt::godot4);
  EXPECT_EQ(st.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(st.path(), "Scalars.u8");
}

TEST(GodotMapping, Uint64AboveInt64MaxCannotBeWritten) {
  pakt::test::Scalars s;
  s.u64 = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint8_t> bytes;
  const pakt::Status st = Serialize(s, bytes, pakt::godot4);
  EXPECT_EQ(st.code(), pakt::ErrorCode::kUnsupported);
  EXPECT_EQ(st.path(), "Scalars.u64");
}

TEST(GodotMapping, LimitsApplyToGodotPayloadsToo) {
  using pakt::godot::Variant;
  pakt::godot::Dictionary dict;
  dict.entries.push_back({Variant(std::string("label")), Variant(std::string(17, 'x'))});
  std::vector<std::uint8_t> bytes;
  ASSERT_TRUE(pakt::godot::encode(Variant(dict), {}, bytes));
  pakt::test::Inner inner;
  EXPECT_EQ(Deserialize(bytes, inner, pakt::godot4).message(), "Inner.label: string length 17 exceeds max_length 16");
}

TEST(GodotMapping, TruncatedPayloadsFail) {
  pakt_test::g_int64_range_only = true;
  pakt_test::Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    const auto value = pakt_test::random_value<pakt::test::Nested>(rng);
    const std::vector<std::uint8_t> bytes = Serialize(value, pakt::godot4);
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      pakt::test::Nested decoded;
      ASSERT_FALSE(Deserialize(pakt::ByteView(bytes.data(), n), decoded, pakt::godot4)) << n;
    }
  }
  pakt_test::g_int64_range_only = false;
}

}  // namespace
