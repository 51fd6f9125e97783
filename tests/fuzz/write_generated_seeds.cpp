// Writes the seed corpora of the generated-code fuzz targets: rich.yaml's example values, alone
// and nested, and framed.yaml's extensible messages, in compact, mslima and the Godot 4 / Godot 3
// mappings. In compact and mslima also payloads of older schema versions (top-level cuts, and
// frames that end at an older version's boundary or carry fields a newer version appended, nested
// and at the top level) and malformed frame lengths.
// And the packed seeds (generated_packed): packed.yaml's messages, in full and as deltas.
// Usage: write_generated_seeds CORPUS_ROOT (files go to CORPUS_ROOT/generated_<format>).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

#include "framed.pakt.h"
#include "packed.pakt.h"
#include "rich.pakt.h"

namespace {

namespace test = pakt::test;

test::Nested ExampleNested() {
  test::Nested m;
  m.inner = test::Inner{7, "inner"};
  m.scalars = test::ExampleScalars();
  m.scalars.u64 = 0x7FFFFFFFFFFFFFFF;  // the largest uint64 a Godot int holds
  m.lists = test::ExampleLists();
  m.optionals = test::ExampleOptionals();
  m.fixed = test::ExampleFixed();
  m.tail = 0xAB;
  return m;
}

test::Versioned ExampleVersioned() {
  test::Versioned m;
  m.a = -5;
  m.b = "three";
  m.c = {1, -1, 300};
  m.d = 0.25;
  m.e = test::Inner{9, "e"};
  return m;
}

namespace framed = pakt::test::framed;
using Bytes = std::vector<std::uint8_t>;

framed::Frame ExampleFrame(std::int32_t id) {
  framed::Frame m;
  m.id = id;
  m.tag = "tag";
  m.values = {-1, 300};
  m.scale = -0.5;
  m.child = framed::Leaf{9, "kid"};
  return m;
}

framed::Framed ExampleFramed() {
  framed::Framed m;
  m.head = ExampleFrame(1);
  m.frames = {ExampleFrame(2), framed::Frame{}};
  m.maybe = ExampleFrame(3);
  m.pair = {framed::Leaf{1, "a"}, framed::Leaf{2, ""}};
  m.count = 513;
  m.late = ExampleFrame(4);
  return m;
}

framed::Framing ExampleFraming() {
  framed::Framing m;
  m.first = ExampleFrame(5);
  m.framed = ExampleFramed();
  m.tail = 0xAB;
  m.note = "note";
  m.leaves = std::vector<framed::Leaf>{framed::Leaf{3, "x"}};
  return m;
}

// Hand-built payloads of other schema versions, in compact (little-endian) or mslima (big-endian).
template <class Format>
struct Wire {
  static Bytes Int(std::uint32_t v, std::size_t size) {
    Bytes b(size);
    for (std::size_t i = 0; i < size; ++i) {
      b[Format::kBigEndian ? size - 1 - i : i] = static_cast<std::uint8_t>(v >> (8 * i));
    }
    return b;
  }
  static Bytes Join(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
  }
  // A frame holding body: its int32 byte length, then the body.
  static Bytes Frame(const Bytes& body) { return Join({Int(static_cast<std::uint32_t>(body.size()), 4), body}); }
  // The first `body_size` bytes of an encoded message's frame, as a frame of an older version.
  static Bytes Older(const Bytes& frame, std::size_t body_size) {
    return Frame(Bytes(frame.begin() + 4, frame.begin() + 4 + static_cast<std::ptrdiff_t>(body_size)));
  }
  // An encoded frame with bytes a newer version appended.
  static Bytes Newer(const Bytes& frame, const Bytes& appended) {
    return Frame(Join({Bytes(frame.begin() + 4, frame.end()), appended}));
  }
  // Frame and Leaf frames of versions 1 and 2 (the fields each version has, by their wire sizes).
  static Bytes FrameV1(const framed::Frame& m) { return Older(test::framed::Serialize(m, Format{}), 4); }
  static Bytes FrameV2(const framed::Frame& m) {
    return Older(test::framed::Serialize(m, Format{}), 4 + (4 + m.tag.size()) + (4 + 2 * m.values.size()));
  }
  static Bytes LeafV1(const framed::Leaf& m) { return Older(test::framed::Serialize(m, Format{}), 1); }
};

template <class Message, class Format>
void WriteBytes(const std::filesystem::path& dir, const std::string& name, const Bytes& bytes, Format format,
                bool must_decode) {
  Message decoded;
  const pakt::Status status = test::framed::Deserialize(bytes, decoded, format);
  if (status.ok() != must_decode) {
    std::fprintf(stderr, "seed %s: %s\n", name.c_str(),
                 status.ok() ? "decodes, but is malformed" : status.to_string().c_str());
    std::exit(1);
  }
  std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                    static_cast<std::streamsize>(bytes.size()));
}

