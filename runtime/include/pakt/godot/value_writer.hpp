// ValueWriter: appends Godot Variant values (header + payload) to a byte buffer, one value per
// call, exactly as the engine's encode_variant writes them. encode() uses it for whole Variant
// trees; generated code calls it directly for message fields, without building a Variant:
//
//   godot::ValueWriter w(buffer, options);
//   w.dictionary_header(3);
//   w.string("hp");   w.integer(player.hp);
//   w.string("pos");  w.vector3(player.pos);
//   w.string("tags"); w.packed_string_array(player.tags.data(), player.tags.size());
//   if (!w.ok()) return w.status();
//
// Every method returns false (and records the first error, see ok()/status()) when the value
// cannot be written: a type that the target version lacks, a string that is not valid UTF-8 or
// contains NUL, a count beyond INT32_MAX.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pakt/error_state.hpp"
#include "pakt/godot/math_types.hpp"
#include "pakt/godot/options.hpp"
#include "pakt/godot/variant.hpp"
#include "pakt/math_types.hpp"

namespace pakt::godot {

class ValueWriter : public ErrorState {
 public:
  ValueWriter(std::vector<std::uint8_t>& out, const EncodeOptions& options) : out_(out), options_(options) {}

  const EncodeOptions& options() const noexcept { return options_; }
  std::vector<std::uint8_t>& buffer() noexcept { return out_; }

  bool nil();
  bool boolean(bool value);
  bool integer(std::int64_t value);  // 4 bytes unless outside int32
  bool real(double value);           // 4 bytes when float32 holds it exactly, else 8 (NaN: 8)
  bool string(std::string_view utf8);
  bool string_name(std::string_view utf8);

  bool vector2(const Vector2& v);
  bool vector2i(const Vector2i& v);
  bool rect2(const Rect2& v);
  bool rect2i(const Rect2i& v);
  bool vector3(const Vector3& v);
  bool vector3i(const Vector3i& v);
  bool transform2d(const Transform2D& v);
  bool vector4(const Vector4& v);
  bool vector4i(const Vector4i& v);
  bool plane(const Plane& v);
  bool quaternion(const Quaternion& v);
  bool aabb(const AABB& v);
  bool basis(const Basis& v);
  bool transform3d(const Transform3D& v);
  bool projection(const Projection& v);
  bool color(const Color& v);

  // The schema-side vector types (pakt/math_types.hpp).
  bool vector2(const pakt::Vector2& v) { return vector2(Vector2{v.x, v.y}); }
  bool vector3(const pakt::Vector3& v) { return vector3(Vector3{v.x, v.y, v.z}); }
  bool quaternion(const pakt::Quaternion& v) { return quaternion(Quaternion{v.x, v.y, v.z, v.w}); }
  bool color(const pakt::Color& v) { return color(Color{v.r, v.g, v.b, v.a}); }
  bool vector2i(const pakt::Vector2i& v) { return vector2i(Vector2i{v.x, v.y}); }
  bool vector3i(const pakt::Vector3i& v) { return vector3i(Vector3i{v.x, v.y, v.z}); }

  bool node_path(const NodePath& path);
  bool rid(const RID& rid);
  bool callable();
  bool signal(const Signal& signal);

  // Objects. A null object is written as a bare NIL header, as the engine does.
  bool null_object();
  bool object_instance_id(std::uint64_t id);  // id 0 is the null object
  // A full object (needs options.full_objects): follow with property_count pairs of
  // property_name() and one value each.
  bool full_object_header(std::string_view class_name, std::size_t property_count);
  bool property_name(std::string_view name);

  // Containers: follow with count values (Array) or count key/value pairs (Dictionary).
  bool array_header(std::size_t count, const ContainerType& element_type = {});
  bool dictionary_header(std::size_t count, const ContainerType& key_type = {}, const ContainerType& value_type = {});

  bool packed_byte_array(const std::uint8_t* data, std::size_t count);
  bool packed_int32_array(const std::int32_t* data, std::size_t count);
  bool packed_int64_array(const std::int64_t* data, std::size_t count);
  // The same element by element (lists of narrower integers, without a temporary array): the
  // header, then exactly `count` elements.
  bool packed_int32_array_header(std::size_t count);
  bool packed_int64_array_header(std::size_t count);
  void packed_int32_element(std::int32_t value);
  void packed_int64_element(std::int64_t value);
  bool packed_float32_array(const float* data, std::size_t count);
  bool packed_float64_array(const double* data, std::size_t count);
  bool packed_string_array(const std::string* data, std::size_t count);
  bool packed_vector2_array(const Vector2* data, std::size_t count);
  bool packed_vector3_array(const Vector3* data, std::size_t count);
  bool packed_color_array(const Color* data, std::size_t count);
  bool packed_vector4_array(const Vector4* data, std::size_t count);
  bool packed_vector2_array(const pakt::Vector2* data, std::size_t count);
  bool packed_vector3_array(const pakt::Vector3* data, std::size_t count);
  bool packed_color_array(const pakt::Color* data, std::size_t count);

 private:
  bool header(VariantType type, std::uint32_t flags = 0);
  bool real_header(VariantType type);  // FLAG_64 on double-precision Godot 4 builds
  void real_component(double value);
  bool count_field(std::size_t count, const char* what);
  bool check_string(std::string_view utf8, const char* what);
  void string_payload(std::string_view utf8);
  bool container_type_payload(const ContainerType& type);
  std::uint32_t container_kind(const ContainerType& type) const;
  bool fail(ErrorCode code, std::string reason) { return fail_at(out_.size(), code, std::move(reason)); }

  std::vector<std::uint8_t>& out_;
  EncodeOptions options_;
};

}  // namespace pakt::godot
