// Every truncation of every test payload is rejected with an error inside the payload, except a
// top-level payload cut exactly where an older schema version ends, which decodes with the later
// fields at their defaults; and random bytes never crash a decoder (ASan/UBSan builds run this too).
#include <algorithm>
#include <utility>
#include <vector>

#include "test_values.hpp"

namespace {

template <class M>
class Truncation : public ::testing::Test {};
TYPED_TEST_SUITE(Truncation, pakt_test::AllMessages, pakt_test::TypeIndexName);

// Where a top-level payload of an older schema version ends, worked out from the wire layout (every
// length and count prefix is 4 bytes, an int16 2, in compact and mslima alike), not by the decoder;
// each with the value a reader of the current version must give for it: the fields the older
// version lacks at their defaults (those of a default-constructed message).
template <class M>
std::vector<std::pair<std::size_t, M>> version_boundaries(const M& value) {
  std::vector<std::pair<std::size_t, M>> boundaries;
  if constexpr (std::is_same_v<M, pakt::test::Versioned>) {
    // Version 1: a, old (int32 each). Version 2 adds b (string), c (int16[]).
    const std::size_t v1 = 4 + 4;
    const std::size_t v2 = v1 + (4 + value.b.size()) + (4 + 2 * value.c.size());
    const M defaults{};
    M at_v1 = defaults;
    at_v1.a = value.a;
    M at_v2 = at_v1;
    at_v2.b = value.b;
    at_v2.c = value.c;
    boundaries = {{v1, at_v1}, {v2, at_v2}};
  } else if constexpr (std::is_same_v<M, game::net::Player>) {
    // Version 2 appended score, an int32, after everything else.
    M at_v1 = value;
    at_v1.score = M{}.score;
    boundaries = {{Serialize(value, pakt::compact).size() - 4, at_v1}};
  } else if constexpr (std::is_same_v<M, pakt::test::framed::Framing>) {
    // Version 1: first, framed (each its whole frame: extensible messages keep their length
    // prefix), tail (uint8). Version 2 adds note (string). Version 3: leaves.
    const std::size_t v1 =
        Serialize(value.first, pakt::compact).size() + Serialize(value.framed, pakt::compact).size() + 1;
    const std::size_t v2 = v1 + 4 + value.note.size();
    M at_v1{};
    at_v1.first = value.first;
    at_v1.framed = value.framed;
    at_v1.tail = value.tail;
    M at_v2 = at_v1;
    at_v2.note = value.note;
    boundaries = {{v1, at_v1}, {v2, at_v2}};
  }
  return boundaries;
}

template <class M, class Format>
void check_truncations(Format format) {
  pakt_test::Rng rng(99);
  std::size_t boundaries_decoded = 0;
  for (int i = 0; i < 40; ++i) {
    const M value = pakt_test::random_value<M>(rng);
    const std::vector<std::uint8_t> bytes = Serialize(value, format);
    const auto boundaries = version_boundaries(value);
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      M decoded{};
      const pakt::Status status = Deserialize(pakt::ByteView(bytes.data(), n), decoded, format);
      // Only a top-level payload cut exactly at a schema-version boundary decodes, and to the value
      // with the later fields at their defaults.
      const auto boundary = std::find_if(boundaries.begin(), boundaries.end(),
                                         [&](const auto& b) { return b.first == n; });
      if (boundary != boundaries.end()) {
        ASSERT_TRUE(status.ok()) << Format::kName << " value #" << i << ": the version boundary at " << n
                                 << " does not decode: " << status.to_string();
        ASSERT_TRUE(pakt_test::same(decoded, boundary->second))
            << Format::kName << " value #" << i << ": prefix " << n << " decoded to another value";
        ++boundaries_decoded;
        continue;
      }
      ASSERT_FALSE(status.ok()) << Format::kName << " value #" << i << ": prefix " << n << " of " << bytes.size()
                                << " decoded, but is no version boundary";
      ASSERT_LE(status.offset(), n) << status.to_string();
      ASSERT_FALSE(status.message().empty());
    }
  }
  // The boundaries are inside every payload (a version-2 field follows each): all were tried.
  EXPECT_EQ(boundaries_decoded, 40 * version_boundaries(M{}).size());
}

TYPED_TEST(Truncation, CompactPrefixesFail) { check_truncations<TypeParam>(pakt::compact); }
TYPED_TEST(Truncation, MslimaPrefixesFail) { check_truncations<TypeParam>(pakt::mslima); }

TYPED_TEST(Truncation, RandomBytesNeverCrash) {
  pakt_test::Rng rng(5);
  std::vector<std::uint8_t> bytes;
  for (int i = 0; i < 2000; ++i) {
    bytes.resize(rng() % 64);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng() % 4 == 0 ? 0xFF : rng() % 3);
    TypeParam decoded{};
    const pakt::Status a = Deserialize(bytes, decoded, pakt::compact);
    const pakt::Status b = Deserialize(bytes, decoded, pakt::mslima);
    // compact has one encoding per value, so whatever decodes re-encodes to the same bytes
    // (except Versioned, whose payload may end early or carry a deprecated field, and messages
    // with frames, which may end early or carry unknown fields).
    if (a.ok() && !std::is_same_v<TypeParam, pakt::test::Versioned> && !pakt_test::kHasFrames<TypeParam>) {
      TypeParam again{};
      ASSERT_TRUE(Deserialize(bytes, again, pakt::compact));
      EXPECT_EQ(Serialize(again, pakt::compact), bytes);
    }
    if (b.ok()) {
      TypeParam again{};
      ASSERT_TRUE(Deserialize(bytes, again, pakt::mslima));
      EXPECT_EQ(SerializedSize(again, pakt::mslima), Serialize(again, pakt::mslima).size());
    }
  }
}

}  // namespace
