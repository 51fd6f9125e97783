// The compact and mslima formats for DynValues, built on the runtime's primitive codec
// (pakt/binary_codec.hpp) so that every primitive, limit and error reads exactly as in
// generated code; only the walk over the schema is dynamic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dynamic/dyn_value.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/status.hpp"
#include "schema/model.hpp"

namespace pakt::dynamic {

enum class BinaryFormat { kCompact, kMslima };

// One decoded run of bytes (of bits in packed), for `pakt inspect`: where it is, what field, what value.
struct TraceEntry {
  std::size_t offset = 0;  // bytes, or bits when `bits`
  std::size_t size = 0;
  std::string path;   // "Player.weapons[0].name", or "Player.weapons (count)"
  std::string value;  // the value as JSON text
  bool bits = false;  // offset and size count bits (packed), not bytes
};
using Trace = std::vector<TraceEntry>;

// Checks the schema limits, then encodes. Errors name the field path ("Player.name: ...").
Status encode_binary(const schema::Message& message, const DynValue& value, BinaryFormat format,
                     std::vector<std::uint8_t>& out);

// Decodes a whole payload (trailing bytes are an error). On error `out` holds the fields decoded
// before it (a message's List then has fewer elements than the message has fields).
Status decode_binary(const schema::Message& message, ByteView bytes, BinaryFormat format, DynValue& out,
                     Trace* trace = nullptr);

}  // namespace pakt::dynamic
