// Which byte strings the engine's String::parse_utf8 accepts (private to runtime/src/godot).
#pragma once

#include <cstddef>
#include <cstdint>

#include "pakt/godot/format_version.hpp"
#include "pakt/utf8.hpp"

namespace pakt::godot {

// The offset of the first byte the engine rejects, or n when it accepts all n bytes (which hold
// no NUL; the caller has already cut the text at the first NUL). Godot 4 accepts exactly
// RFC 3629 UTF-8. Godot 3 checks only the sequence structure: it also accepts surrogates, code
// points above U+10FFFF and 5- and 6-byte sequences, and rejects C0/C1 lead bytes.
std::size_t godot3_first_invalid(const std::uint8_t* s, std::size_t n) noexcept;
inline std::size_t engine_utf8_first_invalid(const std::uint8_t* s, std::size_t n, Version version) noexcept {
  return version == Version::godot4 ? utf8::first_invalid(s, n) : godot3_first_invalid(s, n);
}

}  // namespace pakt::godot
