// Generated Deserialize (compact, mslima, the Godot mapping) on arbitrary bytes: the same input is
// offered to several messages of tests/schemas/rich.yaml that together use every field type,
// option and version boundary, and to the extensible messages of tests/schemas/framed.yaml (frames
// nested and at the top level, of older and newer versions). Whatever decodes must re-encode,
// decode again to the same value and re-encode to the same bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "fuzz_check.hpp"
#include "framed.pakt.h"
#include "rich.pakt.h"

namespace pakt::fuzz {

// Serialize and Deserialize are found by argument-dependent lookup (pakt::test or pakt::test::framed).
template <class Message, class Format>
void CheckGeneratedRoundTrip(ByteView input, Format format) {
  Message decoded;
  if (!Deserialize(input, decoded, format)) return;
  std::vector<std::uint8_t> encoded;
  require(Serialize(decoded, encoded, format).ok(), "a decoded message re-encodes");
  Message decoded_again;
  require(Deserialize(encoded, decoded_again, format).ok(), "a re-encoded message decodes");
  std::vector<std::uint8_t> encoded_again;
  require(Serialize(decoded_again, encoded_again, format).ok(), "a decoded message re-encodes twice");
  require(encoded_again == encoded, "re-encoding is stable (same bytes)");
  // NaN fields make a message unequal to itself; the byte comparison above covers those.
  if (decoded == decoded) require(decoded_again == decoded, "a round trip keeps the value");
}

template <class Format>
void FuzzGeneratedMessages(ByteView input, Format format) {
  CheckGeneratedRoundTrip<test::Nested>(input, format);
  CheckGeneratedRoundTrip<test::Lists>(input, format);
  CheckGeneratedRoundTrip<test::Texts>(input, format);
  CheckGeneratedRoundTrip<test::Optionals>(input, format);
  CheckGeneratedRoundTrip<test::Versioned>(input, format);
  CheckGeneratedRoundTrip<test::framed::Frame>(input, format);
  CheckGeneratedRoundTrip<test::framed::Framed>(input, format);
  CheckGeneratedRoundTrip<test::framed::Framing>(input, format);
}

}  // namespace pakt::fuzz
