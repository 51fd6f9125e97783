// Hex text <-> bytes, the one implementation the pakt tool and the tests share (internal: never
// installed; the runtime does not need it). Output is lowercase digits ("0a1b", or "0a 1b" with a
// separator); input takes digits of either case with ASCII whitespace anywhere between them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pakt::internal {

inline std::string to_hex(const std::uint8_t* data, std::size_t size, std::string_view separator = {}) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(size * (2 + separator.size()));
  for (std::size_t i = 0; i < size; ++i) {
    if (i != 0) text += separator;
    text += kDigits[data[i] >> 4];
    text += kDigits[data[i] & 0xF];
  }
  return text;
}

inline std::string to_hex(const std::vector<std::uint8_t>& bytes, std::string_view separator = {}) {
  return to_hex(bytes.data(), bytes.size(), separator);
}

enum class HexProblem { kNone, kBadDigit, kOddDigitCount };

struct HexParse {
  HexProblem problem = HexProblem::kNone;
  std::size_t offset = 0;  // in the text: the bad character, or the digit left without a pair
  explicit operator bool() const { return problem == HexProblem::kNone; }
};

// Replaces out with the bytes of text; on a problem out holds the bytes before it.
[[nodiscard]] inline HexParse parse_hex(std::string_view text, std::vector<std::uint8_t>& out) {
  out.clear();
  int high = -1;
  std::size_t high_offset = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') continue;
    int digit = 0;
    if (c >= '0' && c <= '9') {
      digit = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      digit = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      digit = c - 'A' + 10;
    } else {
      return HexParse{HexProblem::kBadDigit, i};
    }
    if (high < 0) {
      high = digit;
      high_offset = i;
    } else {
      out.push_back(static_cast<std::uint8_t>(high << 4 | digit));
      high = -1;
    }
  }
  if (high >= 0) return HexParse{HexProblem::kOddDigitCount, high_offset};
  return HexParse{};
}

// Bytes written by hand in a test ("63 41 00 02"); text that is not hex throws std::invalid_argument.
inline std::vector<std::uint8_t> hex_bytes(std::string_view text) {
  std::vector<std::uint8_t> out;
  const HexParse parsed = parse_hex(text, out);
  if (!parsed) {
    throw std::invalid_argument(std::string(parsed.problem == HexProblem::kBadDigit ? "not a hex digit"
                                                                                     : "odd number of hex digits") +
                                " at offset " + std::to_string(parsed.offset) + " of \"" + std::string(text) + "\"");
  }
  return out;
}

}  // namespace pakt::internal
