// Hex text <-> bytes, as Godot's PackedByteArray.hex_encode() writes it (lowercase, no spaces).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pakt::godot {

inline std::string to_hex(const std::vector<std::uint8_t>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    text += kDigits[b >> 4];
    text += kDigits[b & 0xF];
  }
  return text;
}

// Parses hex digits, ignoring whitespace. On a bad digit or an odd digit count returns false and
// sets error_offset to the offending character's offset in text.
inline bool parse_hex(std::string_view text, std::vector<std::uint8_t>& out, std::size_t& error_offset) {
  out.clear();
  int high = -1;
  std::size_t high_offset = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    int digit;
    if (c >= '0' && c <= '9') {
      digit = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      digit = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      digit = c - 'A' + 10;
    } else {
      error_offset = i;
      return false;
    }
    if (high < 0) {
      high = digit;
      high_offset = i;
    } else {
      out.push_back(static_cast<std::uint8_t>(high << 4 | digit));
      high = -1;
    }
  }
  if (high >= 0) {
    error_offset = high_offset;
    return false;
  }
  return true;
}

}  // namespace pakt::godot
