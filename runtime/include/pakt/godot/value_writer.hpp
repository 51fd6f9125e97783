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
// The writer appends in place and may leave spare room at the buffer's end while it works: the
// buffer holds exactly the bytes written once finish() has run or the writer is destroyed.
//
// Every method returns false (and records the first error, see ok()/status()) when the value
// cannot be written: a type that the target version lacks, a string that is not valid UTF-8 or
// contains NUL, a count beyond INT32_MAX.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "pakt/config.hpp"
#include "pakt/error_state.hpp"
#include "pakt/godot/math_types.hpp"
#include "pakt/godot/options.hpp"
#include "pakt/godot/variant.hpp"
#include "pakt/godot/wire_words.hpp"
#include "pakt/math_types.hpp"

namespace pakt::godot {

class ValueWriter : public ErrorState {
 public:
  // Appends to what out holds.
  ValueWriter(std::vector<std::uint8_t>& out, const EncodeOptions& options)
      : out_(out), size_(out.size()), options_(options) {}
  // Writes from offset `start` of out (at most its size), over the bytes there: they count as
  // spare room, so a buffer reused for one message after another is neither cleared nor zero-filled
  // again (finish() cuts it to what was written).
  ValueWriter(std::vector<std::uint8_t>& out, const EncodeOptions& options, std::size_t start)
      : out_(out), size_(start <= out.size() ? start : out.size()), options_(options) {}
  ValueWriter(const ValueWriter&) = delete;
  ValueWriter& operator=(const ValueWriter&) = delete;
  ~ValueWriter() { finish(); }

  const EncodeOptions& options() const noexcept { return options_; }
  // The buffer's size once finished: where the next value goes (error offsets use it).
  std::size_t offset() const noexcept { return size_; }
  // Drops the spare room: the buffer then holds exactly the bytes written.
  void finish() { out_.resize(size_); }

  // Room for n more bytes at the end, for the caller to fill (grows the buffer when needed).
  std::uint8_t* room(std::size_t n) {
    if (out_.size() - size_ < n) grow(n);
    std::uint8_t* p = out_.data() + size_;
    size_ += n;
    return p;
  }

  bool nil();
  // bool, int32-range ints, float32 fields and single-precision vectors are written inline.
  bool boolean(bool value) {
    put_header_and_u32(static_cast<std::uint32_t>(VariantType::boolean), value ? 1 : 0);
    return true;
  }
  bool integer(std::int64_t value) {  // 4 bytes unless outside int32
    if (value < std::numeric_limits<std::int32_t>::min() || value > std::numeric_limits<std::int32_t>::max()) {
      return wide_integer(value);
    }
    put_header_and_u32(static_cast<std::uint32_t>(VariantType::integer), static_cast<std::uint32_t>(value));
    return true;
  }
  bool real(double value);           // 4 bytes when float32 holds it exactly, else 8 (NaN: 8)
  bool string(std::string_view utf8);
  bool string_name(std::string_view utf8);
  // A message field's name as a Dictionary key (a String). Schema field names are ASCII
  // identifiers (the schema loader checks), so there is no UTF-8 or NUL check to make. Inline and
  // in one append: generated code passes a literal, whose length and padding are then constants
  // (the key is a few stores, not a call with two appends, a memcpy call and a padding loop).
  PAKT_ALWAYS_INLINE bool field_name(std::string_view ascii_identifier) {
    const std::size_t n = ascii_identifier.size();
    std::uint8_t* p = room(4 + wire::string_payload_size(n));
    wire::store_u32(p, static_cast<std::uint32_t>(VariantType::string));  // the same id in Godot 3 and 4
    wire::store_string_payload(p + 4, ascii_identifier.data(), n);
    return true;
  }

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
  // Their float components go out as they are (float64 on double-precision Godot 4 builds).
  bool vector2(const pakt::Vector2& v) { return schema_vector(VariantType::vector2, &v, 2); }
  bool vector3(const pakt::Vector3& v) { return schema_vector(VariantType::vector3, &v, 3); }
  bool quaternion(const pakt::Quaternion& v) { return schema_vector(VariantType::quaternion, &v, 4); }
  bool color(const pakt::Color& v);
  // A float32 field: as real(v), without the float64 round trip.
  bool real32(float value) {
    if (value != value) return real(static_cast<double>(value));  // the engine writes NaN in 8 bytes
    std::uint32_t bits;
    std::memcpy(&bits, &value, 4);
    put_header_and_u32(static_cast<std::uint32_t>(VariantType::real), bits);
    return true;
  }
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
  // Untyped (what message fields and lists use): inline on Godot 4.
  bool array_header(std::size_t count) { return untyped_container(VariantType::array, count); }
  bool dictionary_header(std::size_t count) { return untyped_container(VariantType::dictionary, count); }
  bool array_header(std::size_t count, const ContainerType& element_type);
  bool dictionary_header(std::size_t count, const ContainerType& key_type, const ContainerType& value_type);

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
  bool header(VariantType type, std::uint32_t flags = 0) {
    // Godot 4's ids are VariantType's values; Godot 3 numbers Nil to Vector2 (0-5) alike.
    if (options_.version == Version::godot4 || type <= VariantType::vector2) {
      put_u32(static_cast<std::uint32_t>(type) | flags);
      return true;
    }
    return godot3_header(type, flags);
  }
  bool godot3_header(VariantType type, std::uint32_t flags);
  bool real_header(VariantType type);  // FLAG_64 on double-precision Godot 4 builds
  void real_component(double value);
  bool count_field(std::size_t count, const char* what);
  bool check_string(std::string_view utf8, const char* what);
  void string_payload(std::string_view utf8);
  bool container_type_payload(const ContainerType& type);
  std::uint32_t container_kind(const ContainerType& type) const;
  bool fail(ErrorCode code, std::string reason) { return fail_at(size_, code, std::move(reason)); }

