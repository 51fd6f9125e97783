#include "pakt/utf8.hpp"

#include <string>

#include "gtest/gtest.h"

namespace {

std::size_t first_invalid(const std::string& s) {
  return pakt::utf8::first_invalid(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
}

TEST(Utf8, AcceptsValidText) {
  for (const std::string s : {"", "plain ascii text longer than eight bytes", "héllo", "가나다", "😀✓", "\x7f",
                              "\xf4\x8f\xbf\xbf" /* U+10FFFF */, "\xed\x9f\xbf" /* U+D7FF */}) {
    EXPECT_EQ(first_invalid(s), s.size()) << s;
  }
}

TEST(Utf8, RejectsMalformedSequencesAtTheirOffset) {
  EXPECT_EQ(first_invalid("ab\x80"), 2u);                      // stray continuation byte
  EXPECT_EQ(first_invalid("a\xc0\xaf"), 1u);                   // overlong '/'
  EXPECT_EQ(first_invalid("\xe0\x80\xaf"), 0u);                // overlong 3-byte
  EXPECT_EQ(first_invalid("\xed\xa0\x80"), 0u);                // surrogate U+D800
  EXPECT_EQ(first_invalid("\xf4\x90\x80\x80"), 0u);            // above U+10FFFF
  EXPECT_EQ(first_invalid("\xf5\x80\x80\x80"), 0u);            // invalid lead byte
  EXPECT_EQ(first_invalid("abcdefgh\xe2\x9c"), 8u);            // truncated at the end, after the fast path
  EXPECT_EQ(first_invalid("\xe2\x28\xa1"), 0u);                // bad continuation
  EXPECT_EQ(first_invalid(std::string("\xff", 1)), 0u);
}

}  // namespace
