// Photon Protocol 1.6 (GpBinaryV16) and 1.8 (GpBinaryV18): encoding and decoding of photon::Value,
// of EventData / OperationRequest / OperationResponse bodies, and of the 0xF3 message header.
// Wire details: shared/reference/photon-wire-format.md §2.2–2.4.
//
//   1.6  big-endian; custom value 63 code int16-length body; custom arrays 79 count 63 code {len body}*
//   1.8  little-endian short/float/double, varint lengths, zigzag/compressed ints; custom value
//        (code < 100 ? 80+code : 13 code) varint-length body; custom arrays 53 count code {len body}*
//
// Encoding is canonical: it writes what Photon's own writer writes (in 1.8 the smallest int form,
// the zero types, BooleanFalse/True). Decoding accepts every form the reference lists, so bytes
// in a non-canonical form (1.6's legacy 'n'/'a' arrays, 1.8's FloatZero, an int 5 written as a
// zigzag varint) decode to the same values but re-encode in the canonical form.
// Every decoder is bounds-checked: errors carry the byte offset, nesting is limited by
// DecodeOptions::max_depth, and counts are checked against the remaining bytes before anything is
// allocated. Bodies and strings above 32767 bytes are refused on encode (Photon's C# would wrap).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pakt/byte_view.hpp"
#include "pakt/photon/value.hpp"
#include "pakt/status.hpp"

namespace pakt::photon {

enum class Protocol : std::uint8_t { k16 = 16, k18 = 18 };

struct DecodeOptions {
  std::size_t max_depth = 32;  // nested containers (arrays, tables, events) inside one value
};

// The largest string and custom body either protocol carries.
inline constexpr std::size_t kMaxBodySize = 32767;

// A type code followed by the value. Appends to out.
Status EncodeValue(const Value& value, Protocol protocol, std::vector<std::uint8_t>& out);
// Decodes one typed value; every byte of `bytes` must belong to it.
Status DecodeValue(ByteView bytes, Protocol protocol, Value& out, const DecodeOptions& options = {});

// Bodies without a type code: an event is its code and parameter table, a request its operation
// code and table, a response its operation code, return code, debug message and table.
Status EncodeEvent(const EventData& event, Protocol protocol, std::vector<std::uint8_t>& out);
Status EncodeRequest(const OperationRequest& request, Protocol protocol, std::vector<std::uint8_t>& out);
Status EncodeResponse(const OperationResponse& response, Protocol protocol, std::vector<std::uint8_t>& out);
Status DecodeEvent(ByteView bytes, Protocol protocol, EventData& out, const DecodeOptions& options = {});
Status DecodeRequest(ByteView bytes, Protocol protocol, OperationRequest& out, const DecodeOptions& options = {});
Status DecodeResponse(ByteView bytes, Protocol protocol, OperationResponse& out, const DecodeOptions& options = {});

// The 0xF3 message: F3, message type, body. The encrypted bit (0x80) is refused.
enum class MessageType : std::uint8_t {
  kOperation = 2,
  kOperationResponse = 3,
  kEvent = 4,
  kInternalOperationRequest = 6,
  kInternalOperationResponse = 7,
  kMessage = 8,     // body: one typed value
  kRawMessage = 9,  // body: raw bytes
};
inline constexpr std::uint8_t kMessageMagic = 0xF3;

struct Message {
  MessageType type = MessageType::kEvent;
  // kEvent: EventData; kOperation / kInternalOperationRequest: OperationRequest;
  // kOperationResponse / kInternalOperationResponse: OperationResponse; kMessage: any value;
  // kRawMessage: Bytes.
  Value body;
};

Status EncodeMessage(const Message& message, Protocol protocol, std::vector<std::uint8_t>& out);
Status DecodeMessage(ByteView bytes, Protocol protocol, Message& out, const DecodeOptions& options = {});

}  // namespace pakt::photon