// Payloads of other versions of framed.yaml's messages, and malformed frames (compact, mslima).
template <class Format>
void WriteFramedVersionSeeds(const std::filesystem::path& dir, Format format) {
  using W = Wire<Format>;
  const framed::Frame frame = ExampleFrame(6);
  const Bytes frame_v3 = test::framed::Serialize(frame, format);
  WriteBytes<framed::Frame>(dir, "frame_v1", W::FrameV1(frame), format, true);
  WriteBytes<framed::Frame>(dir, "frame_v2", W::FrameV2(frame), format, true);
  WriteBytes<framed::Frame>(dir, "frame_v4", W::Newer(frame_v3, {1, 2, 3, 4, 5}), format, true);
  // Framed of version 1 (its frame ends after pair) holding frames of versions 1, 2 and 4, and
  // Leaf frames of versions 1 and 2.
  const Bytes old_framed = W::Frame(W::Join({W::FrameV1(frame),                                   // head
                                             W::Int(3, 4), W::FrameV2(frame), W::Newer(frame_v3, {7}),
                                             W::FrameV1(framed::Frame{}),                          // frames
                                             Bytes{1}, W::Newer(frame_v3, {0, 0, 0, 0}),          // maybe
                                             W::LeafV1(framed::Leaf{4, "y"}),
                                             test::framed::Serialize(framed::Leaf{5, "z"}, format)}));  // pair
  WriteBytes<framed::Framed>(dir, "framed_v1_mixed_frames", old_framed, format, true);
  // Framed of version 2 (count, no late) and of a newer version (bytes after late).
  const Bytes framed_v3 = test::framed::Serialize(ExampleFramed(), format);
  const std::size_t late_size = 1 + test::framed::Serialize(*ExampleFramed().late, format).size();
  WriteBytes<framed::Framed>(dir, "framed_v2", W::Older(framed_v3, framed_v3.size() - 4 - late_size), format, true);
  WriteBytes<framed::Framed>(dir, "framed_v4", W::Newer(framed_v3, {9, 9}), format, true);
  // Framing cut at its version boundaries (after tail: version 1; after note: version 2), around
  // a Framed of version 1.
  const Bytes framing_v1 = W::Join({W::FrameV2(frame), old_framed, Bytes{0xAB}});
  WriteBytes<framed::Framing>(dir, "framing_v1", framing_v1, format, true);
  WriteBytes<framed::Framing>(dir, "framing_v2", W::Join({framing_v1, W::Int(2, 4), Bytes{'o', 'k'}}), format, true);
  // Malformed: a frame longer than the payload, a negative length, a frame shorter than its first
  // field, a nested frame longer than the frame around it.
  WriteBytes<framed::Frame>(dir, "malformed_frame_past_end", W::Join({W::Int(100, 4), W::Int(1, 4)}), format, false);
  WriteBytes<framed::Frame>(dir, "malformed_frame_negative", W::Join({W::Int(0xFFFFFFFF, 4), W::Int(1, 4)}), format,
                            false);
  WriteBytes<framed::Frame>(dir, "malformed_frame_cuts_field", W::Join({W::Int(2, 4), W::Int(1, 4)}), format, false);
  WriteBytes<framed::Framed>(dir, "malformed_framed_nested_frame_past_end",
                             W::Frame(W::Join({W::Int(200, 4), W::Int(1, 4)})), format, false);
}

