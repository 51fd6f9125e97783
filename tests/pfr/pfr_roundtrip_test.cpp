// Reflected aggregates decode back to what was encoded, in both formats, and decoding hostile
// input fails with the right error and offset instead of reading past the end or allocating.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "pakt/pfr.hpp"

namespace {

enum class Team : std::uint8_t { kRed = 1, kBlue = 2 };

struct Weapon {
  std::string name;
  std::int32_t damage = 0;
};

struct Everything {
  bool alive = false;
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int16_t i16 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  float f32 = 0;
  double f64 = 0;
  Team team = Team::kRed;
  std::string name;
  std::vector<std::uint8_t> blob;
  std::vector<std::string> tags;
  std::vector<bool> flags;
  std::vector<Team> history;
  std::array<std::int32_t, 3> triple{};
  std::optional<std::string> nickname;
  std::optional<Weapon> sidearm;
  std::vector<Weapon> weapons;
  pakt::Vector3 position;
  pakt::Quaternion rotation;
  pakt::Color tint;
  pakt::Vector2i cell;
  pakt::Vector3i chunk;
  std::vector<pakt::Vector2> path;
};

bool operator==(const Weapon& a, const Weapon& b) { return a.name == b.name && a.damage == b.damage; }

Everything sample() {
  Everything e;
  e.alive = true;
  e.i8 = -8;
  e.u8 = 200;
  e.i16 = -1600;
  e.u16 = 60000;
  e.i32 = -320000;
  e.u32 = 4000000000u;
  e.i64 = std::numeric_limits<std::int64_t>::min();
  e.u64 = std::numeric_limits<std::uint64_t>::max();
  e.f32 = 3.25f;
  e.f64 = -1e300;
  e.team = Team::kBlue;
  e.name = "Zoë";
  e.blob = {0, 1, 254, 255};
  e.tags = {"a", "", "bc"};
  e.flags = {true, false, true};
  e.history = {Team::kRed, Team::kBlue};
  e.triple = {1, -2, 3};
  e.nickname = "z";
  e.sidearm = Weapon{"pistol", 12};
  e.weapons = {{"sword", 30}, {"bow", 18}};
  e.position = {1, 2, 3};
  e.rotation = {0.5f, 0.5f, 0.5f, 0.5f};
  e.tint = {0.1f, 0.2f, 0.3f, 1};
  e.cell = {-4, 5};
  e.chunk = {7, -8, 9};
  e.path = {{1, 1}, {2, 2}};
  return e;
}

void expect_equal(const Everything& a, const Everything& b) {
  EXPECT_EQ(a.alive, b.alive);
  EXPECT_EQ(a.i8, b.i8);
  EXPECT_EQ(a.u8, b.u8);
  EXPECT_EQ(a.i16, b.i16);
  EXPECT_EQ(a.u16, b.u16);
  EXPECT_EQ(a.i32, b.i32);
  EXPECT_EQ(a.u32, b.u32);
  EXPECT_EQ(a.i64, b.i64);
  EXPECT_EQ(a.u64, b.u64);
  EXPECT_EQ(a.f32, b.f32);
  EXPECT_EQ(a.f64, b.f64);
  EXPECT_EQ(a.team, b.team);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.blob, b.blob);
  EXPECT_EQ(a.tags, b.tags);
  EXPECT_EQ(a.flags, b.flags);
  EXPECT_EQ(a.history, b.history);
  EXPECT_EQ(a.triple, b.triple);
  EXPECT_EQ(a.nickname, b.nickname);
  EXPECT_EQ(a.sidearm, b.sidearm);
  EXPECT_EQ(a.weapons, b.weapons);
  EXPECT_EQ(a.position, b.position);
  EXPECT_EQ(a.rotation, b.rotation);
  EXPECT_EQ(a.tint, b.tint);
  EXPECT_EQ(a.cell, b.cell);
  EXPECT_EQ(a.chunk, b.chunk);
  EXPECT_EQ(a.path, b.path);
}

template <class F>
void round_trip(F format) {
  const Everything in = sample();
  const std::vector<std::uint8_t> bytes = pakt::Serialize(in, format);
  EXPECT_EQ(bytes.size(), pakt::SerializedSize(in, format));
  Everything out;
  const pakt::Status s = pakt::Deserialize(bytes, out, format);
  ASSERT_TRUE(s) << s.to_string();
  expect_equal(in, out);
}

TEST(PfrRoundTrip, Compact) { round_trip(pakt::compact); }
TEST(PfrRoundTrip, Mslima) { round_trip(pakt::mslima); }

// Serialize into a buffer kept between calls: its old bytes, more or fewer than the encoding's,
// leave no trace.
template <class F>
void reused_buffer(F format) {
  const std::vector<std::uint8_t> fresh = pakt::Serialize(sample(), format);
  for (const std::size_t old_size : {std::size_t{0}, std::size_t{3}, fresh.size(), fresh.size() + 1000}) {
    std::vector<std::uint8_t> buffer(old_size, 0xAB);
    const pakt::Status s = pakt::Serialize(sample(), buffer, format);
    ASSERT_TRUE(s) << s.to_string();
    EXPECT_EQ(buffer, fresh) << "buffer of " << old_size << " bytes before";
  }
}

