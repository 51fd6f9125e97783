// Test helper: bytes from a hex string written by hand ("63 41 00 02 aa bb"; spaces ignored).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace pakt::test {

inline std::vector<std::uint8_t> hex(const std::string& text) {
  std::vector<std::uint8_t> out;
  int high = -1;
  for (char c : text) {
    if (c == ' ') continue;
    int nibble = 0;
    if (c >= '0' && c <= '9') {
      nibble = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      nibble = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      nibble = c - 'A' + 10;
    } else {
      throw std::invalid_argument("not a hex digit in test vector: " + text);
    }
    if (high < 0) {
      high = nibble;
    } else {
      out.push_back(static_cast<std::uint8_t>(high * 16 + nibble));
      high = -1;
    }
  }
  if (high >= 0) throw std::invalid_argument("odd number of hex digits in test vector: " + text);
  return out;
}

}  // namespace pakt::test
