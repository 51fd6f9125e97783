// The generated API beyond Serialize/Deserialize: composing messages on a Writer/Reader,
// caller-owned buffers, traits (codes, sizes, fingerprints).
#include "test_values.hpp"

namespace {

using namespace pakt::test;

TEST(Api, MessagesComposeOnOneWriterAndReader) {
  const Inner a{1, "one"};
  const Geometry g = ExampleGeometry();
  std::vector<std::uint8_t> buffer(pakt::WireSize(a, pakt::mslima) + pakt::WireSize(g, pakt::mslima));
  pakt::Writer w(buffer.data(), buffer.size());
  pakt::Write(w, a, pakt::mslima);
  pakt::Write(w, g, pakt::mslima);
  ASSERT_TRUE(w.ok());
  ASSERT_EQ(w.size(), buffer.size());

  pakt::Reader r(buffer);
  Inner a2;
  Geometry g2;
  ASSERT_TRUE(pakt::Read(r, a2, pakt::mslima));
  ASSERT_TRUE(pakt::Read(r, g2, pakt::mslima));
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(a2, a);
  EXPECT_EQ(g2, g);
}

TEST(Api, SerializeIntoACallerBuffer) {
  const Inner a{1, "one"};
  std::uint8_t buffer[64];
  std::size_t written = 0;
  ASSERT_TRUE(pakt::SerializeTo(a, buffer, sizeof buffer, written, pakt::compact));
  EXPECT_EQ(written, 11u);
  const pakt::Status s = pakt::SerializeTo(a, buffer, 10, written, pakt::compact);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kBufferTooSmall);
  EXPECT_EQ(written, 0u);
}

TEST(Api, TrailingBytesAreRejected) {
  std::vector<std::uint8_t> bytes = Serialize(Inner{1, "x"});
  bytes.push_back(0);
  Inner decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kTrailingData);
  EXPECT_EQ(s.offset(), 9u);
}

TEST(Api, TraitsDescribeTheWireShape) {
  EXPECT_EQ(pakt::MessageTraits<Scalars>::kCode, 0xF0);
  EXPECT_EQ(pakt::MessageTraits<photon::seed::SeedGameStruct>::kCode, 'A');
  EXPECT_EQ(pakt::MessageTraits<Inner>::kMinWireSize, 8u);
  EXPECT_EQ(pakt::MessageTraits<Inner>::kFixedWireSize, 0u);
  EXPECT_EQ(pakt::MessageTraits<game::net::MoveUpdate>::kFixedWireSize, 49u);
  EXPECT_STREQ(pakt::MessageTraits<Inner>::kName, "Inner");
  // SeedStruct and SeedShortNames differ only in their field names, which Godot dictionaries and
  // JSON carry: the schema fingerprint (docs/replication.md) tells them apart.
  EXPECT_NE(pakt::MessageTraits<photon::seed::SeedStruct>::kFingerprint,
            pakt::MessageTraits<photon::seed::SeedShortNames>::kFingerprint);
  EXPECT_NE(pakt::MessageTraits<photon::seed::SeedStruct>::kFingerprint,
            pakt::MessageTraits<photon::seed::SeedGameStruct>::kFingerprint);
}

TEST(Api, DefaultsComeFromTheSchema) {
  const game::net::Player p;
  EXPECT_EQ(p.team, game::common::Team::spectator);
  EXPECT_EQ(p.score, 0);
  const game::net::Snapshot s;
  EXPECT_EQ(s.gravity, -9.81);
  EXPECT_FALSE(p.nick.has_value());
}

TEST(Api, StatusToString) {
  std::vector<std::uint8_t> bytes = {1, 0};
  Inner decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  EXPECT_EQ(s.to_string(), "offset 0: Inner.id: truncated number: needs 4 bytes, 2 remain");
}

}  // namespace