template <class Message, class Format>
void WriteSeed(const std::filesystem::path& dir, const std::string& name, const Message& m, Format format) {
  std::vector<std::uint8_t> bytes;
  if (const pakt::Status status = Serialize(m, bytes, format); !status) {  // found by ADL: rich or framed
    std::fprintf(stderr, "cannot encode seed %s: %s\n", name.c_str(), status.to_string().c_str());
    std::exit(1);
  }
  std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                    static_cast<std::streamsize>(bytes.size()));
}

template <class Format>
void WriteSeeds(const std::filesystem::path& dir, Format format) {
  std::filesystem::create_directories(dir);
  WriteSeed(dir, "nested_example", ExampleNested(), format);
  const test::Nested all_defaults;
  WriteSeed(dir, "nested_default", all_defaults, format);
  WriteSeed(dir, "lists_example", test::ExampleLists(), format);
  WriteSeed(dir, "texts_example", test::ExampleTexts(), format);
  WriteSeed(dir, "optionals_example", test::ExampleOptionals(), format);
  WriteSeed(dir, "versioned_v3", ExampleVersioned(), format);
  WriteSeed(dir, "frame_example", ExampleFrame(7), format);
  WriteSeed(dir, "framed_example", ExampleFramed(), format);
  WriteSeed(dir, "framing_example", ExampleFraming(), format);
  const framed::Framing framing_defaults;  // named: a framed::Framing{} temporary here crashes GCC 12
  WriteSeed(dir, "framing_default", framing_defaults, format);
  if constexpr (!std::is_same_v<Format, pakt::godot_t>) {
    // A version-1 payload: a and the deprecated field only (a top-level reader fills in the rest).
    std::vector<std::uint8_t> v3 = test::Serialize(ExampleVersioned(), format);
    v3.resize(8);
    std::ofstream(dir / "versioned_v1", std::ios::binary).write(reinterpret_cast<const char*>(v3.data()), 8);
    WriteFramedVersionSeeds(dir, format);
  }
}

// Packed (generated_packed_fuzz.cpp): full payloads of packed.yaml's messages and rich.yaml's
// Nested, deltas against the baselines the target uses (Scene's example; Numbers and Camera
// through the runtime's delta entry points), and malformed payloads.
namespace pk = pakt::test::packed;

void WriteFile(const std::filesystem::path& dir, const std::string& name, const Bytes& bytes) {
  std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                    static_cast<std::streamsize>(bytes.size()));
}
template <class Status>
Bytes Checked(const std::string& name, Status status, const Bytes& bytes) {
  if (!status) {
    std::fprintf(stderr, "cannot encode seed %s: %s\n", name.c_str(), status.to_string().c_str());
    std::exit(1);
  }
  return bytes;
}
template <class M>
void WritePacked(const std::filesystem::path& dir, const std::string& name, const M& m) {
  Bytes bytes;
  WriteFile(dir, name, Checked(name, Serialize(m, bytes, pakt::packed), bytes));
}
template <class M>
void WritePackedDelta(const std::filesystem::path& dir, const std::string& name, const M& m, const M& base) {
  Bytes bytes;
  WriteFile(dir, name, Checked(name, pakt::packing::SerializePackedDelta(m, base, bytes), bytes));
}

pk::Numbers PackedNumbers() {  // the fuzz target's Numbers baseline, and a value far from it
  pk::Numbers m;
  m.percent = 50;
  m.big = 1000;
  m.negative = -1;
  m.only = pk::Only::single;
  m.offset = pk::Offset::low;
  return m;
}

