// Write at a cursor (pakt/cursor_write.hpp): the bytes generated encoders store through a cursor,
// written out by hand, and the bounds: a write that does not fit marks the Writer and stores
// nothing past the room it was given.
#include <cstdint>
#include <string>
#include <vector>

#include "pakt/cursor_write.hpp"
#include "pakt_internal/hex.hpp"
#include "gtest/gtest.h"

namespace {

using pakt::internal::hex_bytes;

const pakt::compact_t C{};
const pakt::mslima_t M{};

template <class F>
std::vector<std::uint8_t> write_fields(F f, std::size_t capacity, bool& ok) {
  std::vector<std::uint8_t> out(capacity);
  pakt::Writer w(out.data(), out.size());
  pakt::WriteCursor c = w.cursor();
  const std::vector<std::int16_t> list{1, 2};
  pakt::WriteFields(c, w, f, std::int32_t{1}, std::string("hi"), list, true);
  w.seek(c);
  ok = w.ok();
  out.resize(w.size());
  return out;
}

TEST(CursorWrite, FieldsAreTheirWireBytes) {
  bool ok = false;
  EXPECT_EQ(write_fields(C, 64, ok), hex_bytes("01000000" "02000000" "6869" "02000000" "01000200" "01"));
  EXPECT_TRUE(ok);
  // MSLIMA: big-endian, the string's UTF-8 bytes reversed.
  EXPECT_EQ(write_fields(M, 64, ok), hex_bytes("00000001" "00000002" "6968" "00000002" "00010002" "01"));
  EXPECT_TRUE(ok);
}

TEST(CursorWrite, AWriteThatDoesNotFitMarksTheWriter) {
  bool ok = true;
  // 19 bytes needed: every capacity below that fails and reports no bytes written.
  for (std::size_t capacity = 0; capacity < 19; ++capacity) {
    EXPECT_TRUE(write_fields(C, capacity, ok).empty()) << capacity;
    EXPECT_FALSE(ok) << capacity;
  }
}

TEST(CursorWrite, ReserveStaysInsideTheRoom) {
  std::vector<std::uint8_t> buffer(8, 0xee);
  pakt::Writer w(buffer.data(), 6);  // the last two bytes are not the Writer's
  pakt::WriteCursor c = w.cursor();
  EXPECT_EQ(c.remaining(), 6u);
  std::uint8_t* p = pakt::Reserve(c, w, 4);
  ASSERT_EQ(p, buffer.data());
  EXPECT_EQ(c.remaining(), 2u);
  EXPECT_EQ(pakt::Reserve(c, w, 3), nullptr);
  EXPECT_FALSE(w.ok());
  EXPECT_EQ(c.remaining(), 0u);  // nothing fits after an overflow
  EXPECT_EQ(pakt::Reserve(c, w, 1), nullptr);
  pakt::Write(c, w, std::string("too long"), C);
  w.seek(c);
  EXPECT_EQ(w.size(), 4u);
  EXPECT_EQ(w.cursor().remaining(), 0u);
  EXPECT_EQ(buffer[6], 0xee);
  EXPECT_EQ(buffer[7], 0xee);
}

}  // namespace
