#include "pakt/status.hpp"

#include "gtest/gtest.h"

namespace {

TEST(Status, DefaultIsOk) {
  const pakt::Status s;
  EXPECT_TRUE(s);
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.code(), pakt::ErrorCode::kOk);
  EXPECT_EQ(s.message(), "ok");
  EXPECT_EQ(s.to_string(), "ok");
}

TEST(Status, ErrorCarriesCodeOffsetPathAndReason) {
  const auto s = pakt::Status::Error(pakt::ErrorCode::kLimitExceeded, 17, "Player.weapons[2].name",
                                     "string length 9000 exceeds max_length 32");
  EXPECT_FALSE(s);
  EXPECT_EQ(s.offset(), 17u);
  EXPECT_EQ(s.path(), "Player.weapons[2].name");
  EXPECT_EQ(s.message(), "Player.weapons[2].name: string length 9000 exceeds max_length 32");
  EXPECT_EQ(s.to_string(), "offset 17: Player.weapons[2].name: string length 9000 exceeds max_length 32");
}

TEST(Status, ErrorWithoutPath) {
  const auto s = pakt::Status::Error(pakt::ErrorCode::kTruncated, 0, "", "truncated header");
  EXPECT_EQ(s.message(), "truncated header");
}

TEST(Status, EveryCodeHasAName) {
  for (int c = 0; c <= static_cast<int>(pakt::ErrorCode::kTrailingData); ++c) {
    EXPECT_STRNE(pakt::to_string(static_cast<pakt::ErrorCode>(c)), "unknown") << c;
  }
}

}  // namespace
