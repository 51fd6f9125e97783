// encode / decode: whole Variant values to and from Godot's binary serialization
// (var_to_bytes / bytes_to_var, PacketPeer.put_var), Godot 4 or Godot 3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pakt/byte_view.hpp"
#include "pakt/godot/options.hpp"
#include "pakt/godot/variant.hpp"
#include "pakt/status.hpp"

namespace pakt::godot {

// Appends the encoding of value to out (a reused buffer keeps its capacity). On error nothing is
// appended and the status says why (a type the version lacks, invalid UTF-8, too deep, ...).
Status encode(const Variant& value, const EncodeOptions& options, std::vector<std::uint8_t>& out);

struct DecodeResult {
  Status status;
  std::size_t consumed = 0;  // bytes of the value; trailing bytes are allowed, as in the engine
  bool ok() const noexcept { return status.ok(); }
};

// Decodes one value from the start of bytes. On error out is unspecified and status carries the
// offset and reason.
DecodeResult decode(ByteView bytes, Variant& out, const DecodeOptions& options);

}  // namespace pakt::godot
