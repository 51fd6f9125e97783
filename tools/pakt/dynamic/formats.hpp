// Every format the tool speaks, behind one encode/decode pair: compact, mslima, godot4, godot3,
// json (the unity style on output) and packed (also against a baseline: encode_delta/decode_delta).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dynamic/compact_mslima_codec.hpp"
#include "dynamic/dyn_value.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/status.hpp"
#include "schema/model.hpp"

namespace pakt::dynamic {

enum class Format { kCompact, kMslima, kGodot4, kGodot3, kJson, kPacked };

std::optional<Format> parse_format(const std::string& name);
const char* format_name(Format format);

Status encode(const schema::Message& message, const DynValue& value, Format format, std::vector<std::uint8_t>& out);

// `trace`, when given, gets the annotated byte runs of a compact, mslima or godot payload (bit runs
// of a packed one).
Status decode(const schema::Message& message, ByteView bytes, Format format, DynValue& out, Trace* trace = nullptr);

// Packed against a baseline (a message with `delta: true`; docs/packed.md "Delta").
Status encode_delta(const schema::Message& message, const DynValue& value, const DynValue& baseline,
                    std::vector<std::uint8_t>& out);
Status decode_delta(const schema::Message& message, ByteView bytes, const DynValue& baseline, DynValue& out,
                    Trace* trace = nullptr);

}  // namespace pakt::dynamic
