// Round trips of every test message in every format with seeded random values (edge values
// included: NaN, ±inf, -0.0, min/max integers, empty and non-ASCII strings, empty lists).
#include "test_values.hpp"

namespace {

template <class M>
class RoundTrip : public ::testing::Test {};
TYPED_TEST_SUITE(RoundTrip, pakt_test::AllMessages, pakt_test::TypeIndexName);

template <class M, class Format>
void check_round_trips(Format format) {
  pakt_test::Rng rng(20261202);
  // Decoded into again for every value: it then holds the previous value, so every field must be
  // overwritten (lists replaced, not appended to; optionals reset) to give the fresh object's result.
  M reused = pakt_test::random_value<M>(rng);
  int reused_held_another_value = 0;
  for (int i = 0; i < 300; ++i) {
    const M value = pakt_test::random_value<M>(rng);
    const std::vector<std::uint8_t> bytes = Serialize(value, format);
    ASSERT_EQ(bytes.size(), SerializedSize(value, format)) << Format::kName << " value #" << i;
    M decoded{};
    const pakt::Status status = Deserialize(bytes, decoded, format);
    ASSERT_TRUE(status) << Format::kName << " value #" << i << ": " << status.to_string();
    ASSERT_TRUE(pakt_test::same(value, decoded)) << Format::kName << " value #" << i;
    // Decoding into a used object gives the same result as into a fresh one.
    if (!pakt_test::same(reused, value)) ++reused_held_another_value;
    ASSERT_TRUE(Deserialize(bytes, reused, format));
    ASSERT_TRUE(pakt_test::same(value, reused)) << Format::kName << " reused object, value #" << i;
  }
  // Random values of a message with fields nearly always differ from the previous one.
  if constexpr (!std::is_same_v<M, pakt::test::Empty>) {
    EXPECT_GE(reused_held_another_value, 250) << Format::kName;
  }
}

TYPED_TEST(RoundTrip, Compact) { check_round_trips<TypeParam>(pakt::compact); }
TYPED_TEST(RoundTrip, Mslima) { check_round_trips<TypeParam>(pakt::mslima); }

// Serializing into a reused buffer gives the same bytes as the vector-returning overload.
TYPED_TEST(RoundTrip, IntoReusedBuffer) {
  pakt_test::Rng rng(7);
  std::vector<std::uint8_t> buffer;
  for (int i = 0; i < 50; ++i) {
    const TypeParam value = pakt_test::random_value<TypeParam>(rng);
    ASSERT_TRUE(Serialize(value, buffer, pakt::compact));
    ASSERT_EQ(buffer, Serialize(value, pakt::compact));
    ASSERT_TRUE(Serialize(value, buffer, pakt::mslima));
    ASSERT_EQ(buffer, Serialize(value, pakt::mslima));
  }
}

// Formats differ only in byte order and string direction, so sizes agree.
TYPED_TEST(RoundTrip, CompactAndMslimaHaveTheSameSize) {
  pakt_test::Rng rng(11);
  for (int i = 0; i < 50; ++i) {
    const TypeParam value = pakt_test::random_value<TypeParam>(rng);
    ASSERT_EQ(SerializedSize(value, pakt::compact), SerializedSize(value, pakt::mslima));
  }
}

}  // namespace
