// Helpers shared by the Godot codec tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pakt/godot/codec.hpp"
#include "pakt_internal/hex.hpp"

namespace pakt::godot::test {

using internal::to_hex;

// "02000000 78563412" -> bytes (spaces ignored).
inline std::vector<std::uint8_t> bytes(const std::string& hex) { return internal::hex_bytes(hex); }

// The encoding as hex without spaces, or "error: ..." when encoding fails.
inline std::string encode_hex(const Variant& value, const EncodeOptions& options = {}) {
  std::vector<std::uint8_t> out;
  const Status status = encode(value, options, out);
  if (!status.ok()) return "error: " + status.message();
  return to_hex(out);
}

inline std::string compact(const std::string& hex) {
  std::string out;
  for (char c : hex) {
    if (c != ' ') out += c;
  }
  return out;
}

inline EncodeOptions godot3_encode() {
  EncodeOptions options;
  options.version = Version::godot3;
  return options;
}

inline DecodeOptions godot3_decode() {
  DecodeOptions options;
  options.version = Version::godot3;
  return options;
}

}  // namespace pakt::godot::test
