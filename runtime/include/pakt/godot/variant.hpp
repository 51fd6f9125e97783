// Variant: one Godot value of any type. The alternatives of Variant::Value are in VariantType
// order, so value.index() is the Godot 4 type id. Godot 3 values use the same alternatives
// (REAL is float, QUAT is Quaternion, POOL_INT_ARRAY is PackedInt32Array, ...).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "pakt/godot/math_types.hpp"
#include "pakt/godot/variant_type.hpp"

namespace pakt::godot {

class Variant;

template <class T, class VariantOfTypes>
struct is_variant_alternative;
template <class T, class... Ts>
struct is_variant_alternative<T, std::variant<Ts...>> : std::bool_constant<(std::is_same_v<T, Ts> || ...)> {};

struct Nil {};
struct StringName {
  std::string name;
};
// A scene-tree path: "/root/Main/Player:position:x" has names {root, Main, Player},
// subnames {position, x} and is absolute.
struct NodePath {
  std::vector<std::string> names;
  std::vector<std::string> subnames;
  bool absolute = false;
};
struct RID {
  std::uint64_t id = 0;  // Godot 3 does not carry the id: it always decodes as 0.
};
struct Callable {};  // the engine writes any Callable as a bare header and reads it back empty
struct Signal {
  std::string name;
  std::uint64_t object_id = 0;
};

// An Object as the wire carries it: nothing (null), an instance id (var_to_bytes), or, with
// full objects, a class name and its stored properties in order.
enum class ObjectForm : std::uint8_t { null, instance_id, full };
struct ObjectProperty;
struct Object {
  ObjectForm form = ObjectForm::null;
  std::uint64_t instance_id = 0;
  std::string class_name;
  std::vector<ObjectProperty> properties;
};

// The element type of a typed Array or the key/value type of a typed Dictionary (Godot 4).
enum class ContainerKind : std::uint8_t { none = 0, builtin = 1, class_name = 2, script = 3 };
struct ContainerType {
  ContainerKind kind = ContainerKind::none;
  VariantType builtin = VariantType::nil;  // for kind builtin
  std::string name;                        // the class name (class_name) or res:// path (script)
};

struct Array {
  ContainerType element_type;
  std::vector<Variant> elements;
};
struct DictionaryEntry;
// Insertion order is kept, as Godot's Dictionary iterates in insertion order.
struct Dictionary {
  ContainerType key_type;
  ContainerType value_type;
  std::vector<DictionaryEntry> entries;
};

using PackedByteArray = std::vector<std::uint8_t>;
using PackedInt32Array = std::vector<std::int32_t>;
using PackedInt64Array = std::vector<std::int64_t>;
using PackedFloat32Array = std::vector<float>;
using PackedFloat64Array = std::vector<double>;
using PackedStringArray = std::vector<std::string>;
using PackedVector2Array = std::vector<Vector2>;
using PackedVector3Array = std::vector<Vector3>;
using PackedColorArray = std::vector<Color>;
using PackedVector4Array = std::vector<Vector4>;

class Variant {
 public:
  using Value = std::variant<Nil, bool, std::int64_t, double, std::string, Vector2, Vector2i, Rect2, Rect2i, Vector3,
                             Vector3i, Transform2D, Vector4, Vector4i, Plane, Quaternion, AABB, Basis, Transform3D,
                             Projection, Color, StringName, NodePath, RID, Object, Callable, Signal, Dictionary,
                             Array, PackedByteArray, PackedInt32Array, PackedInt64Array, PackedFloat32Array,
                             PackedFloat64Array, PackedStringArray, PackedVector2Array, PackedVector3Array,
                             PackedColorArray, PackedVector4Array>;

  Variant() = default;
  // Only the exact alternative types convert, so Variant(std::int64_t{1}) is an int and
  // Variant(1.0) a float; there is no silent int -> bool -> float guessing.
  template <class T, class = std::enable_if_t<is_variant_alternative<std::decay_t<T>, Value>::value>>
  Variant(T&& value) : value_(std::forward<T>(value)) {}  // NOLINT: implicit by design
  Variant(const char* text) : value_(std::string(text)) {}  // NOLINT: implicit by design

  VariantType type() const noexcept { return static_cast<VariantType>(value_.index()); }
  const Value& value() const noexcept { return value_; }
  Value& value() noexcept { return value_; }

  template <class T>
  bool is() const noexcept {
    return std::holds_alternative<T>(value_);
  }
  template <class T>
  const T& as() const {
    return std::get<T>(value_);
  }
  template <class T>
  T& as() {
    return std::get<T>(value_);
  }
  template <class T>
  const T* get_if() const noexcept {
    return std::get_if<T>(&value_);
  }

 private:
  Value value_;
};

struct ObjectProperty {
  std::string name;
  Variant value;
};
struct DictionaryEntry {
  Variant key;
  Variant value;
};

// Same value on the wire: NaN equals NaN, -0.0 differs from +0.0, container types count.
bool operator==(const Variant& a, const Variant& b);
bool operator!=(const Variant& a, const Variant& b);

}  // namespace pakt::godot
