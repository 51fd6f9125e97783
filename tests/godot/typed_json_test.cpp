// The typed JSON value format (reference §6).
#include "pakt/godot/typed_json.hpp"
#include "test_support.hpp"

namespace pakt::godot::test {
namespace {

Variant parse(const char* text) {
  Variant v;
  const Status status = from_typed_json(nlohmann::json::parse(text), v);
  EXPECT_TRUE(status.ok()) << status.to_string();
  return v;
}

TEST(TypedJson, LargeIntsAreDecimalStrings) {
  EXPECT_EQ(to_typed_json(Variant(std::int64_t{-1070935975390360081LL})).dump(),
            R"({"type":"int","value":"-1070935975390360081"})");
  EXPECT_EQ(to_typed_json(Variant(std::int64_t{9007199254740992LL})).dump(), R"({"type":"int","value":9007199254740992})");
  EXPECT_EQ(parse(R"({"type":"int","value":"-1070935975390360081"})"), Variant(std::int64_t{-1070935975390360081LL}));
}

TEST(TypedJson, NonFiniteFloatsAreStrings) {
  EXPECT_EQ(to_typed_json(Variant(std::numeric_limits<double>::quiet_NaN())).dump(), R"({"type":"float","value":"nan"})");
  EXPECT_EQ(to_typed_json(Variant(-std::numeric_limits<double>::infinity())).dump(), R"({"type":"float","value":"-inf"})");
  EXPECT_TRUE(std::isnan(parse(R"({"type":"float","value":"nan"})").as<double>()));
  // The sign of a NaN survives (x86 computes 0.0/0.0 as -nan): IEEE -qNaN is 0xfff8000000000000.
  EXPECT_EQ(to_typed_json(Variant(-std::numeric_limits<double>::quiet_NaN())).dump(), R"({"type":"float","value":"-nan"})");
  EXPECT_EQ(encode_hex(parse(R"({"type":"float","value":"-nan"})")), "03000100000000000000f8ff");
}

TEST(TypedJson, ContainersCarryTheirTypes) {
  const Variant v = parse(R"({"type":"Array","element_type":{"builtin":"int"},"value":[{"type":"int","value":1}]})");
  EXPECT_EQ(v.as<Array>().element_type.kind, ContainerKind::builtin);
  EXPECT_EQ(v.as<Array>().element_type.builtin, VariantType::integer);
  EXPECT_EQ(to_typed_json(v).dump(), R"({"element_type":{"builtin":"int"},"type":"Array","value":[{"type":"int","value":1}]})");
  const Variant d = parse(R"({"type":"Dictionary","key_type":{"class_name":"Node"},"value_type":{"script":"res://a.gd"},"value":[]})");
  EXPECT_EQ(d.as<Dictionary>().key_type.name, "Node");
  EXPECT_EQ(d.as<Dictionary>().value_type.kind, ContainerKind::script);
}

TEST(TypedJson, Godot3NamesAreAliases) {
  EXPECT_TRUE(parse(R"({"type":"Quat","value":{"x":0,"y":0,"z":0,"w":1}})").is<Quaternion>());
  EXPECT_TRUE(parse(R"({"type":"Transform","value":{"basis":{"rows":[[1,0,0],[0,1,0],[0,0,1]]},"origin":{"x":0,"y":0,"z":0}}})").is<Transform3D>());
  EXPECT_TRUE(parse(R"({"type":"PoolByteArray","value":[1,2]})").is<PackedByteArray>());
  EXPECT_TRUE(parse(R"({"type":"PoolRealArray","value":[1.5]})").is<PackedFloat32Array>());
  EXPECT_TRUE(parse(R"({"type":"real","value":1.5})").is<double>());
}

TEST(TypedJson, NodePathFromItsText) {
  const Variant v = parse(R"({"type":"NodePath","value":{"path":"/root/Main/Player:position:x"}})");
  const NodePath& p = v.as<NodePath>();
  EXPECT_TRUE(p.absolute);
  EXPECT_EQ(p.names, (std::vector<std::string>{"root", "Main", "Player"}));
  EXPECT_EQ(p.subnames, (std::vector<std::string>{"position", "x"}));
  EXPECT_EQ(node_path_text(p), "/root/Main/Player:position:x");
}

TEST(TypedJson, ObjectForms) {
  EXPECT_EQ(parse(R"({"type":"Object","value":null})").as<Object>().form, ObjectForm::null);
  EXPECT_EQ(parse(R"({"type":"Object","value":{"id":"18446744073709551615"}})").as<Object>().instance_id,
            18446744073709551615ULL);
  const Object full = parse(R"({"type":"Object","value":{"class":"Node","properties":[["name",{"type":"StringName","value":"n"}]]}})").as<Object>();
  EXPECT_EQ(full.form, ObjectForm::full);
  EXPECT_EQ(full.properties.at(0).name, "name");
}

TEST(TypedJson, ErrorsNameThePath) {
  Variant v;
  Status s = from_typed_json(nlohmann::json::parse(R"({"type":"Array","value":[{"type":"Vector2","value":{"x":1}}]})"), v);
  EXPECT_EQ(s.message(), "value[0].value: missing \"y\"");
  s = from_typed_json(nlohmann::json::parse(R"({"type":"Vector9","value":1})"), v);
  EXPECT_EQ(s.message(), "type: unknown type 'Vector9'");
  s = from_typed_json(nlohmann::json::parse(R"({"type":"Vector2i","value":{"x":1,"y":3000000000}})"), v);
  EXPECT_EQ(s.message(), "value.y: integer beyond int32");
  s = from_typed_json(nlohmann::json::parse(R"({"type":"PackedByteArray","value":[256]})"), v);
  EXPECT_EQ(s.message(), "value[0]: byte out of range");
}

}  // namespace
}  // namespace pakt::godot::test
