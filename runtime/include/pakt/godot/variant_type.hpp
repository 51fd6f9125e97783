// VariantType: every type a pakt::godot::Variant can hold, numbered as Godot 4's Variant::Type
// (which is also the index of the alternative inside Variant). Godot 3 has a subset of these
// types under other numbers; wire_type_id / type_from_wire_id translate.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "pakt/godot/format_version.hpp"

namespace pakt::godot {

enum class VariantType : std::uint8_t {
  nil = 0,
  boolean = 1,
  integer = 2,
  real = 3,
  string = 4,
  vector2 = 5,
  vector2i = 6,
  rect2 = 7,
  rect2i = 8,
  vector3 = 9,
  vector3i = 10,
  transform2d = 11,
  vector4 = 12,
  vector4i = 13,
  plane = 14,
  quaternion = 15,
  aabb = 16,
  basis = 17,
  transform3d = 18,
  projection = 19,
  color = 20,
  string_name = 21,
  node_path = 22,
  rid = 23,
  object = 24,
  callable = 25,
  signal = 26,
  dictionary = 27,
  array = 28,
  packed_byte_array = 29,
  packed_int32_array = 30,
  packed_int64_array = 31,
  packed_float32_array = 32,
  packed_float64_array = 33,
  packed_string_array = 34,
  packed_vector2_array = 35,
  packed_vector3_array = 36,
  packed_color_array = 37,
  packed_vector4_array = 38,
};

inline constexpr std::uint32_t kVariantTypeCount = 39;

// The Godot 4 name ("Vector3", "PackedByteArray", ...), as GDScript and typed JSON spell it.
const char* type_name(VariantType type) noexcept;

// Accepts Godot 4 names and the Godot 3 aliases ("Quat", "Transform", "PoolIntArray", "real", ...).
std::optional<VariantType> type_from_name(std::string_view name) noexcept;

// The type's id on the wire, or nothing when the type does not exist in that version.
std::optional<std::uint32_t> wire_type_id(VariantType type, Version version) noexcept;

// The type a wire id stands for, or nothing when the id is out of range for that version.
std::optional<VariantType> type_from_wire_id(std::uint32_t id, Version version) noexcept;

}  // namespace pakt::godot
