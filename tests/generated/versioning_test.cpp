// Schema evolution within the compact formats: a version-1 payload decodes in a version-2 reader
// (new fields keep their defaults); a payload cut inside a version is an error; deprecated
// fields stay on the wire as their default.
#include "evolution_v1.pakt.h"
#include "evolution_v2.pakt.h"
#include "test_values.hpp"

namespace {

TEST(Versioning, OldPayloadDecodesWithDefaults) {
  const evolution::v1::Profile old{7, "ann"};
  evolution::v2::Profile decoded;
  decoded.level = 99;  // a reused object: fields the old payload lacks are reset to their defaults
  decoded.title = "old value";
  ASSERT_TRUE(Deserialize(Serialize(old), decoded));
  EXPECT_EQ(decoded.id, 7u);
  EXPECT_EQ(decoded.name, "ann");
  EXPECT_EQ(decoded.level, 1);
  EXPECT_EQ(decoded.title, "rookie");
  evolution::v2::Profile fresh;
  ASSERT_TRUE(Deserialize(Serialize(old, pakt::mslima), fresh, pakt::mslima));
  EXPECT_EQ(fresh.level, 1);
  EXPECT_EQ(fresh.title, "rookie");
}

TEST(Versioning, NewPayloadIsRejectedByAnOldReader) {
  const evolution::v2::Profile current{7, "ann", 3, "pro"};
  evolution::v1::Profile old;
  const pakt::Status s = Deserialize(Serialize(current), old);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kTrailingData);
  EXPECT_EQ(s.message(), "Profile: 9 unexpected bytes after the message");
}

TEST(Versioning, PayloadsEndingAtEachBoundaryDecode) {
  pakt::test::Versioned v;
  v.a = 5;
  v.b = "bee";
  v.c = {9};
  v.d = 1.25;
  v.e = pakt::test::Inner{1, "x"};
  const std::vector<std::uint8_t> full = Serialize(v);
  // Version 1 = a, old (4 + 4 bytes); version 2 adds b (4+3) and c (4+2).
  const std::size_t v1_end = 8, v2_end = 8 + 7 + 6;
  pakt::test::Versioned decoded;
  ASSERT_TRUE(Deserialize(pakt::ByteView(full.data(), v1_end), decoded));
  EXPECT_EQ(decoded.a, 5);
  EXPECT_EQ(decoded.b, "two");
  EXPECT_EQ(decoded.c, (std::vector<std::int16_t>{1, 2}));
  EXPECT_EQ(decoded.d, 3.5);
  pakt::test::Versioned decoded2;
  ASSERT_TRUE(Deserialize(pakt::ByteView(full.data(), v2_end), decoded2));
  EXPECT_EQ(decoded2.b, "bee");
  EXPECT_EQ(decoded2.d, 3.5);
  EXPECT_FALSE(decoded2.e.has_value());
  // Cut inside version 2 (after b, before c): an error, not a silent default.
  pakt::test::Versioned decoded3;
  EXPECT_FALSE(Deserialize(pakt::ByteView(full.data(), 8 + 7), decoded3));
}

TEST(Versioning, NestedMessagesMustBeComplete) {
  // The version boundary applies to top-level payloads only: inside a list every element is whole.
  pakt::test::Nested n;
  const std::vector<std::uint8_t> bytes = Serialize(n);
  pakt::test::Nested decoded;
  EXPECT_FALSE(Deserialize(pakt::ByteView(bytes.data(), bytes.size() - 1), decoded));
}

TEST(Versioning, DeprecatedFieldIsWrittenAsItsDefaultAndIgnoredOnRead) {
  pakt::test::Versioned v;
  v.old = 1234;
  const std::vector<std::uint8_t> bytes = Serialize(v);
  EXPECT_EQ(bytes[4], 42);  // the default, not 1234
  pakt::test::Versioned decoded;
  decoded.old = 7;
  std::vector<std::uint8_t> forged = bytes;
  forged[4] = 99;
  ASSERT_TRUE(Deserialize(forged, decoded));
  EXPECT_EQ(decoded.old, 42) << "a deprecated field holds its default: not the wire's 99, not the 7 it held";
}

}  // namespace

namespace {

// Extensible messages are framed by their byte length, so a version-1 reader skips what
// version 2 appended — also in the middle of a payload — and a version-2 reader fills defaults.
TEST(Versioning, OlderReaderSkipsNewerFieldsOfExtensibleMessages) {
  evolution::v2::Lobby lobby;
  lobby.settings = {evolution::v2::Settings{3, "fr", false}, evolution::v2::Settings{4, "de", true}};
  lobby.owner = 77;
  evolution::v1::Lobby old;
  ASSERT_TRUE(Deserialize(Serialize(lobby), old));
  ASSERT_EQ(old.settings.size(), 2u);
  EXPECT_EQ(old.settings[1].volume, 4);
  EXPECT_EQ(old.owner, 77u);
  evolution::v1::Lobby old_ms;
  ASSERT_TRUE(Deserialize(Serialize(lobby, pakt::mslima), old_ms, pakt::mslima));
  EXPECT_EQ(old_ms.owner, 77u);
}

TEST(Versioning, NewerReaderFillsDefaultsInOlderExtensibleFrames) {
  evolution::v1::Lobby old;
  old.settings = {evolution::v1::Settings{9}};
  old.owner = 5;
  evolution::v2::Lobby lobby;
  ASSERT_TRUE(Deserialize(Serialize(old), lobby));
  ASSERT_EQ(lobby.settings.size(), 1u);
  EXPECT_EQ(lobby.settings[0].volume, 9);
  EXPECT_EQ(lobby.settings[0].language, "en");
  EXPECT_TRUE(lobby.settings[0].hints);
  EXPECT_EQ(lobby.owner, 5u);
}

TEST(Versioning, ExtensibleFramesAreBoundsChecked) {
  evolution::v1::Lobby old;
  old.settings = {evolution::v1::Settings{9}};
  std::vector<std::uint8_t> bytes = Serialize(old);
  bytes[4] = 200;  // the frame claims 200 bytes
  evolution::v1::Lobby decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(s.path(), "Lobby.settings[0]");
  bytes[4] = 0;  // an empty frame is missing version-1 fields: an error, not defaults
  EXPECT_EQ(Deserialize(bytes, decoded).code(), pakt::ErrorCode::kTruncated);
}

}  // namespace
