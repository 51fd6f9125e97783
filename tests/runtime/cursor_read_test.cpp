// Read at a cursor (pakt/cursor_read.hpp): the fast path generated decoders take must accept and
// refuse exactly what the Reader's codec does, with the same error (code, offset, path, reason),
// the same value and the same end. Checked on hand-built hostile bytes with their expected errors
// written out, then on many random payloads against the Reader's codec.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "pakt/cursor_read.hpp"
#include "pakt/math_types.hpp"
#include "pakt/pfr.hpp"
#include "pakt_internal/hex.hpp"
#include "gtest/gtest.h"

namespace {

using pakt::internal::hex_bytes;

const pakt::compact_t C{};
const pakt::mslima_t M{};

enum class Color : std::uint16_t { kRed = 1, kGreen = 2 };

// Aggregates (pakt/pfr.hpp) stand for messages in lists: one of fixed-size fields only, whose lists
// are copied as one array, and one with a string, whose lists are read element by element.
struct Point {
  std::int32_t x = 0;
  float y = 0;
};
struct Tagged {
  std::int16_t id = 0;
  std::string name;
};

// Reads a T at offset `at` of bytes through the cursor, as a generated decoder's field would.
struct CursorResult {
  pakt::Status status;
  std::size_t end = 0;  // offset after the value (on success)
};
template <class T, class F>
CursorResult read_at_cursor(const std::vector<std::uint8_t>& bytes, std::size_t at, T& v, F f,
                            const pakt::Limits& limits = {}) {
  pakt::Reader r(bytes);
  pakt::ReadCursor c = r.cursor();
  c.pos += at;
  if (!pakt::Read(c, r, v, f, limits)) return {r.status(), 0};
  return {pakt::Status::Ok(), static_cast<std::size_t>(c.pos - bytes.data())};
}
template <class T, class F>
CursorResult read_with_reader(const std::vector<std::uint8_t>& bytes, std::size_t at, T& v, F f,
                              const pakt::Limits& limits = {}) {
  pakt::Reader r(bytes);
  r.skip(at);
  if (!pakt::Read(r, v, f, limits)) return {r.status(), 0};
  return {pakt::Status::Ok(), r.offset()};
}

TEST(CursorRead, ErrorsCarryTheReadersOffsetAndReason) {
  std::string s;
  // Two bytes of padding, then a string whose length says 5 and 3 bytes follow.
  const auto truncated = hex_bytes("aaaa" "05000000" "616263");
  CursorResult got = read_at_cursor(truncated, 2, s, C);
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(got.status.offset(), 2u);
  EXPECT_EQ(got.status.message(), "string length 5 needs at least 5 bytes, 3 remain");

  const auto negative = hex_bytes("aa" "ffffffff");
  got = read_at_cursor(negative, 1, s, C);
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(got.status.offset(), 1u);
  EXPECT_EQ(got.status.message(), "negative string length -1");

  const auto long_name = hex_bytes("03000000" "616263");
  got = read_at_cursor(long_name, 0, s, C, pakt::Limits{2, 0});
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(got.status.message(), "string length 3 exceeds max_length 2");

  // "a", then a lone continuation byte: the offset is the string's bytes, the byte index within it.
  const auto bad_utf8 = hex_bytes("aaaaaa" "02000000" "6180");
  got = read_at_cursor(bad_utf8, 3, s, C);
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(got.status.offset(), 7u);
  EXPECT_EQ(got.status.message(), "string is not valid UTF-8 (byte 1)");

  bool b = false;
  got = read_at_cursor(hex_bytes("0002"), 1, b, C);
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(got.status.offset(), 1u);
  EXPECT_EQ(got.status.message(), "bool byte 2 is neither 0 nor 1");
  ASSERT_TRUE(read_at_cursor(hex_bytes("0002"), 1, b, M).status);  // MSLIMA: non-zero is true
  EXPECT_TRUE(b);

  std::int32_t n = 0;
  got = read_at_cursor(hex_bytes("000102"), 0, n, C);
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kTruncated);
  EXPECT_EQ(got.status.message(), "truncated number: needs 4 bytes, 3 remain");

  std::vector<std::int16_t> list;
  got = read_at_cursor(hex_bytes("03000000" "01000200"), 0, list, C);
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kLengthOverflow);
  EXPECT_EQ(got.status.message(), "count 3 needs at least 6 bytes, 4 remain");
  got = read_at_cursor(hex_bytes("02000000" "01000200"), 0, list, C, pakt::Limits{0, 1});
  EXPECT_EQ(got.status.code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(got.status.message(), "count 2 exceeds max_count 1");
}

