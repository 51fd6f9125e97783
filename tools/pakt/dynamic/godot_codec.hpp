// The Godot Variant mapping of schema messages (godot4 and godot3) for DynValues: a Dictionary
// keyed by field name, or an Array with `godot: array`. Leaves and lists of leaves go through the
// runtime's pakt/godot/mapping.hpp, as in generated code; only the message walk is dynamic.
#pragma once

#include <cstdint>
#include <vector>

#include "dynamic/compact_mslima_codec.hpp"
#include "dynamic/dyn_value.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/godot/format_version.hpp"
#include "pakt/status.hpp"
#include "schema/model.hpp"

namespace pakt::dynamic {

// `array_form` forces the Array form whatever the schema says (for `pakt sizes`).
Status encode_godot(const schema::Message& message, const DynValue& value, godot::Version version,
                    std::vector<std::uint8_t>& out, bool array_form = false);

// `trace` (for pakt inspect) gets one entry per field that is not a message: its key (in a
// Dictionary) and value bytes.
Status decode_godot(const schema::Message& message, ByteView bytes, godot::Version version, DynValue& out,
                    Trace* trace = nullptr);

}  // namespace pakt::dynamic
