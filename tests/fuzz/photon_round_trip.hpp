// The Photon message decoder (0xF3 header; events, requests, responses, typed values, raw
// messages) on arbitrary bytes. Whatever decodes must re-encode, decode again to the same message
// and re-encode to the same bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "fuzz_check.hpp"
#include "pakt/photon/protocol.hpp"

namespace pakt::fuzz {

inline bool SameMessage(const photon::Message& a, const photon::Message& b) {
  return a.type == b.type && a.body == b.body;
}

inline void FuzzPhotonDecoder(ByteView input, photon::Protocol protocol) {
  photon::Message decoded;
  if (!photon::DecodeMessage(input, protocol, decoded).ok()) return;
  std::vector<std::uint8_t> encoded;
  require(photon::EncodeMessage(decoded, protocol, encoded).ok(), "a decoded message re-encodes");
  photon::Message decoded_again;
  require(photon::DecodeMessage(encoded, protocol, decoded_again).ok(), "a re-encoded message decodes");
  std::vector<std::uint8_t> encoded_again;
  require(photon::EncodeMessage(decoded_again, protocol, encoded_again).ok(), "a decoded message re-encodes twice");
  require(encoded_again == encoded, "re-encoding is stable (same bytes)");
  // NaN makes a value unequal to itself; the byte comparison above covers those.
  if (SameMessage(decoded, decoded)) require(SameMessage(decoded_again, decoded), "a round trip keeps the message");
}

}  // namespace pakt::fuzz
