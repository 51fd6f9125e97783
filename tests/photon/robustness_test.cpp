// Hostile input: deterministic mutations (bit flips, truncations, inserted and overwritten bytes)
// of valid Protocol 1.6 / 1.8 messages. Every decode must either fail with an offset inside the
// input or give a value that re-encodes to bytes that decode and re-encode to the same bytes. Run it under
// PAKT_SANITIZE=ON to catch any read past the end.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "pakt_internal/hex.hpp"
#include "pakt/photon/protocol.hpp"

namespace {

using pakt::internal::hex_bytes;
using namespace pakt::photon;

struct Seed {
  Protocol protocol;
  const char* bytes;
};

// Valid typed values covering every container, written by hand.
const Seed kSeeds[] = {
    {Protocol::k16, "65 c8 0003 f5 68 0002 62 00 69 000003e9 62 04 7a 0002 66 3f000000 73 0001 78 fe 69 00000002 "
                    "04 63 41 0004 01020304"},
    {Protocol::k16, "79 0002 44 62 73 0001 01 0001 61 0000"},
    {Protocol::k16, "79 0002 79 0001 69 00000005 0000 6f"},
    {Protocol::k16, "70 e2 ffff 73 0002 6f6b 0002 01 79 0001 63 50 0004 00000001 02 6e 00000001 00000007"},
    {Protocol::k16, "71 fd 0002 f4 62 07 f5 44 00 00 0001 6c 0000000000000001 64 3ff0000000000000"},
    {Protocol::k18, "1a c8 03 f5 15 02 22 0b e9 03 04 17 02 05 0000003f 07 01 78 fe 0b 02 04 c1 04 01020304"},
    {Protocol::k18, "42 09 0d 01"},
    {Protocol::k18, "54 03 07 02 01 01 01 61 00"},
    {Protocol::k18, "40 02 49 01 0a 47 01 01 61"},
    {Protocol::k18, "19 e2 feff 07 02 6f6b 02 01 53 01 50 04 00000001 02 14 09 00 01 01 1c"},
    {Protocol::k18, "18 fd 02 f4 03 07 f5 13 c8 02 aabb"},
};

std::vector<std::uint8_t> mutate(std::vector<std::uint8_t> bytes, std::mt19937& rng) {
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int i = 0; i < edits && !bytes.empty(); ++i) {
    const std::size_t at = rng() % bytes.size();
    switch (rng() % 5) {
      case 0: bytes[at] = static_cast<std::uint8_t>(bytes[at] ^ (1u << (rng() % 8))); break;
      case 1: bytes.resize(at); break;
      case 2: bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at), static_cast<std::uint8_t>(rng())); break;
      case 3: bytes[at] = static_cast<std::uint8_t>(rng()); break;
      default: bytes[at] = 0xff; break;
    }
  }
  return bytes;
}

TEST(PhotonRobustness, MutatedInputFailsCleanlyOrRoundTrips) {
  std::mt19937 rng(20240601);
  std::size_t decoded = 0;
  std::size_t rejected = 0;
  for (const Seed& seed : kSeeds) {
    const std::vector<std::uint8_t> original = hex_bytes(seed.bytes);
    Value check;
    ASSERT_TRUE(DecodeValue(original, seed.protocol, check)) << seed.bytes;
    for (int round = 0; round < 3000; ++round) {
      const std::vector<std::uint8_t> input = mutate(original, rng);
      Value v;
      const pakt::Status s = DecodeValue(input, seed.protocol, v);
      if (!s) {
        ++rejected;
        ASSERT_LE(s.offset(), input.size()) << s.to_string();
        continue;
      }
      ++decoded;
      std::vector<std::uint8_t> again;
      const pakt::Status encoded = EncodeValue(v, seed.protocol, again);
      if (!encoded) continue;  // decodable but not encodable (e.g. a string past 32767): fine
      Value back;
      ASSERT_TRUE(DecodeValue(again, seed.protocol, back)) << "re-encoded value does not decode";
      std::vector<std::uint8_t> third;
      ASSERT_TRUE(EncodeValue(back, seed.protocol, third));
      ASSERT_EQ(third, again) << "bytes compare where values cannot (NaN)";
    }
  }
  EXPECT_GT(rejected, 1000u);
  EXPECT_GT(decoded, 100u);
}

TEST(PhotonRobustness, MutatedMessagesFailCleanly) {
  std::mt19937 rng(7);
  const std::vector<std::uint8_t> original = hex_bytes("f3 04 c8 0002 f5 79 0002 63 41 0001 aa 0000 fe 69 00000002");
  std::size_t rejected = 0;
  for (int round = 0; round < 5000; ++round) {
    const std::vector<std::uint8_t> input = mutate(original, rng);
    for (Protocol p : {Protocol::k16, Protocol::k18}) {
      Message m;
      const pakt::Status s = DecodeMessage(input, p, m);
      if (!s) {
        ++rejected;
        ASSERT_LE(s.offset(), input.size()) << s.to_string();
      }
    }
  }
  EXPECT_GT(rejected, 5000u);
}

}  // namespace
