// JSON for DynValues: output byte-identical to the generated ToJson (pakt/json.hpp, styles unity
// and shortest); input parsed with nlohmann-json and checked against the schema, with errors that
// name the field path.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "dynamic/dyn_value.hpp"
#include "pakt/json.hpp"
#include "pakt/status.hpp"
#include "schema/model.hpp"

namespace pakt::dynamic {

std::string message_to_json(const schema::Message& message, const DynValue& value, JsonStyle style);

// One value of a type (shortest style), e.g. for annotating a hex dump.
std::string value_to_json(const schema::TypeRef& type, const DynValue& value);

// JSON text -> message value. Missing fields take their defaults; unknown fields, wrong types
// and out-of-range numbers are errors ("Player.pos.x: expected a number, got \"a\"").
Status message_from_json(const schema::Message& message, const nlohmann::json& json, DynValue& out);
Status message_from_json_text(const schema::Message& message, const std::string& text, DynValue& out);

}  // namespace pakt::dynamic
