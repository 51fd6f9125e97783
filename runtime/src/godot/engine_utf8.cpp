// The engine's UTF-8 acceptance rules: RFC 3629 for Godot 4 (pakt/utf8.hpp); for Godot 3 the
// structural checks of 3.x String::parse_utf8 (reference §4 "Strings"; verified against 3.2.3).
#include "engine_utf8.hpp"

namespace pakt::godot {
namespace {

std::size_t godot3_sequence_length(std::uint8_t lead) noexcept {
  if ((lead & 0x80) == 0) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  if ((lead & 0xFC) == 0xF8) return 5;
  if ((lead & 0xFE) == 0xFC) return 6;
  return 0;  // a continuation byte or FE/FF where a character should start
}

}  // namespace

std::size_t godot3_first_invalid(const std::uint8_t* s, std::size_t n) noexcept {
  std::size_t i = 0;
  while (i < n) {
    const std::uint8_t lead = s[i];
    const std::size_t length = godot3_sequence_length(lead);
    if (length == 0) return i;
    if (length == 2 && (lead & 0x1E) == 0) return i;  // C0/C1: overlong two-byte forms
    if (length > n - i) return i;
    std::uint32_t code_point = (0xFFu >> (length + 1)) & lead;
    for (std::size_t k = 1; k < length; ++k) {
      const std::uint8_t b = s[i + k];
      if ((b & 0xC0) != 0x80) return i;
      // 3.x's only check of longer overlong forms, reproduced as written.
      if (code_point == 0 && k == 2 && ((b & 0x7Fu) >> (7 - length)) == 0) return i;
      code_point = code_point << 6 | (b & 0x3Fu);
    }
    i += length;
  }
  return n;
}

}  // namespace pakt::godot