void WritePackedSeeds(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  pk::Numbers numbers = PackedNumbers();
  numbers.flag = true;
  numbers.raw8 = -128;
  numbers.temperature = 60;
  numbers.zig = -9223372036854775807 - 1;
  numbers.small_zig = -300;
  numbers.var = 0xFFFFFFFFFFFFFFFF;
  numbers.var16 = 300;
  numbers.wide = 9223372036854775807;
  numbers.big = 9223372036854775807;
  numbers.negative = -1000;
  numbers.phase = pk::Phase::done;
  numbers.offset = pk::Offset::high;
  WritePacked(dir, "numbers", numbers);
  pk::Floats floats;
  floats.angle = -3.2f;
  floats.ratio = 1;
  floats.raw32 = -0.0f;
  floats.raw64 = 1e300;
  floats.distance = -1234.5678;
  floats.position = {-50, 0.001f, 50};
  floats.flat = {0, 10};
  floats.tint = {1, 0.5f, 0, 1};
  floats.cell = {-512, 511};
  floats.voxel = {-1, 0, 2147483647};
  floats.rotation = {0, 0.7071f, 0, -0.7071f};
  floats.raw_rotation = {0.5f, -0.5f, 0.5f, 0.5f};
  WritePacked(dir, "floats", floats);
  pk::Collections collections = pk::ExampleCollections();
  collections.numbers[0].big = 1000;  // the example leaves big and negative at 0, outside their ranges
  collections.numbers[0].negative = -1;
  collections.numbers.push_back(numbers);
  collections.points = {PackedNumbers()};
  collections.maybe_floats = floats;
  collections.maybe_name = "name";
  WritePacked(dir, "collections_example", collections);
  WritePacked(dir, "cube", pk::Cube{1023, {50, -50, 0}, {0.5f, 0.5f, 0.5f, 0.5f}, true});
  WritePacked(dir, "camera", pk::Camera{{0, 10, -20}, 30});
  const pk::Scene scene = pk::ExampleScene();
  WritePacked(dir, "scene_example", scene);
  WritePacked(dir, "nested_example", ExampleNested());
  // Deltas against the Scene example: nothing, one cube (sparse), every cube (changed bits),
  // appended and removed cubes, the camera and the optional score.
  WritePackedDelta(dir, "scene_delta_unchanged", scene, scene);
  pk::Scene one = scene;
  one.cubes[1].at_rest = false;
  WritePackedDelta(dir, "scene_delta_one_cube", one, scene);
  pk::Scene many = scene;
  for (std::size_t i = 0; i < 20; ++i) many.cubes.push_back(pk::Cube{static_cast<std::uint16_t>(i), {}, {}, true});
  pk::Scene many_moved = many;
  for (auto& c : many_moved.cubes) c.position.x += 1;
  WritePackedDelta(dir, "scene_delta_appended", many, scene);
  WritePackedDelta(dir, "scene_delta_removed", pk::Scene{scene.frame, {}, scene.camera, scene.anchors, scene.phase, {}},
                   scene);
  WritePackedDelta(dir, "scene_delta_many_against_many", many_moved, many);
  pk::Scene camera = scene;
  camera.camera.fov = 120;
  camera.anchors[1].rotation = {0, 0, 1, 0};
  camera.score = 100000;
  WritePackedDelta(dir, "scene_delta_camera_anchor_score", camera, scene);
  WritePackedDelta(dir, "numbers_delta", numbers, PackedNumbers());
  WritePackedDelta(dir, "camera_delta", pk::Camera{{1, -2, 3}, 90}, pk::Camera{{1, 2, 3}, 90});
  // Malformed: a trailing byte, a set padding bit, a ranged value above its span (percent 127).
  Bytes bytes;
  bytes = Checked("camera", Serialize(pk::Camera{{0, 10, -20}, 30}, bytes, pakt::packed), bytes);
  Bytes trailing = bytes;
  trailing.push_back(0);
  WriteFile(dir, "malformed_trailing_byte", trailing);
  bytes.back() |= 0x80;
  WriteFile(dir, "malformed_padding_bit", bytes);
  WriteFile(dir, "malformed_numbers_percent_127", Bytes{0xFE, 0xFF});
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_ROOT\n", argv[0]);
    return 2;
  }
  const std::filesystem::path root = argv[1];
  WriteSeeds(root / "generated_compact", pakt::compact);
  WriteSeeds(root / "generated_mslima", pakt::mslima);
  WriteSeeds(root / "generated_godot4", pakt::godot4);
  WriteSeeds(root / "generated_godot3", pakt::godot3);
  WritePackedSeeds(root / "generated_packed");
  return 0;
}
