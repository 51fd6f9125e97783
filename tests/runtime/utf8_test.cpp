#include "pakt/utf8.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

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

// RFC 3629 read literally, written apart from the validator under test: decode each sequence's
// code point, then refuse overlong forms, surrogates and anything above U+10FFFF.
std::size_t reference_first_invalid(const std::uint8_t* s, std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    const std::uint8_t c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    std::uint32_t cp;
    if ((c & 0xE0) == 0xC0) {
      len = 2, cp = c & 0x1Fu;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, cp = c & 0x0Fu;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, cp = c & 0x07u;
    } else {
      return i;
    }
    if (i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (s[i + k] & 0x3Fu);
    }
    const std::uint32_t smallest = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
    if (cp < smallest || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return n;
}

TEST(Utf8, AgreesWithTheRfcOnEveryStringOfUpToThreeBytes) {
  std::size_t mismatches = 0;
  for (std::size_t n = 1; n <= 3; ++n) {
    for (std::uint32_t v = 0; v < (1u << (8 * n)); ++v) {
      std::uint8_t s[3];
      for (std::size_t k = 0; k < n; ++k) s[k] = static_cast<std::uint8_t>(v >> (8 * (n - 1 - k)));
      const std::size_t expected = reference_first_invalid(s, n);
      // The validator, its sequence-by-sequence part alone, and (where the CPU has it) the SSSE3 part alone.
      bool agrees = pakt::utf8::first_invalid(s, n) == expected &&
                    pakt::utf8::detail::first_invalid_sequence(s, n) == expected;
#if defined(PAKT_UTF8_SSSE3)
      if (PAKT_CPU_HAS_SSSE3()) agrees = agrees && pakt::utf8::detail::valid_ssse3<false>(s, n) == (expected == n);
#endif
      if (!agrees && ++mismatches < 5) ADD_FAILURE() << std::hex << "bytes " << v << " length " << n;
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST(Utf8, AgreesWithTheRfcOnFourByteSequences) {
  const std::uint8_t tails[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF0, 0xFF};
  for (std::uint32_t lead = 0xEE; lead <= 0xFF; ++lead) {
    for (std::uint32_t second = 0; second < 256; ++second) {
      for (std::uint8_t third : tails) {
        for (std::uint8_t fourth : tails) {
          const std::uint8_t s[4] = {static_cast<std::uint8_t>(lead), static_cast<std::uint8_t>(second), third, fourth};
          const std::size_t expected = reference_first_invalid(s, 4);
          ASSERT_EQ(pakt::utf8::first_invalid(s, 4), expected)
              << std::hex << lead << " " << second << " " << int{third} << " " << int{fourth};
          ASSERT_EQ(pakt::utf8::detail::first_invalid_sequence(s, 4), expected);
#if defined(PAKT_UTF8_SSSE3)
          if (PAKT_CPU_HAS_SSSE3()) {
            ASSERT_EQ(pakt::utf8::detail::valid_ssse3<false>(s, 4), expected == 4);
          }
#endif
        }
      }
    }
  }
}

// Sequences after and before ASCII runs of every length around the 4- and 8-byte words the fast
// path reads, forwards and (MSLIMA) reversed.
TEST(Utf8, FindsTheOffsetAfterAsciiRunsOfEveryLength) {
  const std::vector<std::string> middles = {"", "\xc3\xa9", "\xea\xb0\x80", "\xf0\x9f\x98\x80", "\x80", "\xc3",
                                            "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xff", "\x7f"};
  for (std::size_t before = 0; before <= 18; ++before) {
    for (const std::string& middle : middles) {
      for (std::size_t after = 0; after <= 10; ++after) {
        const std::string text = std::string(before, 'a') + middle + std::string(after, 'b');
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
        const std::size_t expected = reference_first_invalid(bytes, text.size());
        EXPECT_EQ(pakt::utf8::first_invalid(bytes, text.size()), expected) << before << " " << after;
        std::string wire(text.rbegin(), text.rend());
        EXPECT_EQ(pakt::utf8::first_invalid_reversed(reinterpret_cast<const std::uint8_t*>(wire.data()), wire.size()),
                  expected)
            << before << " " << after;
      }
    }
  }
}

// Random text of every length up to 100 (several 16-byte blocks), valid and with one byte changed,
// forwards and reversed, against the reference.
TEST(Utf8, AgreesWithTheRfcOnRandomTextAcrossBlocks) {
  std::uint32_t state = 12345;
  const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  const char* const pieces[] = {"a", "Z", "\xc3\xa9", "\xea\xb0\x80", "\xf0\x9f\x98\x80", "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf", "\xdf\xbf"};
  for (int round = 0; round < 4000; ++round) {
    std::string text;
    const std::size_t length = next() % 100;
    while (text.size() < length) text += pieces[next() % 8];
    if (round % 2 == 1 && !text.empty()) text[next() % text.size()] = static_cast<char>(next() >> 24);
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    const std::size_t expected = reference_first_invalid(bytes, text.size());
    ASSERT_EQ(pakt::utf8::first_invalid(bytes, text.size()), expected) << round;
    const std::string wire(text.rbegin(), text.rend());
    ASSERT_EQ(pakt::utf8::first_invalid_reversed(reinterpret_cast<const std::uint8_t*>(wire.data()), wire.size()), expected)
        << round;
  }
}

}  // namespace
