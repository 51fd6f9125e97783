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

}  // namespace pakt::schema
