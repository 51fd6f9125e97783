// ValueWriter: the engine's encode_variant rules, one value at a time (reference §3, §4, §5).
#include "pakt/godot/value_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine_utf8.hpp"
#include "pakt/config.hpp"
#include "wire_bytes.hpp"

namespace pakt::godot {
namespace {

constexpr std::size_t kMaxCount = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max());
constexpr const char* kEncodedObjectAsId = "EncodedObjectAsID";

bool exactly_float32(double d) {
  if (std::isnan(d)) return false;  // NaN != NaN: the engine always takes the 64-bit path
  return static_cast<double>(wire::to_float32(d)) == d;
}

}  // namespace

bool ValueWriter::godot3_header(VariantType type, std::uint32_t flags) {
  const auto id = wire_type_id(type, options_.version);
  if (!id) {
    return fail(ErrorCode::kUnsupported, std::string(type_name(type)) + " does not exist in Godot 3");
  }
  put_u32(*id | flags);
  return true;
}

bool ValueWriter::real_header(VariantType type) {
  const bool wide = options_.version == Version::godot4 && options_.double_precision;
  return header(type, wide ? wire::kFlag64 : 0);
}

void ValueWriter::real_component(double value) {
  if (options_.version == Version::godot4 && options_.double_precision) {
    put_f64(value);
  } else {
    put_f32(wire::to_float32(value));
  }
}

namespace {

// The elements of a packed array, stored into room made once for all of them (a vector insert per
// component costs more than the store). `wide`: float64 components (double-precision Godot 4).
class ArrayStore {
 public:
  ArrayStore(ValueWriter& w, std::size_t components, bool wide) : p_(w.room(components * (wide ? 8 : 4))), wide_(wide) {}
  void real(double v) {
    if (wide_) {
      wire::store_f64(p_, v);
      p_ += 8;
    } else {
      wire::store_f32(p_, wire::to_float32(v));
      p_ += 4;
    }
  }
  void f32(float v) {
    wire::store_f32(p_, v);
    p_ += 4;
  }
  void f64(double v) {
    wire::store_f64(p_, v);
    p_ += 8;
  }

 private:
  std::uint8_t* p_;
  bool wide_;
};

}  // namespace

namespace {

float float_at(const void* floats, std::size_t i) {
  float f;
  std::memcpy(&f, static_cast<const std::uint8_t*>(floats) + 4 * i, 4);
  return f;
}

}  // namespace

void ValueWriter::grow(std::size_t n) {
  // Doubling keeps appends amortized O(1); spare room is dropped by finish().
  const std::size_t needed = size_ + n;
  out_.resize(std::max({needed, 2 * out_.size(), out_.capacity(), std::size_t{64}}));
}

void ValueWriter::put_f32(float v) { wire::store_f32(room(4), v); }
void ValueWriter::put_f64(double v) { wire::store_f64(room(8), v); }

void ValueWriter::put_bytes(const void* data, std::size_t n) {
  if (n != 0) std::memcpy(room(n), data, n);
}

void ValueWriter::put_zeros(std::size_t n) {
  if (n != 0) std::memset(room(n), 0, n);
}

void ValueWriter::put_float32s(const void* data, std::size_t count) {
  std::uint8_t* p = room(count * 4);
  if constexpr (!::pakt::detail::kHostBigEndian) {
    if (count != 0) std::memcpy(p, data, count * 4);  // already the wire's byte order
  } else {
    for (std::size_t i = 0; i < count; ++i) wire::store_f32(p + 4 * i, float_at(data, i));
  }
}

void ValueWriter::schema_float_components(const void* data, std::size_t count) {
  if (options_.version == Version::godot4 && options_.double_precision) {
    ArrayStore store(*this, count, true);
    for (std::size_t i = 0; i < count; ++i) store.f64(static_cast<double>(float_at(data, i)));
  } else {
    put_float32s(data, count);  // a float is its own float32: no rounding to do
  }
}