// Functions that return the next position use null for an error, so an empty payload with no data
// pointer (an empty std::vector's) must still have a position.
TEST(CursorRead, AnEmptyViewStillHasAPosition) {
  pakt::Reader r(pakt::ByteView{});
  const pakt::ReadCursor c = r.cursor();
  EXPECT_NE(c.pos, nullptr);
  EXPECT_EQ(c.remaining(), 0u);
  EXPECT_EQ(r.take(4, "number"), nullptr);
  EXPECT_EQ(r.status().message(), "truncated number: needs 4 bytes, 0 remain");
}

TEST(CursorRead, ValuesAndEndsAreTheWireBytes) {
  const auto bytes = hex_bytes("02000000" "6869" "02000000" "01000200" "0000803f" "01");
  pakt::Reader r(bytes);
  pakt::ReadCursor c = r.cursor();
  std::string s = "a longer text the decode shortens";
  std::vector<std::int16_t> list;
  float x = 0;
  bool b = false;
  ASSERT_TRUE(pakt::Read(c, r, s, C));
  ASSERT_TRUE(pakt::Read(c, r, list, C));
  ASSERT_TRUE(pakt::Read(c, r, x, C));
  ASSERT_TRUE(pakt::Read(c, r, b, C));
  EXPECT_EQ(s, "hi");
  EXPECT_EQ(list, (std::vector<std::int16_t>{1, 2}));
  EXPECT_EQ(x, 1.0f);
  EXPECT_TRUE(b);
  EXPECT_EQ(c.pos, bytes.data() + bytes.size());
  EXPECT_EQ(c.remaining(), 0u);

  // MSLIMA: big-endian, the string's UTF-8 bytes reversed.
  const auto mslima = hex_bytes("00000002" "6968" "00000001" "0002");
  pakt::Reader rm(mslima);
  pakt::ReadCursor cm = rm.cursor();
  std::vector<Color> colors;
  ASSERT_TRUE(pakt::Read(cm, rm, s, M));
  ASSERT_TRUE(pakt::Read(cm, rm, colors, M));
  EXPECT_EQ(s, "hi");
  EXPECT_EQ(colors, (std::vector<Color>{Color::kGreen}));
  EXPECT_EQ(cm.remaining(), 0u);
}

TEST(CursorRead, FixedFieldsNameTheFieldAtFault) {
  std::int32_t a = 0;
  bool b = false;
  std::uint8_t d = 0;
  // a (4 bytes), b = 7: the run is refused and re-read one by one; b is at fault, at offset 4.
  const auto bytes = hex_bytes("01000000" "07" "09");
  pakt::Reader r(bytes);
  pakt::ReadCursor c = r.cursor();
  EXPECT_FALSE(pakt::ReadFixedFields(c, r, C, {"a", "b", "d"}, a, b, d));
  const pakt::Status s = r.status();
  EXPECT_EQ(s.code(), pakt::ErrorCode::kInvalidValue);
  EXPECT_EQ(s.offset(), 4u);
  EXPECT_EQ(s.path(), "b");

  const auto good = hex_bytes("01000000" "01" "09");
  pakt::Reader rg(good);
  pakt::ReadCursor cg = rg.cursor();
  ASSERT_TRUE(pakt::ReadFixedFields(cg, rg, C, {"a", "b", "d"}, a, b, d));
  EXPECT_EQ(a, 1);
  EXPECT_TRUE(b);
  EXPECT_EQ(d, 9);
  EXPECT_EQ(cg.remaining(), 0u);

  const auto short_run = hex_bytes("01000000" "01");
  pakt::Reader rs(short_run);
  pakt::ReadCursor cs = rs.cursor();
  EXPECT_FALSE(pakt::ReadFixedFields(cs, rs, C, {"a", "b", "d"}, a, b, d));
  EXPECT_EQ(rs.status().code(), pakt::ErrorCode::kTruncated);
  EXPECT_EQ(rs.status().offset(), 5u);
  EXPECT_EQ(rs.status().path(), "d");
}

template <class T, class F>
std::vector<std::uint8_t> encode(const T& v, F f) {
  std::vector<std::uint8_t> out(pakt::WireSize(v, f));
  pakt::Writer w(out.data(), out.size());
  pakt::Write(w, v, f);
  return out;
}

