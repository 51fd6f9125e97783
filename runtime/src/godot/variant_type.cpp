// Type names and the Godot 4 / Godot 3 wire id tables (reference §3.1 and §4).
#include "pakt/godot/variant_type.hpp"

#include <array>
#include <utility>

namespace pakt::godot {
namespace {

constexpr std::array<const char*, kVariantTypeCount> kNames = {
    "Nil",        "bool",        "int",          "float",           "String",           "Vector2",
    "Vector2i",   "Rect2",       "Rect2i",       "Vector3",         "Vector3i",         "Transform2D",
    "Vector4",    "Vector4i",    "Plane",        "Quaternion",      "AABB",             "Basis",
    "Transform3D", "Projection", "Color",        "StringName",      "NodePath",         "RID",
    "Object",     "Callable",    "Signal",       "Dictionary",      "Array",            "PackedByteArray",
    "PackedInt32Array", "PackedInt64Array", "PackedFloat32Array", "PackedFloat64Array", "PackedStringArray",
    "PackedVector2Array", "PackedVector3Array", "PackedColorArray", "PackedVector4Array",
};

// Godot 3 names that differ from the Godot 4 ones.
constexpr std::pair<const char*, VariantType> kGodot3Aliases[] = {
    {"real", VariantType::real},
    {"Quat", VariantType::quaternion},
    {"Transform", VariantType::transform3d},
    {"_RID", VariantType::rid},
    {"PoolByteArray", VariantType::packed_byte_array},
    {"PoolIntArray", VariantType::packed_int32_array},
    {"PoolRealArray", VariantType::packed_float32_array},
    {"PoolStringArray", VariantType::packed_string_array},
    {"PoolVector2Array", VariantType::packed_vector2_array},
    {"PoolVector3Array", VariantType::packed_vector3_array},
    {"PoolColorArray", VariantType::packed_color_array},
};

// Godot 3's Variant::Type order, as Godot 4 types.
constexpr VariantType kGodot3Types[] = {
    VariantType::nil,
    VariantType::boolean,
    VariantType::integer,
    VariantType::real,
    VariantType::string,
    VariantType::vector2,
    VariantType::rect2,
    VariantType::vector3,
    VariantType::transform2d,
    VariantType::plane,
    VariantType::quaternion,
    VariantType::aabb,
    VariantType::basis,
    VariantType::transform3d,
    VariantType::color,
    VariantType::node_path,
    VariantType::rid,
    VariantType::object,
    VariantType::dictionary,
    VariantType::array,
    VariantType::packed_byte_array,
    VariantType::packed_int32_array,
    VariantType::packed_float32_array,
    VariantType::packed_string_array,
    VariantType::packed_vector2_array,
    VariantType::packed_vector3_array,
    VariantType::packed_color_array,
};
constexpr std::uint32_t kGodot3TypeCount = sizeof(kGodot3Types) / sizeof(kGodot3Types[0]);

// The inverse: each Godot 4 type's Godot 3 id, kNoGodot3Id for the types Godot 3 lacks.
constexpr std::uint8_t kNoGodot3Id = 0xFF;
constexpr std::array<std::uint8_t, kVariantTypeCount> godot3_ids() {
  std::array<std::uint8_t, kVariantTypeCount> ids{};
  for (auto& id : ids) id = kNoGodot3Id;
  for (std::uint32_t id = 0; id < kGodot3TypeCount; ++id) {
    ids[static_cast<std::size_t>(kGodot3Types[id])] = static_cast<std::uint8_t>(id);
  }
  return ids;
}
constexpr std::array<std::uint8_t, kVariantTypeCount> kGodot3Ids = godot3_ids();

}  // namespace

const char* type_name(VariantType type) noexcept {
  const auto index = static_cast<std::size_t>(type);
  return index < kNames.size() ? kNames[index] : "invalid";
}

std::optional<VariantType> type_from_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (name == kNames[i]) return static_cast<VariantType>(i);
  }
  for (const auto& alias : kGodot3Aliases) {
    if (name == alias.first) return alias.second;
  }
  return std::nullopt;
}

std::optional<std::uint32_t> wire_type_id(VariantType type, Version version) noexcept {
  const auto index = static_cast<std::size_t>(type);
  if (version == Version::godot4) return static_cast<std::uint32_t>(type);
  if (index >= kGodot3Ids.size() || kGodot3Ids[index] == kNoGodot3Id) return std::nullopt;
  return kGodot3Ids[index];
}

std::optional<VariantType> type_from_wire_id(std::uint32_t id, Version version) noexcept {
  if (version == Version::godot4) {
    if (id < kVariantTypeCount) return static_cast<VariantType>(id);
    return std::nullopt;
  }
  if (id < kGodot3TypeCount) return kGodot3Types[id];
  return std::nullopt;
}

}  // namespace pakt::godot
