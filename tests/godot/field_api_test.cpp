// The field-level API that generated message mappings use: ValueWriter writes fields without a
// Variant tree, ValueReader reads them with type checks and the leniency a real game needs.
#include "pakt/godot/mapping.hpp"
#include "pakt/godot/typed_json.hpp"
#include "pakt/godot/value_reader.hpp"
#include "pakt/godot/value_writer.hpp"
#include "test_support.hpp"

namespace pakt::godot::test {
namespace {

struct Player {
  std::int64_t hp = 0;
  pakt::Vector3 pos;
  std::vector<std::string> tags;
  std::vector<std::int32_t> scores;
};

std::vector<std::uint8_t> write_player(const Player& p, const EncodeOptions& options) {
  std::vector<std::uint8_t> out;
  ValueWriter w(out, options);  // out holds the bytes once w.finish() has run
  w.dictionary_header(4);
  w.string("hp");
  w.integer(p.hp);
  w.string("pos");
  w.vector3(p.pos);
  w.string("tags");
  w.packed_string_array(p.tags.data(), p.tags.size());
  w.string("scores");
  w.packed_int32_array(p.scores.data(), p.scores.size());
  EXPECT_TRUE(w.ok()) << w.status().to_string();
  w.finish();
  return out;
}

Status read_player(ByteView bytes, Player& p, const DecodeOptions& options = {}) {
  Reader reader(bytes);
  ValueReader r(reader, options);
  std::size_t count = 0;
  if (!r.read_dictionary_header(count)) return reader.status();
  for (std::size_t i = 0; i < count; ++i) {
    std::string key;
    if (!r.read_string(key)) return reader.status();
    bool ok = true;
    if (key == "hp") {
      ok = r.read_int(p.hp);
    } else if (key == "pos") {
      ok = r.read_vector3(p.pos);
    } else if (key == "tags") {
      ok = r.read_packed_string_array(p.tags);
    } else if (key == "scores") {
      ok = r.read_packed_int32_array(p.scores);
    } else {
      ok = r.skip_value();
    }
    if (!ok) {
      reader.in_field(key.c_str());
      return reader.status();
    }
  }
  return Status::Ok();
}

TEST(FieldApi, WriterMatchesTheVariantEncoder) {
  const Player p{7, {1, 2, 3}, {"a", "b"}, {1, -1}};
  Dictionary d;
  d.entries.push_back({Variant("hp"), Variant(std::int64_t{7})});
  d.entries.push_back({Variant("pos"), Variant(Vector3{1, 2, 3})});
  d.entries.push_back({Variant("tags"), Variant(PackedStringArray{"a", "b"})});
  d.entries.push_back({Variant("scores"), Variant(PackedInt32Array{1, -1})});
  for (const EncodeOptions& options : {EncodeOptions{}, godot3_encode()}) {
    EXPECT_EQ(to_hex(write_player(p, options)), encode_hex(d, options));
  }
}

TEST(FieldApi, ReaderReadsWhatTheWriterWrote) {
  const Player p{-5, {0.5f, 2, -3}, {"héllo"}, {3}};
  Player q;
  ASSERT_TRUE(read_player(write_player(p, EncodeOptions{}), q).ok());
  EXPECT_EQ(q.hp, -5);
  EXPECT_EQ(q.pos, p.pos);
  EXPECT_EQ(q.tags, p.tags);
  EXPECT_EQ(q.scores, p.scores);
}

TEST(FieldApi, ReaderAcceptsWhatAGameMaySend) {
  // Keys out of order, an unknown key, a 64-bit int, a plain Array for the packed arrays and a
  // StringName key: what an untyped GDScript Dictionary literal produces.
  const char* json = R"({"type":"Dictionary","value":[
    [{"type":"StringName","value":"scores"},{"type":"Array","value":[{"type":"int","value":5},{"type":"int","value":6}]}],
    [{"type":"String","value":"unknown"},{"type":"Array","value":[{"type":"Color","value":{"r":1,"g":0,"b":0,"a":1}}]}],
    [{"type":"String","value":"hp"},{"type":"int","value":"9000000000"}],
    [{"type":"String","value":"tags"},{"type":"Array","value":[{"type":"String","value":"x"}]}]]})";
  Variant v;
  ASSERT_TRUE(from_typed_json(nlohmann::json::parse(json), v).ok());
  Player q;
  ASSERT_TRUE(read_player(bytes(encode_hex(v)), q).ok());
  EXPECT_EQ(q.hp, 9000000000LL);
  EXPECT_EQ(q.scores, (std::vector<std::int32_t>{5, 6}));
  EXPECT_EQ(q.tags, (std::vector<std::string>{"x"}));
}

TEST(FieldApi, WrongTypeNamesTheField) {
  Dictionary d;
  d.entries.push_back({Variant("pos"), Variant("not a vector")});
  Player q;
  const Status status = read_player(bytes(encode_hex(d)), q);
  EXPECT_EQ(status.code(), ErrorCode::kInvalidType);
  EXPECT_EQ(status.message(), "pos: expected Vector3, got String");
  EXPECT_EQ(status.offset(), 20u);  // the value header after the 8-byte header+count and the 12-byte key
}