bool ValueWriter::schema_vector_any(VariantType type, const void* components, std::size_t count) {
  if (!real_header(type)) return false;
  schema_float_components(components, count);
  return true;
}

bool ValueWriter::color(const pakt::Color& v) {
  if (!header(VariantType::color)) return false;
  put_float32s(&v, 4);  // float32 on every build
  return true;
}

bool ValueWriter::count_field(std::size_t count, const char* what) {
  if (count > kMaxCount) {
    return fail(ErrorCode::kLimitExceeded, std::string(what) + " count " + std::to_string(count) + " exceeds INT32_MAX");
  }
  put_u32(static_cast<std::uint32_t>(count));
  return true;
}

bool ValueWriter::check_string(std::string_view utf8, const char* what) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(utf8.data());
  if (utf8.size() > kMaxCount - 4) {
    return fail(ErrorCode::kLimitExceeded, std::string(what) + " is longer than INT32_MAX bytes");
  }
  if (ascii_without_nul(bytes, utf8.size())) return true;
  const std::size_t bad = engine_utf8_first_invalid(bytes, utf8.size(), options_.version);
  if (bad != utf8.size()) {
    return fail(ErrorCode::kInvalidValue, std::string(what) + " is not valid UTF-8 (byte " + std::to_string(bad) + ")");
  }
  if (std::memchr(bytes, 0, utf8.size()) != nullptr) {
    return fail(ErrorCode::kInvalidValue, std::string(what) + " contains NUL, which a Godot String cannot hold");
  }
  return true;
}

void ValueWriter::string_payload(std::string_view utf8) {
  // The length, the bytes and the padding in one room.
  wire::store_string_payload(room(wire::string_payload_size(utf8.size())), utf8.data(), utf8.size());
}

std::uint32_t ValueWriter::container_kind(const ContainerType& type) const {
  switch (type.kind) {
    case ContainerKind::none: return 0;
    case ContainerKind::builtin: return type.builtin == VariantType::nil ? 0 : 1;
    case ContainerKind::class_name: return 2;
    case ContainerKind::script: return options_.full_objects ? 3 : 2;
  }
  return 0;
}

bool ValueWriter::container_type_payload(const ContainerType& type) {
  switch (container_kind(type)) {
    case 0: return true;
    case 1: put_u32(static_cast<std::uint32_t>(type.builtin)); return true;
    default: break;
  }
  if (!options_.full_objects) {
    string_payload(kEncodedObjectAsId);
    return true;
  }
  if (type.kind == ContainerKind::script && type.name.rfind("res://", 0) != 0) {
    return fail(ErrorCode::kInvalidValue, "container script path '" + type.name + "' does not start with res://");
  }
  if (!check_string(type.name, "container type name")) return false;
  string_payload(type.name);
  return true;
}

bool ValueWriter::nil() { return header(VariantType::nil); }

bool ValueWriter::wide_integer(std::int64_t value) {
  if (!header(VariantType::integer, wire::kFlag64)) return false;
  put_i64(value);
  return true;
}

bool ValueWriter::real(double value) {
  const bool narrow = exactly_float32(value);
  if (!header(VariantType::real, narrow ? 0 : wire::kFlag64)) return false;
  if (narrow) {
    put_f32(wire::to_float32(value));
  } else {
    put_f64(value);
  }
  return true;
}

bool ValueWriter::string(std::string_view utf8) {
  if (!check_string(utf8, "String") || !header(VariantType::string)) return false;
  string_payload(utf8);
  return true;
}

bool ValueWriter::string_name(std::string_view utf8) {
  if (!check_string(utf8, "StringName") || !header(VariantType::string_name)) return false;
  string_payload(utf8);
  return true;
}

bool ValueWriter::vector2(const Vector2& v) {
  if (!real_header(VariantType::vector2)) return false;
  for (double c : {v.x, v.y}) real_component(c);
  return true;
}

bool ValueWriter::vector2i(const Vector2i& v) {
  if (!header(VariantType::vector2i)) return false;
  for (std::int32_t c : {v.x, v.y}) put_i32(c);
  return true;
}

