// ValueReader: reads Godot Variant values from a pakt::Reader, one value per call, with the
// engine's decode_variant rules and pakt's bounds checks. decode() uses it for whole Variant
// trees; generated code calls the typed read_* functions for message fields, which check the
// type and accept what a Godot game may really send (ints and floats in 4 or 8 bytes, an int
// where a float is expected, a plain Array where a Packed array is expected):
//
//   godot::ValueReader r(reader, options);
//   std::size_t count;
//   if (!r.read_dictionary_header(count)) return reader.status();
//   for (std::size_t i = 0; i < count; ++i) {
//     std::string key;
//     if (!r.read_string(key)) ...
//     if (key == "hp") { if (!r.read_int(msg.hp)) return reader.in_field("hp"), reader.status(); }
//     else if (!r.skip_value()) ...
//   }
//
// Every function returns false after recording the first error (offset, code, reason) in the
// underlying Reader, which then reports it through status().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "pakt/config.hpp"
#include "pakt/godot/math_types.hpp"
#include "pakt/godot/options.hpp"
#include "pakt/godot/variant.hpp"
#include "pakt/godot/wire_words.hpp"
#include "pakt/math_types.hpp"
#include "pakt/reader.hpp"

namespace pakt::godot {

// A decoded 4-byte header: the type and the raw header word (flags in bits 16..31).
struct ValueHeader {
  VariantType type = VariantType::nil;
  std::uint32_t word = 0;
  std::size_t offset = 0;  // where the header starts
};

class ValueReader {
 public:
  ValueReader(Reader& reader, const DecodeOptions& options) : reader_(reader), options_(options) {}

  Reader& reader() noexcept { return reader_; }
  const DecodeOptions& options() const noexcept { return options_; }

  // Any value, as a Variant tree (the engine's decode_variant).
  bool read_variant(Variant& out);
  // Reads and drops one value of any type (an unknown Dictionary key's value).
  bool skip_value();

  // Typed reads for message fields: header + type check + payload.
  // Reads the next header and keeps it for the next read, e.g. to test an optional field for NIL:
  //   if (!r.peek(h)) ...; if (h.type == VariantType::nil) { r.skip_value(); absent } else r.read_int(v);
  bool peek(ValueHeader& out);
  // The common case of each inline (a 4-byte payload under a header without flags), the rest,
  // errors included, out of line.
  bool read_bool(bool& out) {
    if (const std::uint8_t* p = exact_value(kBoolWord, 4)) {
      out = wire::load_u32(p) != 0;
      return true;
    }
    return read_bool_any(out);
  }
  bool read_int(std::int64_t& out) {
    if (const std::uint8_t* p = exact_value(kIntWord, 4)) {
      out = wire::load_i32(p);
      return true;
    }
    return read_int_any(out);
  }
  bool read_float(double& out) {  // FLOAT, or INT converted
    if (const std::uint8_t* p = exact_value(kFloatWord, 4)) {
      out = static_cast<double>(wire::load_f32(p));
      return true;
    }
    return read_float_any(out);
  }
  bool read_string(std::string& out);  // String or StringName
  bool read_vector2(Vector2& out);
  bool read_vector3(Vector3& out);
  bool read_quaternion(Quaternion& out);
  bool read_color(Color& out);
  bool read_vector2i(Vector2i& out);
  bool read_vector3i(Vector3i& out);
  // Schema vectors (pakt/math_types.hpp: packed float components).
  bool read_vector2(pakt::Vector2& out) { return schema_vector(VariantType::vector2, out); }
  bool read_vector3(pakt::Vector3& out) { return schema_vector(VariantType::vector3, out); }
  bool read_quaternion(pakt::Quaternion& out) { return schema_vector(VariantType::quaternion, out); }
  bool read_color(pakt::Color& out);
  bool read_vector2i(pakt::Vector2i& out);
  bool read_vector3i(pakt::Vector3i& out);
  // Container headers; the caller then reads count values (Array) or count key/value pairs.
  // Typed containers are accepted; their type information is skipped.
  bool read_array_header(std::size_t& count) {
    return untyped_container(VariantType::array, 4, count) || read_array_header_any(count);
  }
  bool read_dictionary_header(std::size_t& count) {
    return untyped_container(VariantType::dictionary, 8, count) || read_dictionary_header_any(count);
  }
  // Packed arrays, or a plain Array of matching elements (ints range-checked).
  bool read_packed_byte_array(std::vector<std::uint8_t>& out);
  bool read_packed_int32_array(std::vector<std::int32_t>& out);
  bool read_packed_int64_array(std::vector<std::int64_t>& out);
  bool read_packed_float32_array(std::vector<float>& out);
  bool read_packed_float64_array(std::vector<double>& out);
  bool read_packed_string_array(std::vector<std::string>& out);
  bool read_packed_vector2_array(std::vector<pakt::Vector2>& out);
  bool read_packed_vector3_array(std::vector<pakt::Vector3>& out);
  bool read_packed_color_array(std::vector<pakt::Color>& out);
  // A PackedInt32Array or PackedInt64Array in place (the header must be one of them: peek first):
  // its element count and where the count * 4 or * 8 little-endian bytes start. The checks and
  // errors of read_packed_int32_array; the caller converts the elements without a temporary.
  bool packed_int_elements(std::size_t& count, const std::uint8_t*& data);

