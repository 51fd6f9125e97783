// Byte layouts of reflected aggregates against bytes that pakt did not produce: the MSLIMA
// TestStruct as the real MSLIMA PhotonSerializer writes it (shared/reference/photon-wire-format.md
// §1.1), and a compact layout written out by hand from the format's definition.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "pakt/config.hpp"
#include "pakt/pfr.hpp"

namespace {

float float_from_bits(std::uint32_t bits) {
  float f = 0;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

enum class TestEnum : std::int32_t { kA, kB, kC };

// MSLIMA's sample TestStruct, field for field.
struct TestStruct {
  std::int32_t int_1 = 0;
  std::int32_t int_2 = 0;
  float float_1 = 0;
  bool bool_1 = false;
  std::string string_1;
  pakt::Vector3 vector3_1;
  pakt::Vector3 vector3_2;
  pakt::Quaternion quaternion_1;
  TestEnum enum_1 = TestEnum::kA;
};

// The 73 bytes of the reference's worked example.
const std::vector<std::uint8_t> kMslimaTestStruct = {
    0x00, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x00, 0x47, 0x3e, 0x25, 0xe3, 0x54, 0x01,              // 30, 71, 0.162f, true
    0x00, 0x00, 0x00, 0x0c, 0xa4, 0x8b, 0xeb, 0x98, 0x82, 0xeb, 0x80, 0xb0, 0xea, 0x43, 0x42, 0x41,  // "ABC가나다" reversed
    0xc1, 0xb8, 0x00, 0x00, 0x42, 0x78, 0x00, 0x00, 0x41, 0xd0, 0x00, 0x00,                    // Vector3(-23, 62, 26)
    0x3f, 0x80, 0x00, 0x00, 0x40, 0xe0, 0x00, 0x00, 0xc1, 0x70, 0x00, 0x00,                    // Vector3(1, 7, -15)
    0x3e, 0x98, 0xa4, 0x7f, 0xbd, 0x20, 0xc4, 0x9c, 0x3d, 0xfe, 0xf4, 0x9d, 0x3f, 0x72, 0x10, 0x38,  // x, y, z, w
    0x00, 0x00, 0x00, 0x02,                                                                    // enum C as int
};

TestStruct reference_test_struct() {
  TestStruct s;
  s.int_1 = 30;
  s.int_2 = 71;
  s.float_1 = float_from_bits(0x3e25e354);
  s.bool_1 = true;
  s.string_1 = "ABC\xea\xb0\x80\xeb\x82\x98\xeb\x8b\xa4";  // "ABC가나다"
  s.vector3_1 = {-23, 62, 26};
  s.vector3_2 = {1, 7, -15};
  s.quaternion_1 = {float_from_bits(0x3e98a47f), float_from_bits(0xbd20c49c), float_from_bits(0x3dfef49d),
                    float_from_bits(0x3f721038)};
  s.enum_1 = TestEnum::kC;
  return s;
}

TEST(PfrLayout, MslimaTestStructMatchesRealMslimaBytes) {
  const TestStruct s = reference_test_struct();
  EXPECT_EQ(pakt::SerializedSize(s, pakt::mslima), 73u);
  EXPECT_EQ(pakt::Serialize(s, pakt::mslima), kMslimaTestStruct);
}

TEST(PfrLayout, MslimaTestStructDecodesFromRealMslimaBytes) {
  TestStruct s;
  ASSERT_TRUE(pakt::Deserialize(kMslimaTestStruct, s, pakt::mslima));
  const TestStruct expected = reference_test_struct();
  EXPECT_EQ(s.int_1, 30);
  EXPECT_EQ(s.int_2, 71);
  EXPECT_EQ(s.float_1, expected.float_1);
  EXPECT_TRUE(s.bool_1);
  EXPECT_EQ(s.string_1, expected.string_1);
  EXPECT_EQ(s.vector3_1, expected.vector3_1);
  EXPECT_EQ(s.vector3_2, expected.vector3_2);
  EXPECT_EQ(s.quaternion_1, expected.quaternion_1);
  EXPECT_EQ(s.enum_1, TestEnum::kC);
}

struct Inner {
  std::uint16_t id = 0;
  bool flag = false;
};

struct CompactSample {
  std::int32_t a = 0;
  std::int16_t b = 0;
  std::string name;
  std::vector<std::int16_t> values;
  std::optional<std::uint8_t> present;
  std::optional<std::uint8_t> absent;
  std::array<std::uint8_t, 2> pair{};
  Inner inner;
  pakt::Vector2 position;
  double ratio = 0;
};

TEST(PfrLayout, CompactMatchesHandWrittenLittleEndianLayout) {
  CompactSample s;
  s.a = -2;
  s.b = 0x1234;
  s.name = "hi";
  s.values = {1, -1};
  s.present = 7;
  s.pair = {9, 8};
  s.inner = {0xBEEF, true};
  s.position = {1.0f, -2.0f};
  s.ratio = 0.5;
  const std::vector<std::uint8_t> expected = {
      0xfe, 0xff, 0xff, 0xff,                          // a = -2
      0x34, 0x12,                                      // b
      0x02, 0x00, 0x00, 0x00, 'h',  'i',               // name
      0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0xff, 0xff,  // values {1, -1}
      0x01, 0x07,                                      // present = 7
      0x00,                                            // absent
      0x09, 0x08,                                      // pair, no prefix
      0xef, 0xbe, 0x01,                                // inner
      0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0,  // position (1, -2)
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xe0, 0x3f,  // ratio 0.5
  };
  EXPECT_EQ(pakt::SerializedSize(s, pakt::compact), expected.size());
  EXPECT_EQ(pakt::Serialize(s, pakt::compact), expected);
}

// Lists of aggregates that are their own wire form (one word width, no padding) are copied whole
// (ReflectedCodec::kMemoryWordSize); the others, and any type with a user hook, element by element.
struct Point3 {
  float x = 0, y = 0, z = 0;
};
struct Tick {
  std::int64_t at = 0;
  double value = 0;
};
struct Padded {
  std::int16_t id = 0;
  float weight = 0;
};
struct Track {
  std::vector<Point3> points;
  std::vector<Tick> ticks;
  std::vector<Padded> padded;
};
static_assert(pakt::ReflectedCodec<Point3>::kMemoryWordSize == 4);
static_assert(pakt::ReflectedCodec<Tick>::kMemoryWordSize == 8);
static_assert(pakt::ReflectedCodec<Padded>::kMemoryWordSize == 0, "two widths and padding");

// Little- or big-endian bytes of a value's bits, written out by hand.
template <class T>
void put(std::vector<std::uint8_t>& out, T value, bool big_endian) {
  std::uint8_t raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(raw[big_endian ? sizeof(T) - 1 - i : i]);
}

TEST(PfrLayout, ListsOfPlainAggregatesHaveEachFormatsBytes) {
  static_assert(!pakt::detail::kHostBigEndian, "raw bytes above are the host's little-endian ones");
  Track t;
  t.points = {{1.5f, -2.0f, 3.0f}, {0.25f, 8.0f, -1.0f}};
  t.ticks = {{-7, 0.5}, {1LL << 40, -3.25}};
  t.padded = {{300, 2.5f}};
  for (bool big_endian : {false, true}) {
    std::vector<std::uint8_t> expected;
    put(expected, std::int32_t{2}, big_endian);
    for (const Point3& p : t.points) put(expected, p.x, big_endian), put(expected, p.y, big_endian), put(expected, p.z, big_endian);
    put(expected, std::int32_t{2}, big_endian);
    for (const Tick& k : t.ticks) put(expected, k.at, big_endian), put(expected, k.value, big_endian);
    put(expected, std::int32_t{1}, big_endian);
    for (const Padded& p : t.padded) put(expected, p.id, big_endian), put(expected, p.weight, big_endian);
    const std::vector<std::uint8_t> bytes = big_endian ? pakt::Serialize(t, pakt::mslima) : pakt::Serialize(t, pakt::compact);
    EXPECT_EQ(bytes, expected) << (big_endian ? "mslima" : "compact");
    Track decoded;
    decoded.points.resize(5);
    ASSERT_TRUE(big_endian ? pakt::Deserialize(bytes, decoded, pakt::mslima) : pakt::Deserialize(bytes, decoded, pakt::compact));
    ASSERT_EQ(decoded.points.size(), 2u);
    EXPECT_EQ(decoded.points[1].y, 8.0f);
    EXPECT_EQ(decoded.ticks[1].at, 1LL << 40);
    EXPECT_EQ(decoded.ticks[1].value, -3.25);
    EXPECT_EQ(decoded.padded[0].id, 300);
    std::vector<std::uint8_t> cut = bytes;
    cut.resize(4 + 12 + 5);  // the second point cut short
    EXPECT_FALSE(big_endian ? pakt::Deserialize(cut, decoded, pakt::mslima) : pakt::Deserialize(cut, decoded, pakt::compact));
  }
}

}  // namespace

namespace units {
// One float, so plain memory, but its hook writes centimetres as an int16: lists use the hook.
struct Meters {
  float value = 0;
};
template <class F>
void pakt_write(pakt::Writer& w, const Meters& m, F) {
  if (std::uint8_t* p = w.reserve(2)) {
    const auto cm = static_cast<std::int16_t>(m.value * 100);
    std::memcpy(p, &cm, 2);
  }
}
template <class F>
bool pakt_read(pakt::Reader& r, Meters& m, F) {
  const std::uint8_t* p = r.take(2, "centimetres");
  if (p == nullptr) return false;
  std::int16_t cm;
  std::memcpy(&cm, p, 2);
  m.value = static_cast<float>(cm) / 100;
  return true;
}
template <class F>
std::size_t pakt_wire_size(const Meters&, F) {
  return 2;
}
struct Route {
  std::vector<Meters> legs;
};
}  // namespace units

namespace {

TEST(PfrLayout, AUserHookWinsOverTheWholeListCopy) {
  units::Route route;
  route.legs = {{1.5f}, {-0.25f}};
  const std::vector<std::uint8_t> bytes = pakt::Serialize(route, pakt::compact);
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{2, 0, 0, 0, 150, 0, 0xE7, 0xFF}));  // 150 cm, -25 cm
  units::Route decoded;
  ASSERT_TRUE(pakt::Deserialize(bytes, decoded, pakt::compact));
  ASSERT_EQ(decoded.legs.size(), 2u);
  EXPECT_EQ(decoded.legs[1].value, -0.25f);
}

}  // namespace