// max_length holds for each string of a fixed array as of a list (found by the conformance run's
// mutated Godot payloads: a string[3] with max_length 10 took an 11-byte element).
TEST(FieldApi, FixedArrayStringsKeepTheirMaxLength) {
  const std::string strings[] = {"ok", "123456789"};
  for (const auto& options : {EncodeOptions{}, godot3_encode()}) {
    std::vector<std::uint8_t> out;
    ValueWriter w(out, options);
    w.packed_string_array(strings, 2);
    w.finish();
    const Limits limits{8, 0};
    Reader reader{ByteView(out)};
    ValueReader r(reader, options.version == Version::godot3 ? godot3_decode() : DecodeOptions{});
    std::array<std::string, 2> fixed;
    EXPECT_FALSE(mapping::read_list<std::string>(r, fixed, limits));
    EXPECT_EQ(reader.status().message(), "[1]: string length 9 exceeds max_length 8");
    Reader list_reader{ByteView(out)};
    ValueReader lr(list_reader, options.version == Version::godot3 ? godot3_decode() : DecodeOptions{});
    std::vector<std::string> list;
    EXPECT_FALSE(mapping::read_list<std::string>(lr, list, limits));
    EXPECT_EQ(list_reader.status().message(), "[1]: string length 9 exceeds max_length 8");
  }
}

// A uint64 above INT64_MAX has no Godot int (pakt/godot/mapping.hpp), nor has the value of an enum of
// uint64: generated messages write enums through write_value / write_list.
enum class Wide : std::uint64_t { small = 1, huge = 18446744073709551615ULL };

TEST(FieldApi, Uint64EnumAboveInt64MaxHasNoGodotInt) {
  for (const EncodeOptions& options : {EncodeOptions{}, godot3_encode()}) {
    std::vector<std::uint8_t> one;
    ValueWriter w(one, options);
    EXPECT_FALSE(mapping::write_value(w, Wide::huge));
    EXPECT_EQ(w.status().code(), ErrorCode::kUnsupported);
    EXPECT_EQ(w.status().message(), "uint64 value 18446744073709551615 is above INT64_MAX and has no Godot int");

    std::vector<std::uint8_t> list;
    ValueWriter wl(list, options);
    EXPECT_FALSE(mapping::write_list<Wide>(wl, std::vector<Wide>{Wide::small, Wide::huge}));
    EXPECT_EQ(wl.status().code(), ErrorCode::kUnsupported);
    // Godot 4: checked before the PackedInt64Array is written; Godot 3 (an Array): element by element.
    const std::string text = wl.status().message();
    EXPECT_EQ(text.rfind("[1]: uint64 value ", 0), 0u) << text;
    EXPECT_NE(text.find("above INT64_MAX"), std::string::npos) << text;

    std::vector<std::uint8_t> fine;
    ValueWriter wf(fine, options);
    EXPECT_TRUE(mapping::write_value(wf, Wide::small));
    EXPECT_TRUE(mapping::write_list<Wide>(wf, std::vector<Wide>{Wide::small}));
    EXPECT_TRUE(wf.ok()) << wf.status().to_string();
  }
}

TEST(FieldApi, OutOfRangeElementIsRejected) {
  Dictionary d;
  d.entries.push_back({Variant("scores"), Variant(PackedInt64Array{1, 1LL << 40})});
  Player q;
  const Status status = read_player(bytes(encode_hex(d)), q);
  EXPECT_EQ(status.code(), ErrorCode::kInvalidValue);
  EXPECT_NE(status.message().find("scores: PackedInt32Array element 1099511627776 is out of range"), std::string::npos);
}

TEST(FieldApi, FloatAcceptsFourOrEightBytesAndInts) {
  for (const auto& [hex, expected] : std::vector<std::pair<std::string, double>>{
           {"03000000 0000203e", 0.15625}, {"03000100 9a9999999999f13f", 1.1}, {"02000000 05000000", 5.0}}) {
    const auto data = bytes(hex);
    Reader reader(data);
    ValueReader r(reader, DecodeOptions{});
    double value = 0;
    ASSERT_TRUE(r.read_float(value)) << hex;
    EXPECT_EQ(value, expected);
  }
}

TEST(FieldApi, PeekLetsAnOptionalFieldBeNil) {
  const auto data = bytes("00000000 02000000 07000000");
  Reader reader(data);
  ValueReader r(reader, DecodeOptions{});
  ValueHeader h;
  ASSERT_TRUE(r.peek(h));
  EXPECT_EQ(h.type, VariantType::nil);
  ASSERT_TRUE(r.skip_value());
  ASSERT_TRUE(r.peek(h));
  EXPECT_EQ(h.type, VariantType::integer);
  std::int64_t v = 0;
  ASSERT_TRUE(r.read_int(v));
  EXPECT_EQ(v, 7);
  EXPECT_TRUE(reader.at_end());
}

TEST(FieldApi, DoublePrecisionVectorsNarrowToSchemaFloats) {
  EncodeOptions wide;
  wide.double_precision = true;
  std::vector<std::uint8_t> out;
  ValueWriter w(out, wide);
  ASSERT_TRUE(w.vector3(pakt::Vector3{1.5f, -2, 0.25f}));
  w.finish();
  Reader reader(out);
  ValueReader r(reader, DecodeOptions{});
  pakt::Vector3 v;
  ASSERT_TRUE(r.read_vector3(v));
  EXPECT_EQ(v, (pakt::Vector3{1.5f, -2, 0.25f}));
}

}  // namespace
}  // namespace pakt::godot::test
