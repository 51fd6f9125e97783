// The typed JSON value format (reference §6): every value is {"type": <TypeName>, "value": ...},
// e.g. {"type":"Vector3","value":{"x":1,"y":2,"z":3}}, {"type":"int","value":"-1070935975390360081"}
// (decimal strings beyond 2^53), {"type":"float","value":"nan"}. Arrays are lists of tagged
// values, Dictionaries lists of [tagged_key, tagged_value], Packed arrays plain lists, with
// optional "element_type" / "key_type" / "value_type" ({"builtin": T} | {"class_name": C} |
// {"script": path}). Godot 3 type names (Quat, Transform, PoolByteArray, ...) are accepted.
// Separate library (pakt::godot_json): the codec itself does not depend on nlohmann-json.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "pakt/godot/variant.hpp"
#include "pakt/status.hpp"

namespace pakt::godot {

nlohmann::json to_typed_json(const Variant& value);

// Errors carry the JSON path ("value[2][1].value.x") and the reason; the offset is 0.
Status from_typed_json(const nlohmann::json& json, Variant& out);

// The text form of a NodePath ("/root/Main/Player:position:x") and back.
std::string node_path_text(const NodePath& path);
NodePath parse_node_path(const std::string& text);

}  // namespace pakt::godot
