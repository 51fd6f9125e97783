// The engine's encode rules (reference §3-§5). Expected bytes come from the reference: Godot's own
// unit tests [TEST], the engine source [READ] and real Godot 3.2.3 output [ENGINE]; never from pakt.
#include <cmath>
#include <limits>

#include "test_support.hpp"

namespace pakt::godot::test {
namespace {

TEST(EncodeRules, IntUsesFourBytesInsideInt32) {
  EXPECT_EQ(encode_hex(std::int64_t{0x12345678}), compact("02000000 78563412"));
  EXPECT_EQ(encode_hex(std::int64_t{2147483647}), compact("02000000 ffffff7f"));
  EXPECT_EQ(encode_hex(std::int64_t{-2147483648LL}), compact("02000000 00000080"));
}

TEST(EncodeRules, IntSetsFlag64OutsideInt32) {
  EXPECT_EQ(encode_hex(std::int64_t{2147483648LL}), compact("02000100 0000008000000000"));  // [ENGINE] 3.2.3
  EXPECT_EQ(encode_hex(std::int64_t{-2147483649LL}), compact("02000100 ffffff7fffffffff"));
  EXPECT_EQ(encode_hex(std::int64_t{-1070935975390360081LL}), compact("02000100 efcdab89674523f1"));
}

TEST(EncodeRules, FloatUsesFourBytesWhenFloat32IsExact) {
  EXPECT_EQ(encode_hex(0.15625), compact("03000000 0000203e"));  // [TEST]
  EXPECT_EQ(encode_hex(std::numeric_limits<double>::infinity()), compact("03000000 0000807f"));  // [ENGINE]
  EXPECT_EQ(encode_hex(-0.0), compact("03000000 00000080"));
  EXPECT_EQ(encode_hex(1.0 + std::ldexp(1.0, -21)), compact("03000000 0400803f"));  // reference §8
}

TEST(EncodeRules, FloatUsesEightBytesOtherwise) {
  EXPECT_EQ(encode_hex(0.33333333333333333), compact("03000100 555555555555d53f"));  // [TEST]
  EXPECT_EQ(encode_hex(1.1), compact("03000100 9a9999999999f13f"));                  // [ENGINE]
  EXPECT_EQ(encode_hex(1e300), compact("03000100 9c7500883ce4377e"));  // overflows float32: not exact
}

TEST(EncodeRules, NanAlwaysTakesTheDoublePath) {
  const std::string hex = encode_hex(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(hex.substr(0, 8), "03000100");
  EXPECT_EQ(hex.size(), 24u);
}

TEST(EncodeRules, StringsArePaddedWithZeros) {
  EXPECT_EQ(encode_hex("hello"), compact("04000000 05000000 68656c6c6f 000000"));
  EXPECT_EQ(encode_hex("héllo ✓"), compact("04000000 0a000000 68c3a96c6c6f20e29c93 0000"));
  EXPECT_EQ(encode_hex("abcd"), compact("04000000 04000000 61626364"));
  EXPECT_EQ(encode_hex(""), compact("04000000 00000000"));
}

TEST(EncodeRules, StringThatIsNotValidUtf8IsRejected) {
  EXPECT_EQ(encode_hex(std::string("\xc3\x28")).rfind("error: String is not valid UTF-8", 0), 0u);
  EXPECT_EQ(encode_hex(std::string("a\0b", 3)).rfind("error: String contains NUL", 0), 0u);
}

// The ASCII fast path of the String check sees a NUL or a byte of 0x80 and above at every
// position of every length up to 20 (words of 8, overlapping tails, the byte loop); 0x7f is ASCII.
// The expected bytes follow the String rule: id 4, u32 length, the bytes, zeros to a multiple of 4.
TEST(EncodeRules, StringCheckSeesEveryPosition) {
  for (const EncodeOptions& options : {EncodeOptions{}, godot3_encode()}) {
    for (std::size_t n = 1; n <= 20; ++n) {
      for (std::size_t i = 0; i < n; ++i) {
        std::string text(n, 'a');
        text[i] = '\0';
        EXPECT_EQ(encode_hex(text, options).rfind("error: String contains NUL", 0), 0u) << n << " " << i;
        text[i] = '\x80';
        EXPECT_EQ(encode_hex(text, options).rfind("error: String is not valid UTF-8", 0), 0u) << n << " " << i;
        text[i] = '\x7f';
        std::string expected = "04000000" + to_hex({static_cast<std::uint8_t>(n), 0, 0, 0});
        for (std::size_t k = 0; k < n; ++k) expected += k == i ? "7f" : "61";
        for (std::size_t k = n; k % 4 != 0; ++k) expected += "00";
        EXPECT_EQ(encode_hex(text, options), expected) << n << " " << i;
      }
    }
  }
}

TEST(EncodeRules, PackedStringArrayCountsTheNul) {
  const Variant strings = PackedStringArray{"a", "bc", "héllo", ""};
  // [ENGINE] 3.2.3; Godot 4 writes the same payload under type id 34.
  EXPECT_EQ(encode_hex(strings, godot3_encode()),
            compact("17000000 04000000 02000000 6100 0000 03000000 626300 00 07000000 68c3a96c6c6f00 00 "
                    "01000000 00 000000"));
  EXPECT_EQ(encode_hex(strings).substr(0, 8), "22000000");
}

TEST(EncodeRules, BasisIsRowMajor) {
  Basis basis;  // the columns (axes) are (1,2,3), (4,5,6), (7,8,9)
  const double axes[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  for (int column = 0; column < 3; ++column) {
    for (int row = 0; row < 3; ++row) basis.rows[row][column] = axes[column][row];
  }
  // [ENGINE] 3.2.3: 1,4,7,2,5,8,3,6,9
  EXPECT_EQ(encode_hex(basis, godot3_encode()),
            compact("0c000000 0000803f 00008040 0000e040 00000040 0000a040 00000041 00004040 0000c040 00001041"));
}

TEST(EncodeRules, NodePathNamesAndSubnames) {
  const NodePath path{{"root", "Main", "Player"}, {"position", "x"}, true};
  EXPECT_EQ(encode_hex(path), compact("16000000 03000080 02000000 01000000 04000000 726f6f74 04000000 4d61696e "
                                      "06000000 506c61796572 0000 08000000 706f736974696f6e 01000000 78 000000"));
}

TEST(EncodeRules, NullObjectIsABareNilHeader) {
  EXPECT_EQ(encode_hex(Object{}), "00000000");
  EncodeOptions full;
  full.full_objects = true;
  EXPECT_EQ(encode_hex(Object{}, full), "00000000");
  EXPECT_EQ(encode_hex(Object{}, godot3_encode()), "00000000");
}

TEST(EncodeRules, ObjectAsInstanceId) {
  Object object;
  object.form = ObjectForm::instance_id;
  object.instance_id = 0x0102030405060708ULL;
  EXPECT_EQ(encode_hex(object), compact("18000100 0807060504030201"));
  EXPECT_EQ(encode_hex(object, godot3_encode()), compact("11000100 0807060504030201"));
}

TEST(EncodeRules, FullObjectNeedsFullObjects) {
  Object object;
  object.form = ObjectForm::full;
  object.class_name = "Reference";
  object.properties.push_back(ObjectProperty{"script", Variant{}});
  EncodeOptions options = godot3_encode();
  EXPECT_EQ(encode_hex(object, options).rfind("error: a full Object", 0), 0u);
  options.full_objects = true;
  // [ENGINE] 3.2.3 var2bytes(Reference.new(), true)
  EXPECT_EQ(encode_hex(object, options),
            compact("11000000 09000000 5265666572656e6365000000 01000000 06000000 736372697074 0000 00000000"));
}

TEST(EncodeRules, ClassTypedArrayWritesEncodedObjectAsIdUnlessFullObjects) {
  Array nodes;
  nodes.element_type = ContainerType{ContainerKind::class_name, VariantType::object, "Node"};
  // "EncodedObjectAsID" is 17 bytes + 3 padding. (The reference's example has one 00 too many; the
  // real Godot 4.6 engine writes this, see engine/cases_godot4.py array_typed_node.)
  EXPECT_EQ(encode_hex(nodes), compact("1c000200 11000000 456e636f6465644f626a65637441734944 000000 00000000"));
  EncodeOptions full;
  full.full_objects = true;
  EXPECT_EQ(encode_hex(nodes, full), compact("1c000200 04000000 4e6f6465 00000000"));
}

TEST(EncodeRules, ScriptTypedArrayNeedsAResPathWithFullObjects) {
  Array scripted;
  scripted.element_type = ContainerType{ContainerKind::script, VariantType::object, "res://enemy.gd"};
  EXPECT_EQ(encode_hex(scripted).substr(0, 8), "1c000200");  // as class name EncodedObjectAsID
  EncodeOptions full;
  full.full_objects = true;
  EXPECT_EQ(encode_hex(scripted, full).substr(0, 8), "1c000300");
  scripted.element_type.name = "/tmp/enemy.gd";
  EXPECT_EQ(encode_hex(scripted, full).rfind("error: container script path", 0), 0u);
}

TEST(EncodeRules, TypedDictionaryKindsAreInBits16To19) {
  Dictionary d;
  d.value_type = ContainerType{ContainerKind::builtin, VariantType::string, ""};
  EXPECT_EQ(encode_hex(d), compact("1b000400 04000000 00000000"));
}

TEST(EncodeRules, UntypedBuiltinNilIsNotTyped) {
  Array a;
  a.element_type = ContainerType{ContainerKind::builtin, VariantType::nil, ""};
  EXPECT_EQ(encode_hex(a), compact("1c000000 00000000"));
}

TEST(EncodeRules, CallableIsAHeaderOnly) { EXPECT_EQ(encode_hex(Callable{}), "19000000"); }

TEST(EncodeRules, RidCarriesItsIdOnlyInGodot4) {
  EXPECT_EQ(encode_hex(RID{5}), compact("17000000 0500000000000000"));
  EXPECT_EQ(encode_hex(RID{5}, godot3_encode()), "10000000");  // [ENGINE] 3.2.3
}

TEST(EncodeRules, PackedByteArrayIsPadded) {
  EXPECT_EQ(encode_hex(PackedByteArray{1, 2, 3}), compact("1d000000 03000000 010203 00"));
  EXPECT_EQ(encode_hex(PackedByteArray{1, 2, 3}, godot3_encode()), compact("14000000 03000000 010203 00"));
}

TEST(EncodeRules, PackedInt64ArrayHasAFourByteCount) {
  EXPECT_EQ(encode_hex(PackedInt64Array{-1}), compact("1f000000 01000000 ffffffffffffffff"));
}

TEST(EncodeRules, DoublePrecisionBuildSetsFlag64OnMathTypes) {
  EncodeOptions wide;
  wide.double_precision = true;
  EXPECT_EQ(encode_hex(Vector3{1, 2, 3}, wide),
            compact("09000100 000000000000f03f 0000000000000040 0000000000000840"));
  EXPECT_EQ(encode_hex(PackedVector2Array{Vector2{1, 2}}, wide),
            compact("23000100 01000000 000000000000f03f 0000000000000040"));
  // Color and PackedColorArray stay float32 without the flag on every build.
  EXPECT_EQ(encode_hex(Color{1, 0, 0, 1}, wide), compact("14000000 0000803f 00000000 00000000 0000803f"));
  // Integer vectors are never 64-bit.
  EXPECT_EQ(encode_hex(Vector2i{1, 2}, wide), compact("06000000 01000000 02000000"));
}

TEST(EncodeRules, SinglePrecisionBuildRoundsMathComponentsToFloat32) {
  EXPECT_EQ(encode_hex(Vector2{0.1, 1e300}), compact("05000000 cdcccc3d 0000807f"));
}

TEST(EncodeRules, Godot3NumbersTypesItsOwnWay) {
  EXPECT_EQ(encode_hex(Vector3{1, 2, 3}, godot3_encode()).substr(0, 8), "07000000");
  EXPECT_EQ(encode_hex(Quaternion{0, 0, 0, 1}, godot3_encode()).substr(0, 8), "0a000000");
  EXPECT_EQ(encode_hex(Transform3D{}, godot3_encode()).substr(0, 8), "0d000000");
  EXPECT_EQ(encode_hex(Dictionary{}, godot3_encode()), compact("12000000 00000000"));
  EXPECT_EQ(encode_hex(Array{}, godot3_encode()), compact("13000000 00000000"));
  EXPECT_EQ(encode_hex(PackedColorArray{}, godot3_encode()), compact("1a000000 00000000"));
}

TEST(EncodeRules, Godot3HasNoGodot4OnlyTypes) {
  for (const Variant& v : {Variant(Vector2i{}), Variant(StringName{"a"}), Variant(Vector4{}), Variant(Projection{}),
                           Variant(Callable{}), Variant(Signal{}), Variant(PackedInt64Array{}),
                           Variant(PackedFloat64Array{}), Variant(PackedVector4Array{})}) {
    EXPECT_EQ(encode_hex(v, godot3_encode()).rfind("error: ", 0), 0u) << type_name(v.type());
  }
  Array typed;
  typed.element_type = ContainerType{ContainerKind::builtin, VariantType::integer, ""};
  EXPECT_EQ(encode_hex(typed, godot3_encode()), "error: typed Arrays do not exist in Godot 3");
}

TEST(EncodeRules, AppendsToAReusedBufferAndLeavesItAloneOnError) {
  std::vector<std::uint8_t> buffer = {0xAA};
  ASSERT_TRUE(encode(Variant(true), EncodeOptions{}, buffer).ok());
  EXPECT_EQ(to_hex(buffer), compact("aa 01000000 01000000"));
  Array bad;
  bad.elements.push_back(Variant(std::int64_t{1}));
  bad.elements.push_back(Variant(std::string("\xff")));
  const Status status = encode(bad, EncodeOptions{}, buffer);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(status.path(), "[1]");
  EXPECT_EQ(to_hex(buffer), compact("aa 01000000 01000000"));
}

TEST(EncodeRules, DepthLimitAppliesToEncoding) {
  Variant value;
  for (int i = 0; i < 1025; ++i) {
    Array wrapper;
    wrapper.elements.push_back(std::move(value));
    value = std::move(wrapper);
  }
  std::vector<std::uint8_t> out;
  EXPECT_EQ(encode(value, EncodeOptions{}, out).code(), ErrorCode::kLimitExceeded);
  value = std::move(value.as<Array>().elements[0]);  // 1024 arrays around a NIL: allowed
  EXPECT_TRUE(encode(value, EncodeOptions{}, out).ok());
}

}  // namespace
}  // namespace pakt::godot::test
