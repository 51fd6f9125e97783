// pakt/message_rules.hpp: the message-level wire rules that generated code and the run-time codec
// of `pakt decode` share (presence byte, version boundaries, max_length vs max_count, minimum
// element size). The codecs' own tests cover them through whole messages; these pin the helpers.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "pakt/message_rules.hpp"

namespace {

pakt::Reader reader_of(const std::vector<std::uint8_t>& bytes) { return pakt::Reader(pakt::ByteView(bytes.data(), bytes.size())); }

TEST(MessageRules, LengthRules) {
  const pakt::Limits limits{8, 3};
  EXPECT_STREQ(pakt::StringLengthRule(limits).what, "string length");
  EXPECT_EQ(pakt::StringLengthRule(limits).limit, 8u);
  // bytes: uint8 elements and no max_count.
  const pakt::LengthRule bytes = pakt::ListLengthRule(pakt::Limits{8, 0}, true);
  EXPECT_STREQ(bytes.limit_name, "max_length");
  EXPECT_EQ(bytes.limit, 8u);
  // uint8[] (max_count) and any other list: max_count.
  EXPECT_STREQ(pakt::ListLengthRule(limits, true).limit_name, "max_count");
  EXPECT_STREQ(pakt::ListLengthRule(limits, false).what, "count");
  EXPECT_EQ(pakt::ListLengthRule(limits, false).limit, 3u);
  EXPECT_EQ(pakt::ElementLimits(limits).max_length, 8u);
  EXPECT_EQ(pakt::ElementLimits(limits).max_count, 0u);
}

TEST(MessageRules, CheckLengthNamesTheLimit) {
  pakt::Checker c;
  EXPECT_TRUE(pakt::CheckLength(c, 0, pakt::ListLengthRule(pakt::Limits{0, 3}, false), 3));
  EXPECT_FALSE(pakt::CheckLength(c, 0, pakt::ListLengthRule(pakt::Limits{0, 3}, false), 4));
  EXPECT_EQ(c.status().code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(c.status().reason(), "count 4 exceeds max_count 3");
}

TEST(MessageRules, AcceptLengthChecksTheMinimumElementSize) {
  const std::vector<std::uint8_t> bytes(8);
  pakt::Reader r = reader_of(bytes);
  std::size_t n = 0;
  EXPECT_TRUE(pakt::AcceptLength(r, 0, 2, pakt::ListLengthRule({}, false), 4, n));
  EXPECT_EQ(n, 2u);
  EXPECT_FALSE(pakt::AcceptLength(r, 0, 3, pakt::ListLengthRule({}, false), 4, n));
  EXPECT_EQ(r.status().reason(), "count 3 needs at least 12 bytes, 8 remain");
}

// The bytes a count needs are computed in 64 bits: a 32-bit size_t would wrap 4294967295 * 12 to
// 4294967284 (the verdict was right, the text was not; 305 such texts differed on armhf).
TEST(MessageRules, TheBytesACountNeedsAreSaidIn64BitsOnEveryHost) {
  EXPECT_EQ(pakt::detail::needs_at_least_text(4294967295u, 12, 5),
            "4294967295 needs at least 51539607540 bytes, 5 remain");
  EXPECT_EQ(pakt::detail::needs_at_least_text(0x4000000000000000u, 4, 0),
            "4611686018427387904 needs more than 18446744073709551615 bytes, 0 remain");
  EXPECT_EQ(pakt::detail::needs_at_least_text(0x4000000000000000u, 3, 0),
            "4611686018427387904 needs at least 13835058055282163712 bytes, 0 remain");
}

TEST(MessageRules, AcceptLengthRefusesNegativeLengths) {
  const std::vector<std::uint8_t> bytes;
  pakt::Reader r = reader_of(bytes);
  std::size_t n = 0;
  EXPECT_FALSE(pakt::AcceptLength(r, 0, -1, pakt::kFrameLengthRule, 1, n));
  EXPECT_EQ(r.status().code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(r.status().reason(), "negative message length -1");
}

TEST(MessageRules, ElementsOfNoBytesAreBoundedByTheLimitAlone) {
  const std::vector<std::uint8_t> bytes;
  pakt::Reader r = reader_of(bytes);
  std::size_t n = 0;
  EXPECT_TRUE(pakt::AcceptLength(r, 0, 4, pakt::ListLengthRule(pakt::Limits{0, 4}, false), 0, n));
  EXPECT_FALSE(pakt::AcceptLength(r, 0, 5, pakt::ListLengthRule(pakt::Limits{0, 4}, false), 0, n));
  EXPECT_EQ(r.status().reason(), "count 5 exceeds max_count 4");
}

TEST(MessageRules, PresenceByte) {
  const std::vector<std::uint8_t> bytes{0, 1, 2};
  pakt::Reader r = reader_of(bytes);
  bool present = true;
  ASSERT_TRUE(pakt::ReadPresence(r, present));
  EXPECT_FALSE(present);
  ASSERT_TRUE(pakt::ReadPresence(r, present));
  EXPECT_TRUE(present);
  EXPECT_FALSE(pakt::ReadPresence(r, present));
  EXPECT_EQ(r.status().offset(), 2u);
  EXPECT_EQ(r.status().reason(), "presence byte 2 is neither 0 nor 1");

  std::uint8_t out[2] = {7, 7};
  pakt::Writer w(out, sizeof out);
  pakt::WritePresence(w, false);
  pakt::WritePresence(w, true);
  EXPECT_EQ(out[0], 0);
  EXPECT_EQ(out[1], 1);
}

TEST(MessageRules, OnlyTopLevelPayloadsAndFramesEndAtAVersionBoundary) {
  const std::vector<std::uint8_t> bytes{1};
  pakt::Reader r = reader_of(bytes);
  EXPECT_FALSE(pakt::EndsAtVersionBoundary(r, true, false));  // bytes remain
  ASSERT_NE(r.take(1), nullptr);
  EXPECT_TRUE(pakt::EndsAtVersionBoundary(r, true, false));
  EXPECT_TRUE(pakt::EndsAtVersionBoundary(r, false, true));
  EXPECT_FALSE(pakt::EndsAtVersionBoundary(r, false, false));  // a nested plain message never ends early
}

}  // namespace
