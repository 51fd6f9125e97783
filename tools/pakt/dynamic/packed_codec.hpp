// The packed format (docs/packed.md) for DynValues, built on the runtime's packed wire rules
// (pakt/packed.hpp) as compact_mslima_codec.cpp builds on pakt/binary_codec.hpp: every code, limit and
// error reads exactly as in generated code; only the walk over the schema is dynamic. The codes
// come from the front end's facts (schema::packed_leaf_code, packed_length_code, packed_min_bits).
#pragma once

#include <cstdint>
#include <vector>

#include "dynamic/compact_mslima_codec.hpp"
#include "dynamic/dyn_value.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/status.hpp"
#include "schema/model.hpp"

namespace pakt::dynamic {

// Checks the schema limits, then encodes; a value outside its range is an error naming the field
// path ("Player.position.y: value 51 is outside the range [-50, 50]").
Status encode_packed(const schema::Message& message, const DynValue& value, std::vector<std::uint8_t>& out);

// Decodes a whole payload (padding bits must be 0, no whole byte may follow). Errors give the byte
// offset and, in the reason, the bit ("(bit 17)"). The trace's entries count bits (TraceEntry::bits).
Status decode_packed(const schema::Message& message, ByteView bytes, DynValue& out, Trace* trace = nullptr);

// The delta of a `delta: true` message against a baseline (docs/packed.md "Delta"). The baseline
// must itself be a valid value (its errors read "baseline: ..."); a message without `delta: true`
// is an error.
Status encode_packed_delta(const schema::Message& message, const DynValue& value, const DynValue& baseline,
                           std::vector<std::uint8_t>& out);
// Applies a delta payload to a copy of the baseline.
Status decode_packed_delta(const schema::Message& message, ByteView bytes, const DynValue& baseline, DynValue& out,
                           Trace* trace = nullptr);

}  // namespace pakt::dynamic