bool ValueWriter::rect2(const Rect2& v) {
  if (!real_header(VariantType::rect2)) return false;
  for (double c : {v.position.x, v.position.y, v.size.x, v.size.y}) real_component(c);
  return true;
}

bool ValueWriter::rect2i(const Rect2i& v) {
  if (!header(VariantType::rect2i)) return false;
  for (std::int32_t c : {v.position.x, v.position.y, v.size.x, v.size.y}) put_i32(c);
  return true;
}

bool ValueWriter::vector3(const Vector3& v) {
  if (!real_header(VariantType::vector3)) return false;
  for (double c : {v.x, v.y, v.z}) real_component(c);
  return true;
}

bool ValueWriter::vector3i(const Vector3i& v) {
  if (!header(VariantType::vector3i)) return false;
  for (std::int32_t c : {v.x, v.y, v.z}) put_i32(c);
  return true;
}

bool ValueWriter::transform2d(const Transform2D& v) {
  if (!real_header(VariantType::transform2d)) return false;
  for (double c : {v.x.x, v.x.y, v.y.x, v.y.y, v.origin.x, v.origin.y}) real_component(c);
  return true;
}

bool ValueWriter::vector4(const Vector4& v) {
  if (!real_header(VariantType::vector4)) return false;
  for (double c : {v.x, v.y, v.z, v.w}) real_component(c);
  return true;
}

bool ValueWriter::vector4i(const Vector4i& v) {
  if (!header(VariantType::vector4i)) return false;
  for (std::int32_t c : {v.x, v.y, v.z, v.w}) put_i32(c);
  return true;
}

bool ValueWriter::plane(const Plane& v) {
  if (!real_header(VariantType::plane)) return false;
  for (double c : {v.normal.x, v.normal.y, v.normal.z, v.d}) real_component(c);
  return true;
}

bool ValueWriter::quaternion(const Quaternion& v) {
  if (!real_header(VariantType::quaternion)) return false;
  for (double c : {v.x, v.y, v.z, v.w}) real_component(c);
  return true;
}

bool ValueWriter::aabb(const AABB& v) {
  if (!real_header(VariantType::aabb)) return false;
  for (double c : {v.position.x, v.position.y, v.position.z, v.size.x, v.size.y, v.size.z}) real_component(c);
  return true;
}

bool ValueWriter::basis(const Basis& v) {
  if (!real_header(VariantType::basis)) return false;
  for (const auto& row : v.rows) {
    for (double c : row) real_component(c);
  }
  return true;
}

bool ValueWriter::transform3d(const Transform3D& v) {
  if (!real_header(VariantType::transform3d)) return false;
  for (const auto& row : v.basis.rows) {
    for (double c : row) real_component(c);
  }
  for (double c : {v.origin.x, v.origin.y, v.origin.z}) real_component(c);
  return true;
}

bool ValueWriter::projection(const Projection& v) {
  if (!real_header(VariantType::projection)) return false;
  for (const auto& column : v.columns) {
    for (double c : column) real_component(c);
  }
  return true;
}

bool ValueWriter::color(const Color& v) {
  if (!header(VariantType::color)) return false;  // float32 on every build
  for (float c : {v.r, v.g, v.b, v.a}) put_f32(c);
  return true;
}

bool ValueWriter::node_path(const NodePath& path) {
  for (const auto* names : {&path.names, &path.subnames}) {
    for (const std::string& name : *names) {
      if (!check_string(name, "NodePath name")) return false;
    }
  }
  if (path.names.size() > kMaxCount || path.subnames.size() > kMaxCount) {
    return fail(ErrorCode::kLimitExceeded, "NodePath has more than INT32_MAX names");
  }
  if (!header(VariantType::node_path)) return false;
  put_u32(static_cast<std::uint32_t>(path.names.size()) | wire::kNodePathNewFormat);
  put_u32(static_cast<std::uint32_t>(path.subnames.size()));
  put_u32(path.absolute ? 1 : 0);
  // The engine leaves these padding bytes unwritten (garbage); pakt writes zeros.
  for (const std::string& name : path.names) string_payload(name);
  for (const std::string& name : path.subnames) string_payload(name);
  return true;
}

