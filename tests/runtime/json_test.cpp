// JSON output styles: Unity's JsonUtility text and the shortest round-trip text.
#include "pakt/json.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "gtest/gtest.h"

namespace {

template <class T>
std::string json(const T& v, pakt::JsonStyle style) {
  std::string out;
  pakt::JsonWriter j(out, style);
  pakt::WriteJson(j, v);
  return out;
}

TEST(Json, UnityPrintsWidenedFloatsWith17Digits) {
  EXPECT_EQ(json(0.162f, pakt::JsonStyle::kUnity), "0.16200000047683716");
  EXPECT_EQ(json(62.0f, pakt::JsonStyle::kUnity), "62.0");
  EXPECT_EQ(json(-0.0f, pakt::JsonStyle::kUnity), "-0.0");
  EXPECT_EQ(json(1e20f, pakt::JsonStyle::kUnity), "1.0000000200408773e+20");
  EXPECT_EQ(json(0.1, pakt::JsonStyle::kUnity), "0.10000000000000001");
}

TEST(Json, ShortestPrintsTheShortestRoundTripText) {
  EXPECT_EQ(json(0.162f, pakt::JsonStyle::kShortest), "0.162");
  EXPECT_EQ(json(62.0f, pakt::JsonStyle::kShortest), "62");
  EXPECT_EQ(json(0.1, pakt::JsonStyle::kShortest), "0.1");
}

TEST(Json, NonFiniteFloatsAreStrings) {
  EXPECT_EQ(json(std::numeric_limits<float>::quiet_NaN(), pakt::JsonStyle::kUnity), "\"NaN\"");
  EXPECT_EQ(json(-std::numeric_limits<double>::infinity(), pakt::JsonStyle::kShortest), "\"-Infinity\"");
}

TEST(Json, ContainersAndVectors) {
  EXPECT_EQ(json(std::vector<std::int32_t>{1, -2}, pakt::JsonStyle::kUnity), "[1,-2]");
  EXPECT_EQ(json(pakt::Vector3{-23, 62, 26}, pakt::JsonStyle::kUnity), "{\"x\":-23.0,\"y\":62.0,\"z\":26.0}");
  EXPECT_EQ(json(std::optional<bool>{}, pakt::JsonStyle::kUnity), "null");
  EXPECT_EQ(json(std::vector<bool>{true, false}, pakt::JsonStyle::kUnity), "[true,false]");
  EXPECT_EQ(json(std::numeric_limits<std::uint64_t>::max(), pakt::JsonStyle::kUnity), "18446744073709551615");
}

TEST(Json, StringsAreEscaped) {
  EXPECT_EQ(json(std::string("a\"b\\\n\t\x01가"), pakt::JsonStyle::kUnity), "\"a\\\"b\\\\\\n\\t\\u0001가\"");
}

}  // namespace