  void grow(std::size_t n);
  bool wide_integer(std::int64_t value);
  bool untyped_container(VariantType type, std::size_t count) {
    if (options_.version != Version::godot4 || count > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
      return type == VariantType::array ? array_header(count, ContainerType{})
                                        : dictionary_header(count, ContainerType{}, ContainerType{});
    }
    put_header_and_u32(static_cast<std::uint32_t>(type), static_cast<std::uint32_t>(count));
    return true;
  }
  // Little-endian appends, as the engine writes them.
  void put_u32(std::uint32_t v) { wire::store_u32(room(4), v); }
  // A header word (ids 0-5 are the same in both engines) and a 4-byte payload, in one append.
  void put_header_and_u32(std::uint32_t header_word, std::uint32_t payload) {
    std::uint8_t* p = room(8);
    wire::store_u32(p, header_word);
    wire::store_u32(p + 4, payload);
  }
  void put_u64(std::uint64_t v) {
    put_u32(static_cast<std::uint32_t>(v));
    put_u32(static_cast<std::uint32_t>(v >> 32));
  }
  void put_i32(std::int32_t v) { put_u32(static_cast<std::uint32_t>(v)); }
  void put_i64(std::int64_t v) { put_u64(static_cast<std::uint64_t>(v)); }
  void put_f32(float v);
  void put_f64(double v);
  void put_bytes(const void* data, std::size_t n);
  void put_zeros(std::size_t n);
  void put_float32s(const void* data, std::size_t count);            // count float32 components
  void schema_float_components(const void* data, std::size_t count);  // float32 or, double-precision, float64
  // Vector2/Vector3/Quaternion of schema floats: single-precision Godot 4 inline.
  bool schema_vector(VariantType type, const void* components, std::size_t count) {
    if (options_.version != Version::godot4 || options_.double_precision) return schema_vector_any(type, components, count);
    std::uint8_t* p = room(4 + 4 * count);
    wire::store_u32(p, static_cast<std::uint32_t>(type));
    for (std::size_t i = 0; i < count; ++i) {
      float c;
      std::memcpy(&c, static_cast<const unsigned char*>(components) + 4 * i, 4);
      wire::store_f32(p + 4 + 4 * i, c);
    }
    return true;
  }
  bool schema_vector_any(VariantType type, const void* components, std::size_t count);

  std::vector<std::uint8_t>& out_;
  std::size_t size_;  // bytes written; out_ may be longer (spare room)
  EncodeOptions options_;
};

}  // namespace pakt::godot