bool ValueWriter::rid(const RID& rid) {
  if (!header(VariantType::rid)) return false;
  if (options_.version == Version::godot4) put_u64(rid.id);  // Godot 3 writes no id
  return true;
}

bool ValueWriter::callable() { return header(VariantType::callable); }

bool ValueWriter::signal(const Signal& signal) {
  if (!check_string(signal.name, "Signal name") || !header(VariantType::signal)) return false;
  string_payload(signal.name);
  put_u64(signal.object_id);
  return true;
}

bool ValueWriter::null_object() { return header(VariantType::nil); }

bool ValueWriter::object_instance_id(std::uint64_t id) {
  if (id == 0) return null_object();
  if (!header(VariantType::object, wire::kFlagObjectAsId)) return false;
  put_u64(id);
  return true;
}

bool ValueWriter::full_object_header(std::string_view class_name, std::size_t property_count) {
  if (!options_.full_objects) {
    return fail(ErrorCode::kUnsupported, "a full Object is written only with full_objects (var_to_bytes_with_objects)");
  }
  if (class_name.empty()) return fail(ErrorCode::kInvalidValue, "a full Object needs a class name");
  if (!check_string(class_name, "Object class name") || !header(VariantType::object)) return false;
  string_payload(class_name);
  return count_field(property_count, "Object property");
}

bool ValueWriter::property_name(std::string_view name) {
  if (!check_string(name, "Object property name")) return false;
  string_payload(name);
  return true;
}

bool ValueWriter::array_header(std::size_t count, const ContainerType& element_type) {
  const std::uint32_t kind = container_kind(element_type);
  if (kind != 0 && options_.version == Version::godot3) {
    return fail(ErrorCode::kUnsupported, "typed Arrays do not exist in Godot 3");
  }
  if (!header(VariantType::array, kind << wire::kArrayTypeShift)) return false;
  return container_type_payload(element_type) && count_field(count, "Array");
}

bool ValueWriter::dictionary_header(std::size_t count, const ContainerType& key_type, const ContainerType& value_type) {
  const std::uint32_t key_kind = container_kind(key_type);
  const std::uint32_t value_kind = container_kind(value_type);
  if ((key_kind != 0 || value_kind != 0) && options_.version == Version::godot3) {
    return fail(ErrorCode::kUnsupported, "typed Dictionaries do not exist in Godot 3");
  }
  const std::uint32_t flags =
      key_kind << wire::kDictionaryKeyTypeShift | value_kind << wire::kDictionaryValueTypeShift;
  if (!header(VariantType::dictionary, flags)) return false;
  return container_type_payload(key_type) && container_type_payload(value_type) && count_field(count, "Dictionary");
}

bool ValueWriter::packed_byte_array(const std::uint8_t* data, std::size_t count) {
  if (!header(VariantType::packed_byte_array) || !count_field(count, "PackedByteArray")) return false;
  put_bytes(data, count);
  put_zeros(wire::padding_to_4(count));
  return true;
}

bool ValueWriter::packed_int32_array_header(std::size_t count) {
  return header(VariantType::packed_int32_array) && count_field(count, "PackedInt32Array");
}

bool ValueWriter::packed_int64_array_header(std::size_t count) {
  return header(VariantType::packed_int64_array) && count_field(count, "PackedInt64Array");
}

void ValueWriter::packed_int32_element(std::int32_t value) { put_i32(value); }

void ValueWriter::packed_int64_element(std::int64_t value) { put_i64(value); }

bool ValueWriter::packed_int32_array(const std::int32_t* data, std::size_t count) {
  if (!packed_int32_array_header(count)) return false;
  for (std::size_t i = 0; i < count; ++i) packed_int32_element(data[i]);
  return true;
}

bool ValueWriter::packed_int64_array(const std::int64_t* data, std::size_t count) {
  if (!packed_int64_array_header(count)) return false;
  for (std::size_t i = 0; i < count; ++i) packed_int64_element(data[i]);
  return true;
}