// Random payloads, most of them near a valid encoding (a valid one with a few bytes changed or cut
// short), decoded both ways from a random offset.
template <class T, class F>
void expect_same_as_reader(F f, const std::vector<T>& samples, const pakt::Limits& limits) {
  std::mt19937 rng(12345);
  std::size_t refused = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::size_t at = rng() % 4;  // random padding before the value
    std::array<std::uint8_t, 4> padding{};
    for (std::size_t i = 0; i < at; ++i) padding[i] = static_cast<std::uint8_t>(rng());
    const T& sample = samples[rng() % samples.size()];
    const std::vector<std::uint8_t> value = encode(sample, f);
    // Sized once, then filled: inserting the value after the padding trips GCC 12's -Warray-bounds at -O3.
    std::vector<std::uint8_t> bytes(at + value.size());
    std::copy(padding.begin(), padding.begin() + static_cast<std::ptrdiff_t>(at), bytes.begin());
    std::copy(value.begin(), value.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at));
    const int changes = static_cast<int>(rng() % 4);
    for (int i = 0; i < changes && bytes.size() > at; ++i) {
      const std::size_t where = at + rng() % (bytes.size() - at);
      switch (rng() % 4) {
        case 0: bytes[where] = static_cast<std::uint8_t>(rng()); break;
        case 1: bytes[where] ^= 0x80; break;
        case 2: bytes.resize(where); break;
        default: bytes[where] = 0xff; break;
      }
    }
    T by_cursor = samples[rng() % samples.size()];  // decoding into a used value
    T by_reader = by_cursor;
    const CursorResult a = read_at_cursor(bytes, at, by_cursor, f, limits);
    const CursorResult b = read_with_reader(bytes, at, by_reader, f, limits);
    ASSERT_EQ(a.status.to_string(), b.status.to_string()) << "round " << round;
    ASSERT_EQ(a.status.offset(), b.status.offset()) << "round " << round;
    if (b.status) {
      ASSERT_EQ(a.end, b.end) << "round " << round;
      ASSERT_EQ(encode(by_cursor, f), encode(by_reader, f)) << "round " << round;  // NaNs compare too
    } else {
      ++refused;
    }
  }
  // Both outcomes were exercised.
  EXPECT_GT(refused, 100u);
  EXPECT_LT(refused, 3900u);
}

TEST(CursorRead, RandomPayloadsMatchTheReader) {
  const std::vector<std::string> texts = {"", "a", "hello", "h\xc3\xa9llo w\xc3\xb6rld, a longer text of 40 bytes",
                                          "\xe2\x82\xac\xf0\x9f\x98\x80"};
  expect_same_as_reader(C, texts, {});
  expect_same_as_reader(M, texts, {});
  expect_same_as_reader(C, texts, pakt::Limits{6, 0});
  const std::vector<std::vector<std::int16_t>> lists = {{}, {1}, {1, -2, 3, 400, 5}};
  expect_same_as_reader(C, lists, {});
  expect_same_as_reader(M, lists, pakt::Limits{0, 3});
  const std::vector<std::vector<std::uint8_t>> blobs = {{}, {1, 2, 3}, {0xff, 0, 0x80, 7, 8, 9, 10}};
  expect_same_as_reader(C, blobs, pakt::Limits{4, 0});
  const std::vector<std::vector<Color>> colors = {{Color::kRed}, {Color::kGreen, Color::kRed}};
  expect_same_as_reader(M, colors, {});
  const std::vector<std::vector<pakt::Vector3>> vectors = {{}, {pakt::Vector3{1, 2, 3}, pakt::Vector3{-1, 0, 9}}};
  expect_same_as_reader(C, vectors, {});
  expect_same_as_reader(M, vectors, {});
  const std::vector<bool> bools = {false, true};
  expect_same_as_reader(C, bools, {});
  const std::vector<double> doubles = {0.5, -1e300};
  expect_same_as_reader(M, doubles, {});
  // Lists of messages: their count's errors and (copied as one array) their elements' shortfall.
  const std::vector<std::vector<Point>> points = {{}, {Point{1, 2.5f}}, {Point{-3, 0}, Point{7, -1}, Point{9, 9}}};
  expect_same_as_reader(C, points, {});
  expect_same_as_reader(M, points, pakt::Limits{0, 2});
  const std::vector<std::vector<Tagged>> tagged = {{}, {Tagged{1, "a"}}, {Tagged{2, "bc"}, Tagged{-4, ""}}};
  expect_same_as_reader(C, tagged, {});
  expect_same_as_reader(M, tagged, pakt::Limits{0, 1});
}

}  // namespace
