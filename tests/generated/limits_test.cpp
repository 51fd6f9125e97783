// Schema limits (max_length, max_count) on encode and decode, and lengths that claim more bytes
// than remain: rejected with the field path and offset, before anything is allocated.
#include <limits>

#include "test_values.hpp"

namespace {

using namespace pakt::test;

// Writes a compact int32 at `at` (for forging headers into real payloads).
void patch_int32(std::vector<std::uint8_t>& bytes, std::size_t at, std::int32_t v) {
  const auto u = static_cast<std::uint32_t>(v);
  for (int i = 0; i < 4; ++i) bytes[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(u >> (8 * i));
}

TEST(Limits, MaxLengthIsEnforcedOnEncode) {
  Texts t;
  t.limited = "123456789";  // 9 bytes, max_length 8
  EXPECT_THROW(Serialize(t), pakt::EncodeError);
  std::vector<std::uint8_t> out;
  const pakt::Status s = Serialize(t, out, pakt::mslima);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(s.message(), "Texts.limited: string length 9 exceeds max_length 8");
}

TEST(Limits, MaxLengthCountsBytesNotCharacters) {
  Texts t;
  t.limited = "가나다";  // 3 characters, 9 bytes
  EXPECT_THROW(Serialize(t), pakt::EncodeError);
  t.limited = "가나";  // 6 bytes
  EXPECT_NO_THROW(Serialize(t));
}

TEST(Limits, ExactlyAtTheLimitIsAccepted) {
  Texts t;
  t.limited = "12345678";
  t.raw_limited = {1, 2, 3, 4};
  Texts back;
  ASSERT_TRUE(Deserialize(Serialize(t), back));
  EXPECT_EQ(back, t);
}

TEST(Limits, MaxCountAndElementLengthAreEnforcedOnEncode) {
  Lists l;
  l.strings = {"a", "b", "c", "d", "e"};  // max_count 4
  std::vector<std::uint8_t> out;
  pakt::Status s = Serialize(l, out);
  EXPECT_EQ(s.message(), "Lists.strings: count 5 exceeds max_count 4");
  l.strings = {"a", "123456789"};
  s = Serialize(l, out);
  EXPECT_EQ(s.message(), "Lists.strings[1]: string length 9 exceeds max_length 8");
  l.strings = {};
  l.blobs = {{1}, {1, 2, 3, 4, 5, 6}};  // max_length 5 on each element
  s = Serialize(l, out);
  EXPECT_EQ(s.message(), "Lists.blobs[1]: length 6 exceeds max_length 5");
  l.blobs = {};
  l.inners = {Inner{1, "ok"}, Inner{2, "this label is far too long"}};
  s = Serialize(l, out);
  EXPECT_EQ(s.message(), "Lists.inners[1].label: string length 26 exceeds max_length 16");
}

TEST(Limits, NestedLimitsAreEnforcedThroughOptionalsAndFixedArrays) {
  Optionals o;
  o.maybe_inner = Inner{1, "a label longer than sixteen"};
  EXPECT_EQ(SerializedSize(o), SerializedSize(o, pakt::mslima));
  std::vector<std::uint8_t> out;
  EXPECT_EQ(Serialize(o, out).message(), "Optionals.maybe_inner.label: string length 27 exceeds max_length 16");
  Fixed f;
  f.names[1] = "123456789";
  EXPECT_EQ(Serialize(f, out).message(), "Fixed.names[1]: string length 9 exceeds max_length 8");
}

// A payload written without the limit (by a hostile or newer peer) is rejected on decode.
TEST(Limits, MaxLengthIsEnforcedOnDecode) {
  Inner unlimited{1, "short"};
  std::vector<std::uint8_t> bytes = Serialize(unlimited);
  // Re-encode with a 20-byte label by hand: id, then length 20 and 20 bytes.
  bytes.resize(4);
  const std::string label(20, 'x');
  bytes.resize(8);
  patch_int32(bytes, 4, 20);
  bytes.insert(bytes.end(), label.begin(), label.end());
  Inner decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(s.offset(), 4u);
  EXPECT_EQ(s.message(), "Inner.label: string length 20 exceeds max_length 16");
}

TEST(Limits, MaxCountIsEnforcedOnDecode) {
  Lists l;
  l.u8s.assign(10, 7);  // max_count 10; its count follows the empty bools list, at offset 4
  std::vector<std::uint8_t> bytes = Serialize(l);
  bytes.insert(bytes.begin() + 8, 7);  // an 11th element
  patch_int32(bytes, 4, 11);
  Lists decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "Lists.u8s: count 11 exceeds max_count 10");
  EXPECT_EQ(s.offset(), 4u);
}

TEST(Limits, ErrorsInListElementsNameTheIndex) {
  Lists l;
  l.inners = {Inner{1, "a"}, Inner{2, "b"}};
  std::vector<std::uint8_t> bytes = Serialize(l);
  // Payload tail: ... [id][length]["b"] then the empty `empties` list's count.
  const std::size_t label_length_at = bytes.size() - 4 - 1 - 4;
  patch_int32(bytes, label_length_at, 17);
  Lists decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  EXPECT_EQ(s.message(), "Lists.inners[1].label: string length 17 exceeds max_length 16");
  EXPECT_EQ(s.offset(), label_length_at);
}

// A count of 2^31-1 in a tiny payload fails at once: no allocation of 2 GiB, no long loop.
TEST(Limits, HugeCountsAreRejectedBeforeAllocating) {
  Lists l;
  std::vector<std::uint8_t> bytes = Serialize(l);  // 14 empty lists: 14 zero counts
  for (std::size_t field = 0; field < 14; ++field) {
    std::vector<std::uint8_t> forged = bytes;
    patch_int32(forged, field * 4, std::numeric_limits<std::int32_t>::max());
    Lists decoded;
    const pakt::Status s = Deserialize(forged, decoded);
    ASSERT_FALSE(s) << "field " << field;
    EXPECT_TRUE(s.code() == pakt::ErrorCode::kLengthOverflow || s.code() == pakt::ErrorCode::kLimitExceeded)
        << s.to_string();
    EXPECT_EQ(s.offset(), field * 4) << s.to_string();
  }
}

TEST(Limits, NegativeLengthsAreRejected) {
  Texts t;
  std::vector<std::uint8_t> bytes = Serialize(t);
  patch_int32(bytes, 0, -1);
  Texts decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(s.message(), "Texts.s: negative string length -1");
}

TEST(Limits, StringLengthPastTheEndNamesTheRemainingBytes) {
  Texts t;
  t.s = "abc";
  std::vector<std::uint8_t> bytes = Serialize(t);
  patch_int32(bytes, 0, 9000);
  Texts decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(s.message(), "Texts.s: string length 9000 needs at least 9000 bytes, " +
                             std::to_string(bytes.size() - 4) + " remain");
}

TEST(Limits, InvalidUtf8IsRejected) {
  Texts t;
  t.s = "abc";
  std::vector<std::uint8_t> bytes = Serialize(t);
  bytes[5] = 0xC0;  // an overlong lead byte
  Texts decoded;
  const pakt::Status s = Deserialize(bytes, decoded);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(s.offset(), 4u);
}

}  // namespace