  // Building blocks, shared with the Variant decoder. Payload readers follow a header().
  bool header(ValueHeader& out) {
    // The common case inline: no peeked header waiting and a type id both engines number alike
    // (0-5: Nil to Vector2) or any Godot 4 id.
    if (!has_pending_) {
      if (const std::uint8_t* p = reader_.peek(4)) {
        const std::uint32_t word = wire::load_u32(p);
        const std::uint32_t id = word & wire::kTypeMask;
        if (id <= kLastSharedTypeId || (options_.version == Version::godot4 && id < kVariantTypeCount)) {
          out.offset = reader_.offset();
          out.word = word;
          out.type = static_cast<VariantType>(id);
          reader_.skip(4);
          return true;
        }
      }
    }
    return any_header(out);
  }
  bool string_payload(std::string& out, const char* what);
  bool real_components(const ValueHeader& h, double* out, std::size_t count);
  bool int32_components(std::int32_t* out, std::size_t count);
  bool float32_components(float* out, std::size_t count);
  // A vector/quaternion header of `type` and its components as schema floats (float64 narrowed).
  bool schema_float_components(VariantType type, float* out, std::size_t count) {
    const bool same_id = options_.version == Version::godot4 || type <= kLastSharedType;
    if (const std::uint8_t* p = same_id ? exact_value(static_cast<std::uint32_t>(type), 4 * count) : nullptr) {
      for (std::size_t i = 0; i < count; ++i) out[i] = wire::load_f32(p + 4 * i);
      return true;
    }
    return schema_float_components_any(type, out, count);
  }
  bool u64_payload(std::uint64_t& out, const char* what);
  bool u32_payload(std::uint32_t& out, const char* what);
  // A count checked against the bytes left: count * min_element_size <= remaining.
  bool element_count(std::uint32_t raw, std::size_t min_element_size, const char* what, std::size_t& count);
  bool container_type(std::uint32_t kind, ContainerType& out);

  // Depth bookkeeping: descend() fails once the depth passes options.max_depth.
  bool descend();
  void ascend() noexcept { --depth_; }
  int depth() const noexcept { return depth_; }

  bool wrong_type(const ValueHeader& h, const char* expected);

 private:
  // read_variant's parts. Kept out of line so that the recursive path (a container inside a
  // container, 1024 levels deep) uses small stack frames.
  PAKT_NOINLINE bool read_leaf(const ValueHeader& h, Variant& out);
  PAKT_NOINLINE bool read_object(const ValueHeader& h, Variant& out);
  PAKT_NOINLINE bool read_dictionary(const ValueHeader& h, Variant& out);
  PAKT_NOINLINE bool read_array(const ValueHeader& h, Variant& out);

  template <class T>
  bool read_int_list(std::vector<T>& out, const char* what);
  template <class T>
  bool read_real_list(std::vector<T>& out, const char* what);
  // The packed vector/color type itself, straight into `out`; done = false when the value is
  // another type (the caller then reads it as a Variant).
  template <class SchemaT>
  bool read_packed_components(VariantType type, std::vector<SchemaT>& out, bool& done);

  // The value just ahead when its header word is exactly `word` (a type id, no flags) and its
  // `size`-byte payload is there: both consumed, the payload returned. Otherwise nullptr and nothing
  // consumed: the general path reads the value, errors included.
  const std::uint8_t* exact_value(std::uint32_t word, std::size_t size) noexcept {
    if (has_pending_) return nullptr;
    const std::uint8_t* p = reader_.peek(4 + size);
    if (p == nullptr || wire::load_u32(p) != word) return nullptr;
    reader_.skip(4 + size);
    return p + 4;
  }
  // An untyped Godot 4 Array/Dictionary header whose count of elements of at least
  // min_element_size bytes fits in what remains: consumed, true. Otherwise false and nothing
  // consumed (the general path then reads it, errors included).
  bool untyped_container(VariantType type, std::size_t min_element_size, std::size_t& count) noexcept {
    if (has_pending_ || options_.version != Version::godot4) return false;
    const std::uint8_t* p = reader_.peek(8);
    if (p == nullptr || wire::load_u32(p) != static_cast<std::uint32_t>(type)) return false;
    const std::uint32_t raw = wire::load_u32(p + 4) & ~wire::kSharedBit;
    if (raw > (reader_.remaining() - 8) / min_element_size) return false;
    reader_.skip(8);
    count = raw;
    return true;
  }
  bool read_array_header_any(std::size_t& count);
  bool read_dictionary_header_any(std::size_t& count);
  template <class SchemaVector>
  bool schema_vector(VariantType type, SchemaVector& out) {
    constexpr std::size_t kCount = sizeof(SchemaVector) / sizeof(float);
    float c[kCount];
    if (!schema_float_components(type, c, kCount)) return false;
    std::memcpy(&out, c, sizeof c);
    return true;
  }
  bool read_bool_any(bool& out);
  bool read_int_any(std::int64_t& out);
  bool read_float_any(double& out);
  bool schema_float_components_any(VariantType type, float* out, std::size_t count);

  Reader& reader_;
  DecodeOptions options_;
  int depth_ = 0;
  static constexpr std::uint32_t kLastSharedTypeId = 5;  // Vector2: Godot 3 and 4 agree on 0-5
  static constexpr VariantType kLastSharedType = VariantType::vector2;
  static constexpr std::uint32_t kBoolWord = static_cast<std::uint32_t>(VariantType::boolean);  // ids 1-3: both engines
  static constexpr std::uint32_t kIntWord = static_cast<std::uint32_t>(VariantType::integer);
  static constexpr std::uint32_t kFloatWord = static_cast<std::uint32_t>(VariantType::real);
  bool any_header(ValueHeader& out);  // header() for every case, errors included

  bool has_pending_ = false;
  ValueHeader pending_;
};

}  // namespace pakt::godot
