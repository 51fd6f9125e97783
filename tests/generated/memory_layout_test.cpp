// Lists of messages whose C++ struct is its own compact wire form are copied whole (MSLIMA:
// byte-swapped per word); the others element by element. Both give the bytes this test builds
// itself, field by field in each format's byte order, and decode back, errors included.
#include <cstdint>
#include <cstring>
#include <vector>

#include "memory_layout.pakt.h"
#include "pakt/config.hpp"
#include "gtest/gtest.h"

namespace {

using namespace pakt::test::layout;

static_assert(pakt::MessageTraits<Point>::kMemoryWordSize == 4);
static_assert(pakt::MessageTraits<Sample>::kMemoryWordSize == 8);
static_assert(pakt::MessageTraits<Pose>::kMemoryWordSize == 4);
static_assert(pakt::MessageTraits<Mixed>::kMemoryWordSize == 0, "two widths and padding");
static_assert(pakt::message_memory_word_size_v<Flagged> == 0, "a bool: not emitted");
static_assert(pakt::message_memory_word_size_v<Shapes> == 0, "lists: not emitted");
static_assert(pakt::message_memory_word_size_v<Framed> == 0, "a frame length first: not emitted");

// Bytes built the way the formats are specified: little-endian (compact) or big-endian (MSLIMA) words.
class Bytes {
 public:
  explicit Bytes(bool big_endian) : big_endian_(big_endian) {}
  template <class T>
  Bytes& put(T value) {
    std::uint8_t raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));
    std::uint64_t word = 0;  // the value's bits as an integer, whatever the host's byte order
    for (std::size_t i = 0; i < sizeof(T); ++i) word = (word << 8) | raw[kHostLittle ? sizeof(T) - 1 - i : i];
    for (std::size_t i = 0; i < sizeof(T); ++i) {
      const std::size_t shift = 8 * (big_endian_ ? sizeof(T) - 1 - i : i);
      bytes_.push_back(static_cast<std::uint8_t>(word >> shift));
    }
    return *this;
  }
  Bytes& count(std::int32_t n) { return put(n); }
  const std::vector<std::uint8_t>& get() const { return bytes_; }

 private:
  static constexpr bool kHostLittle = !pakt::detail::kHostBigEndian;
  bool big_endian_;
  std::vector<std::uint8_t> bytes_;
};

Shapes Example() {
  Shapes s;
  s.points = {{1.5f, -2.0f, 3.25f}, {0.0f, 1e-3f, -7.0f}, {100.0f, 200.5f, -0.5f}};
  s.samples = {{-5, 0.125}, {1LL << 40, -3.5e300}};
  s.poses = {{{1, 2, 3}, {0.5f, -0.5f, 0.25f, 1}, {-7, 9}, 42u}, {{-1, -2, -3}, {0, 0, 0, 1}, {0, 1}, 0xFFFFFFFFu}};
  s.mixed = {{-3, 2.5f}, {300, -1.0f}};
  s.flagged = {{true, 7}, {false, 255}};
  s.framed = {{1.0f, -2.0f}, {0.5f, 8.0f}};
  return s;
}

std::vector<std::uint8_t> ExpectedBytes(const Shapes& s, bool big_endian) {
  Bytes b(big_endian);
  b.count(static_cast<std::int32_t>(s.points.size()));
  for (const Point& p : s.points) b.put(p.x).put(p.y).put(p.z);
  b.count(static_cast<std::int32_t>(s.samples.size()));
  for (const Sample& p : s.samples) b.put(p.tick).put(p.value);
  b.count(static_cast<std::int32_t>(s.poses.size()));
  for (const Pose& p : s.poses) {
    b.put(p.position.x).put(p.position.y).put(p.position.z);
    b.put(p.rotation.x).put(p.rotation.y).put(p.rotation.z).put(p.rotation.w);
    b.put(p.cell.x).put(p.cell.y).put(p.id);
  }
  b.count(static_cast<std::int32_t>(s.mixed.size()));
  for (const Mixed& p : s.mixed) b.put(p.id).put(p.weight);
  b.count(static_cast<std::int32_t>(s.flagged.size()));
  for (const Flagged& p : s.flagged) b.put(static_cast<std::uint8_t>(p.lit ? 1 : 0)).put(p.level);
  b.count(static_cast<std::int32_t>(s.framed.size()));
  for (const Framed& p : s.framed) b.count(8).put(p.x).put(p.y);
  return b.get();
}

TEST(MemoryLayout, ListsOfWireFormMessagesHaveEachFormatsBytes) {
  const Shapes s = Example();
  EXPECT_EQ(Serialize(s, pakt::compact), ExpectedBytes(s, false));
  EXPECT_EQ(Serialize(s, pakt::mslima), ExpectedBytes(s, true));
  EXPECT_EQ(SerializedSize(s), ExpectedBytes(s, false).size());
}

TEST(MemoryLayout, ListsDecodeIntoReusedMessagesOfOtherLengths) {
  const Shapes s = Example();
  for (bool big_endian : {false, true}) {
    Shapes decoded;
    decoded.points.resize(7, Point{9, 9, 9});  // longer lists than the payload's, then shorter
    decoded.samples.resize(1);
    const std::vector<std::uint8_t> bytes = ExpectedBytes(s, big_endian);
    const pakt::Status st = big_endian ? Deserialize(bytes, decoded, pakt::mslima) : Deserialize(bytes, decoded, pakt::compact);
    ASSERT_TRUE(st) << st.message();
    EXPECT_EQ(decoded, s) << (big_endian ? "mslima" : "compact");
  }
}

TEST(MemoryLayout, ACountBeyondTheBytesIsRefusedBeforeTheCopy) {
  const Shapes s = Example();
  std::vector<std::uint8_t> bytes = ExpectedBytes(s, false);
  bytes.resize(4 + 2 * 12 + 5);  // the third point cut short
  Shapes decoded;
  const pakt::Status st = Deserialize(bytes, decoded, pakt::compact);
  EXPECT_EQ(st.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(st.offset(), 0u);
  EXPECT_EQ(st.message().rfind("Shapes.points: ", 0), 0u) << st.message();
}

TEST(MemoryLayout, ElementsCopiedOneByOneKeepTheirChecks) {
  const Shapes s = Example();
  std::vector<std::uint8_t> bytes = ExpectedBytes(s, false);
  const std::size_t second_on = bytes.size() - 4 - 2 * 12 - 2;  // flagged[1].lit, its level, then framed
  bytes[second_on] = 2;
  Shapes decoded;
  const pakt::Status st = Deserialize(bytes, decoded, pakt::compact);
  EXPECT_EQ(st.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(st.offset(), second_on);
  EXPECT_EQ(st.message(), "Shapes.flagged[1].lit: bool byte 2 is neither 0 nor 1");
}

}  // namespace
