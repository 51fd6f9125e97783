// Encode-side schema limits (max_length, max_count) of a message value, checked before any
// format writes it, with the generated CheckMessage's wording and field paths.
#pragma once

#include "dynamic/dyn_value.hpp"
#include "pakt/binary_codec.hpp"
#include "pakt/status.hpp"
#include "schema/model.hpp"

namespace pakt::dynamic {

Limits field_limits(const schema::Field& field);

Status check_limits(const schema::Message& message, const DynValue& value);

}  // namespace pakt::dynamic
