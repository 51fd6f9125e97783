// Seeded random values of every type survive encode -> decode unchanged, and decode -> encode
// reproduces the bytes, for Godot 4 (single and double precision) and Godot 3.
#include <cstring>

#include "pakt/godot/typed_json.hpp"
#include "random_variant.hpp"
#include "test_support.hpp"

namespace pakt::godot::test {
namespace {

struct Target {
  const char* name;
  Version version;
  bool double_precision;
};

constexpr Target kTargets[] = {
    {"godot4", Version::godot4, false},
    {"godot4 double", Version::godot4, true},
    {"godot3", Version::godot3, false},
};

void round_trip(const Variant& value, const Target& target) {
  EncodeOptions encode_options;
  encode_options.version = target.version;
  encode_options.double_precision = target.double_precision;
  DecodeOptions decode_options;
  decode_options.version = target.version;

  std::vector<std::uint8_t> first;
  const Status encoded = encode(value, encode_options, first);
  ASSERT_TRUE(encoded.ok()) << encoded.to_string();
  ASSERT_EQ(first.size() % 4, 0u);

  Variant decoded;
  const DecodeResult result = decode(first, decoded, decode_options);
  ASSERT_TRUE(result.ok()) << result.status.to_string() << "\n" << to_hex(first);
  EXPECT_EQ(result.consumed, first.size());
  EXPECT_EQ(decoded, value) << to_typed_json(value).dump() << "\n" << to_typed_json(decoded).dump();

  std::vector<std::uint8_t> second;
  ASSERT_TRUE(encode(decoded, encode_options, second).ok());
  EXPECT_EQ(to_hex(second), to_hex(first));

  // And through typed JSON, as the CLI does.
  Variant from_json;
  const Status parsed = from_typed_json(nlohmann::json::parse(to_typed_json(value).dump()), from_json);
  ASSERT_TRUE(parsed.ok()) << parsed.to_string();
  EXPECT_EQ(from_json, value);
}

TEST(RoundTrip, EveryTypeSeeded) {
  for (const Target& target : kTargets) {
    SCOPED_TRACE(target.name);
    RandomVariant random(12345, target.version, target.double_precision);
    for (std::uint32_t t = 0; t < kVariantTypeCount; ++t) {
      const auto type = static_cast<VariantType>(t);
      if (!wire_type_id(type, target.version)) continue;
      for (int i = 0; i < 40; ++i) round_trip(random.of(type, 0), target);
    }
    for (int i = 0; i < 300; ++i) round_trip(random.any(), target);
  }
}

TEST(RoundTrip, NullObjectComesBackAsNil) {
  // The engine writes a null Object as a NIL header, so it decodes as Nil.
  std::vector<std::uint8_t> out;
  ASSERT_TRUE(encode(Object{}, EncodeOptions{}, out).ok());
  Variant decoded;
  ASSERT_TRUE(decode(out, decoded, DecodeOptions{}).ok());
  EXPECT_TRUE(decoded.is<Nil>());
}

TEST(RoundTrip, FullObjectsWithObjectsAllowed) {
  Object object;
  object.form = ObjectForm::full;
  object.class_name = "Resource";
  object.properties.push_back({"script", Variant("res://item.gd")});
  object.properties.push_back({"resource_name", Variant("sword")});
  EncodeOptions encode_options;
  encode_options.full_objects = true;
  DecodeOptions decode_options;
  decode_options.allow_objects = true;
  std::vector<std::uint8_t> out;
  ASSERT_TRUE(encode(object, encode_options, out).ok());
  Variant decoded;
  ASSERT_TRUE(decode(out, decoded, decode_options).ok());
  EXPECT_EQ(decoded, Variant(object));
}

}  // namespace
}  // namespace pakt::godot::test
