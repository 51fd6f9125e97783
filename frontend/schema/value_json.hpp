// Defaults and examples as the descriptor writes them (docs/descriptor.md "Values"): one JSON form
// per type, whatever form the YAML used — vectors as component arrays, enums by name, non-finite
// floats as "nan" / "inf" / "-inf", message values as objects in field order.
#pragma once

#include <nlohmann/json.hpp>

#include "schema/model.hpp"
#include "schema/yaml_value.hpp"

namespace pakt::schema {

// A value already validated against `type` by the loader; None is null.
nlohmann::ordered_json value_json(const TypeRef& type, const YamlValue& value);
nlohmann::ordered_json message_value_json(const Message& message, const YamlValue& value);

// The value a new (default-constructed) message holds in `field`, the one fact every back end spells
// (docs/descriptor.md "initial"): its default: when written, null when optional, else the type's
// zero: false, 0, "", [], zero vectors but a Quaternion's w and a Color's a of 1, an enum's value
// numbered 0 (the number 0 when it declares none), {} for a message (each field its own initial
// value), N initial elements for T[N].
nlohmann::ordered_json initial_json(const Field& field);
nlohmann::ordered_json type_initial_json(const TypeRef& type);

}  // namespace pakt::schema