bool ValueWriter::packed_float32_array(const float* data, std::size_t count) {
  if (!header(VariantType::packed_float32_array) || !count_field(count, "PackedFloat32Array")) return false;
  put_float32s(data, count);
  return true;
}

bool ValueWriter::packed_float64_array(const double* data, std::size_t count) {
  if (!header(VariantType::packed_float64_array) || !count_field(count, "PackedFloat64Array")) return false;
  ArrayStore store(*this, count, true);
  for (std::size_t i = 0; i < count; ++i) store.f64(data[i]);
  return true;
}

bool ValueWriter::packed_string_array(const std::string* data, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (!check_string(data[i], "PackedStringArray element")) return false;
  }
  if (!header(VariantType::packed_string_array) || !count_field(count, "PackedStringArray")) return false;
  for (std::size_t i = 0; i < count; ++i) {
    // The length counts a NUL terminator, which is written.
    const std::size_t length = data[i].size() + 1;
    put_u32(static_cast<std::uint32_t>(length));
    put_bytes(data[i].data(), data[i].size());
    put_zeros(1 + wire::padding_to_4(length));
  }
  return true;
}

bool ValueWriter::packed_vector2_array(const Vector2* data, std::size_t count) {
  if (!real_header(VariantType::packed_vector2_array) || !count_field(count, "PackedVector2Array")) return false;
  ArrayStore store(*this, count * 2, options_.version == Version::godot4 && options_.double_precision);
  for (std::size_t i = 0; i < count; ++i) {
    store.real(data[i].x);
    store.real(data[i].y);
  }
  return true;
}

bool ValueWriter::packed_vector3_array(const Vector3* data, std::size_t count) {
  if (!real_header(VariantType::packed_vector3_array) || !count_field(count, "PackedVector3Array")) return false;
  ArrayStore store(*this, count * 3, options_.version == Version::godot4 && options_.double_precision);
  for (std::size_t i = 0; i < count; ++i) {
    store.real(data[i].x);
    store.real(data[i].y);
    store.real(data[i].z);
  }
  return true;
}

bool ValueWriter::packed_color_array(const Color* data, std::size_t count) {
  if (!header(VariantType::packed_color_array) || !count_field(count, "PackedColorArray")) return false;
  static_assert(sizeof(Color) == 4 * sizeof(float), "packed float components");
  put_float32s(data, count * 4);  // float32 on every build
  return true;
}

bool ValueWriter::packed_vector4_array(const Vector4* data, std::size_t count) {
  if (!real_header(VariantType::packed_vector4_array) || !count_field(count, "PackedVector4Array")) return false;
  for (std::size_t i = 0; i < count; ++i) {
    for (double c : {data[i].x, data[i].y, data[i].z, data[i].w}) real_component(c);
  }
  return true;
}

bool ValueWriter::packed_vector2_array(const pakt::Vector2* data, std::size_t count) {
  if (!real_header(VariantType::packed_vector2_array) || !count_field(count, "PackedVector2Array")) return false;
  static_assert(sizeof(pakt::Vector2) == 2 * sizeof(float), "packed float components");
  schema_float_components(data, count * 2);
  return true;
}

bool ValueWriter::packed_vector3_array(const pakt::Vector3* data, std::size_t count) {
  if (!real_header(VariantType::packed_vector3_array) || !count_field(count, "PackedVector3Array")) return false;
  static_assert(sizeof(pakt::Vector3) == 3 * sizeof(float), "packed float components");
  schema_float_components(data, count * 3);
  return true;
}

bool ValueWriter::packed_color_array(const pakt::Color* data, std::size_t count) {
  if (!header(VariantType::packed_color_array) || !count_field(count, "PackedColorArray")) return false;
  static_assert(sizeof(pakt::Color) == 4 * sizeof(float), "packed float components");
  put_float32s(data, count * 4);  // float32 on every build
  return true;
}

}  // namespace pakt::godot
