// Every truncation of every test payload is rejected with an error inside the payload, and
// random bytes never crash a decoder (ASan/UBSan builds run this too).
#include "test_values.hpp"

namespace {

template <class M>
class Truncation : public ::testing::Test {};
TYPED_TEST_SUITE(Truncation, pakt_test::AllMessages, pakt_test::TypeIndexName);

template <class M, class Format>
void check_truncations(Format format) {
  pakt_test::Rng rng(99);
  for (int i = 0; i < 40; ++i) {
    const M value = pakt_test::random_value<M>(rng);
    const std::vector<std::uint8_t> bytes = Serialize(value, format);
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      M decoded{};
      const pakt::Status status = Deserialize(pakt::ByteView(bytes.data(), n), decoded, format);
      if (status.ok()) {
        // Only a top-level payload cut exactly at a schema-version boundary may decode: the two
        // test messages with `since:` fields.
        ASSERT_TRUE((std::is_same_v<M, pakt::test::Versioned> || std::is_same_v<M, game::net::Player>))
            << Format::kName << " prefix " << n << " decoded";
        continue;
      }
      ASSERT_LE(status.offset(), n) << status.to_string();
      ASSERT_FALSE(status.message().empty());
    }
  }
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
    // (except Versioned, whose payload may end early or carry a deprecated field).
    if (a.ok() && !std::is_same_v<TypeParam, pakt::test::Versioned>) {
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