TEST(PfrRoundTrip, ReusedBufferGivesTheBytesOfAFreshOneCompact) { reused_buffer(pakt::compact); }
TEST(PfrRoundTrip, ReusedBufferGivesTheBytesOfAFreshOneMslima) { reused_buffer(pakt::mslima); }

TEST(PfrRoundTrip, EveryTruncationFailsCleanly) {
  const std::vector<std::uint8_t> bytes = pakt::Serialize(sample(), pakt::compact);
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    Everything out;
    const pakt::Status s = pakt::Deserialize(pakt::ByteView(bytes.data(), n), out, pakt::compact);
    ASSERT_FALSE(s) << "prefix of " << n << " bytes decoded";
    EXPECT_LE(s.offset(), n);
  }
}

struct Named {
  std::int32_t id = 0;
  std::string name;
  std::vector<std::int32_t> scores;
};

TEST(PfrLimits, MaxLengthNamesTheField) {
  const std::vector<std::uint8_t> bytes = pakt::Serialize(Named{1, "abcdef", {}}, pakt::compact);
  Named out;
  const pakt::Status s = pakt::Deserialize(bytes, out, pakt::compact, {/*max_length=*/5, /*max_count=*/0});
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(s.offset(), 4u);
  EXPECT_EQ(s.path(), "field1");
}

// The limits reach the fields of aggregates inside an aggregate (read out of line, with a depth count).
struct Roster {
  std::vector<Named> members;
};

TEST(PfrLimits, MaxLengthReachesIntoNestedAggregates) {
  const std::vector<std::uint8_t> bytes =
      pakt::Serialize(Roster{{Named{1, "abc", {}}, Named{2, "abcdef", {}}}}, pakt::compact);
  Roster out;
  ASSERT_TRUE(pakt::Deserialize(bytes, out, pakt::compact));
  ASSERT_TRUE(pakt::Deserialize(bytes, out, pakt::compact, {/*max_length=*/6, /*max_count=*/0}));
  const pakt::Status s = pakt::Deserialize(bytes, out, pakt::compact, {/*max_length=*/5, /*max_count=*/0});
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(s.path(), "field0[1].field1");
  EXPECT_EQ(pakt::Deserialize(bytes, out, pakt::compact, {0, 1}).code(), pakt::ErrorCode::kLimitExceeded);
}

TEST(PfrLimits, MaxCount) {
  const std::vector<std::uint8_t> bytes = pakt::Serialize(Named{1, "", {1, 2, 3}}, pakt::compact);
  Named out;
  EXPECT_TRUE(pakt::Deserialize(bytes, out, pakt::compact, {0, 3}));
  EXPECT_EQ(pakt::Deserialize(bytes, out, pakt::compact, {0, 2}).code(), pakt::ErrorCode::kLimitExceeded);
}

TEST(PfrLimits, HugeCountIsRejectedBeforeAllocating) {
  // id 0, name "", scores count 0x7fffffff with no elements behind it.
  const std::vector<std::uint8_t> bytes = {0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f};
  Named out;
  const pakt::Status s = pakt::Deserialize(bytes, out, pakt::compact);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(s.offset(), 8u);
}

TEST(PfrLimits, TrailingBytesAreAnError) {
  std::vector<std::uint8_t> bytes = pakt::Serialize(Named{1, "a", {}}, pakt::compact);
  bytes.push_back(0);
  Named out;
  const pakt::Status s = pakt::Deserialize(bytes, out, pakt::compact);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kTrailingData);
  EXPECT_EQ(s.offset(), bytes.size() - 1);
}

struct TreeNode {
  std::vector<TreeNode> children;
};

TEST(PfrLimits, RecursiveAggregatesStopAtTheDepthLimit) {
  std::vector<std::uint8_t> bytes;
  for (int level = 0; level < pakt::kMaxReflectedDepth + 5; ++level) bytes.insert(bytes.end(), {1, 0, 0, 0});
  bytes.insert(bytes.end(), {0, 0, 0, 0});
  TreeNode out;
  EXPECT_EQ(pakt::Deserialize(bytes, out, pakt::compact).code(), pakt::ErrorCode::kLimitExceeded);

  std::vector<std::uint8_t> shallow = {1, 0, 0, 0, 0, 0, 0, 0};
  ASSERT_TRUE(pakt::Deserialize(shallow, out, pakt::compact));
  ASSERT_EQ(out.children.size(), 1u);
  EXPECT_TRUE(out.children[0].children.empty());
}

// A recursive aggregate encodes (its writer and size pass inline everything but the recursion):
// a root with two children, the second with one child of its own.
TEST(PfrRoundTrip, RecursiveAggregate) {
  const TreeNode tree{{TreeNode{}, TreeNode{{TreeNode{}}}}};
  const std::vector<std::uint8_t> expected = {2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(pakt::SerializedSize(tree, pakt::compact), expected.size());
  EXPECT_EQ(pakt::Serialize(tree, pakt::compact), expected);
  std::vector<std::uint8_t> buffer;
  ASSERT_TRUE(pakt::Serialize(tree, buffer, pakt::compact));
  EXPECT_EQ(buffer, expected);
  TreeNode out;
  ASSERT_TRUE(pakt::Deserialize(expected, out, pakt::compact));
  ASSERT_EQ(out.children.size(), 2u);
  EXPECT_TRUE(out.children[0].children.empty());
  ASSERT_EQ(out.children[1].children.size(), 1u);
  EXPECT_TRUE(out.children[1].children[0].children.empty());
}

}  // namespace
