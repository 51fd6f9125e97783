// The seed's figures: sizes 32/32/69, JsonUtility sizes 94/67, and the exact bytes the real
// MSLIMA PhotonSerializer (C#, Unity) produces for SeedGameStruct.
#include <cmath>
#include <string>
#include <vector>

#include "pakt_internal/hex.hpp"
#include "photon_seed.pakt.h"
#include "gtest/gtest.h"

namespace {

using namespace photon::seed;

// Produced by the real MSLIMA C# code (issue #2; ../shared/reference/photon-wire-format.md).
const std::vector<std::uint8_t> kMslimaSeedGameStruct = pakt::internal::hex_bytes(
    "0000001e000000473e25e354010000000ca48beb9882eb80b0ea434241c1b800004278000041d000003f80000040e00000c170"
    "00003e98917cbd20aa653dff07953f720d82");

TEST(Seed, SizesMatchTheSeed) {
  EXPECT_EQ(Serialize(ExampleSeedStruct()).size(), 32u);
  EXPECT_EQ(Serialize(ExampleSeedShortNames()).size(), 32u);
  EXPECT_EQ(Serialize(ExampleSeedGameStruct()).size(), 69u);
  EXPECT_EQ(SerializedSize(ExampleSeedGameStruct(), pakt::mslima), 69u);
}

TEST(Seed, JsonUtilitySizesMatchTheSeed) {
  EXPECT_EQ(ToJson(ExampleSeedStruct()).size(), 94u);
  EXPECT_EQ(ToJson(ExampleSeedShortNames()).size(), 67u);
  EXPECT_EQ(ToJson(ExampleSeedShortNames()), "{\"a\":30,\"b\":71,\"c\":\"ABC가나다\",\"d\":0.16200000047683716,\"e\":62.0}");
}

TEST(Seed, TheoreticalSizesMatchTheSeed) {
  EXPECT_EQ(pakt::MessageTraits<SeedStruct>::kMarshalSize, 24u);
  EXPECT_EQ(pakt::MessageTraits<SeedGameStruct>::kMarshalSize, 64u);
}

TEST(Seed, MslimaBytesEqualWhatUnityWrites) {
  EXPECT_EQ(Serialize(ExampleSeedGameStruct(), pakt::mslima), kMslimaSeedGameStruct);
}

TEST(Seed, MslimaBytesFromUnityDecode) {
  SeedGameStruct decoded;
  ASSERT_TRUE(Deserialize(kMslimaSeedGameStruct, decoded, pakt::mslima));
  EXPECT_EQ(decoded.int_1, 30);
  EXPECT_EQ(decoded.int_2, 71);
  EXPECT_EQ(decoded.float_1, 0.162f);
  EXPECT_TRUE(decoded.bool_1);
  EXPECT_EQ(decoded.string_1, "ABC가나다");
  EXPECT_EQ(decoded.vector3_1, (pakt::Vector3{-23, 62, 26}));
  EXPECT_EQ(decoded.vector3_2, (pakt::Vector3{1, 7, -15}));
  EXPECT_EQ(decoded, ExampleSeedGameStruct());
}

// quaternion_1's doc: about Quaternion.Euler(35, 0, 15). Unity rotates about Z, then X, then Y
// (degrees), so the quaternion is qY * qX * qZ, computed here from the angles. The reference
// payload's value is that rotation to within 0.02 degrees per axis (it is not exactly unit length).
TEST(Seed, QuaternionIsAboutTheDocumentedEulerAngles) {
  auto axis_angle = [](int axis, double degrees) {
    const double half = degrees * 3.14159265358979323846 / 360.0;
    double q[4] = {0, 0, 0, std::cos(half)};
    q[axis] = std::sin(half);
    return std::vector<double>(q, q + 4);
  };
  auto multiply = [](const std::vector<double>& a, const std::vector<double>& b) {  // Hamilton product, (x, y, z, w)
    return std::vector<double>{a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
                               a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
                               a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
                               a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
  };
  const std::vector<double> euler = multiply(multiply(axis_angle(1, 0), axis_angle(0, 35)), axis_angle(2, 15));
  // The exact values the doc quotes.
  EXPECT_NEAR(euler[0], 0.2981332, 1e-7);
  EXPECT_NEAR(euler[1], -0.0392500, 1e-7);
  EXPECT_NEAR(euler[2], 0.1244850, 1e-7);
  EXPECT_NEAR(euler[3], 0.9455578, 1e-7);
  const pakt::Quaternion example = ExampleSeedGameStruct().quaternion_1;
  EXPECT_NEAR(example.x, euler[0], 2e-4);
  EXPECT_NEAR(example.y, euler[1], 2e-4);
  EXPECT_NEAR(example.z, euler[2], 2e-4);
  EXPECT_NEAR(example.w, euler[3], 2e-4);
}

// compact is the same layout in little-endian with the string forwards: derive the expected
// bytes from Unity's, word by word, rather than from pakt's own output.
TEST(Seed, CompactIsTheMslimaLayoutLittleEndian) {
  std::vector<std::uint8_t> expected;
  const auto& be = kMslimaSeedGameStruct;
  auto word = [&](std::size_t at) {
    for (int i = 3; i >= 0; --i) expected.push_back(be[at + static_cast<std::size_t>(i)]);
  };
  word(0), word(4), word(8);
  expected.push_back(be[12]);                                            // bool
  word(13);                                                              // string length 12
  for (std::size_t i = 0; i < 12; ++i) expected.push_back(be[17 + 11 - i]);  // UTF-8 forwards
  for (std::size_t at = 29; at < 69; at += 4) word(at);                  // 2 x Vector3, Quaternion
  EXPECT_EQ(Serialize(ExampleSeedGameStruct(), pakt::compact), expected);
}

}  // namespace
