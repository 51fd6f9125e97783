// Schema field types <-> Godot Variants, for generated messages (the pakt::godot4/godot3 tags).
//
//   schema type                         Variant
//   bool                                BOOL
//   intN, uintN, enums                  INT (uint64 above INT64_MAX cannot be written)
//   float32, float64                    FLOAT
//   string / bytes                      String / PackedByteArray
//   Vector2/3, Quaternion, Color,
//   Vector2i/3i                         their Variant types
//   optional T, absent                  NIL
//   message                             Dictionary by field name (or Array, `godot: array`)
//   T[] and T[N] of int8..int32,
//     uint8, uint16                     PackedInt32Array
//   ... of int64, uint32, uint64        PackedInt64Array
//   ... of float32 / float64            PackedFloat32Array / PackedFloat64Array
//   ... of string                       PackedStringArray
//   ... of Vector2 / Vector3 / Color    PackedVector2Array / PackedVector3Array / PackedColorArray
//   anything else                       Array
//
// Decoding accepts what a Godot game may really send: ints and floats in 4 or 8 bytes, an INT
// where a FLOAT is expected, a plain Array where a Packed array is expected (ValueReader).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "pakt/binary_codec.hpp"
#include "pakt/config.hpp"
#include "pakt/godot/value_reader.hpp"
#include "pakt/godot/value_writer.hpp"
#include "pakt/godot/format.hpp"
#include "pakt/serialize.hpp"
#include "pakt/type_traits.hpp"

namespace pakt::godot::mapping {

// The schema's math types (pakt/math_types.hpp), not the Variant codec's own of pakt::godot.
using ::pakt::Color;
using ::pakt::Quaternion;
using ::pakt::Vector2;
using ::pakt::Vector2i;
using ::pakt::Vector3;
using ::pakt::Vector3i;

// Which Packed array a list of E becomes (none: a plain Array of E's Variants).
enum class Packing { none, int32, int64, float32, float64, string, vector2, vector3, color };

template <class E>
constexpr Packing packing_of() {
  if constexpr (std::is_enum_v<E>) {
    return packing_of<std::underlying_type_t<E>>();
  } else if constexpr (std::is_same_v<E, bool>) {
    return Packing::none;
  } else if constexpr (std::is_integral_v<E>) {
    return (std::is_signed_v<E> ? sizeof(E) <= 4 : sizeof(E) <= 2) ? Packing::int32 : Packing::int64;
  } else if constexpr (std::is_same_v<E, float>) {
    return Packing::float32;
  } else if constexpr (std::is_same_v<E, double>) {
    return Packing::float64;
  } else if constexpr (std::is_same_v<E, std::string>) {
    return Packing::string;
  } else if constexpr (std::is_same_v<E, Vector2>) {
    return Packing::vector2;
  } else if constexpr (std::is_same_v<E, Vector3>) {
    return Packing::vector3;
  } else if constexpr (std::is_same_v<E, Color>) {
    return Packing::color;
  } else {
    return Packing::none;
  }
}

// The integer type of E: an enum's underlying type, else E.
template <class E, bool = std::is_enum_v<E>>
struct integer_of {
  using type = E;
};
template <class E>
struct integer_of<E, true> {
  using type = std::underlying_type_t<E>;
};

// ------------------------------------------------------------------------------------ write
template <class T>
bool write_value(godot::ValueWriter& w, const T& v);

// A list (vector or fixed array) of E. `as_int_list` forces uint8 elements to PackedInt32Array
// (a `uint8[]` field) instead of PackedByteArray (a `bytes` field).
// A list as a plain Array of E's Variants.
template <class E, class List>
bool write_array(godot::ValueWriter& w, const List& list) {
  if (!w.array_header(list.size())) return false;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!write_value(w, static_cast<const E&>(list[i]))) return w.in_index(i);
  }
  return true;
}

template <class E, class List>
bool write_list(godot::ValueWriter& w, const List& list) {
  const std::size_t n = list.size();
  constexpr Packing packing = packing_of<E>();
  if constexpr (packing == Packing::int64 || packing == Packing::float64) {
    // Godot 3 has no 64-bit packed arrays (PoolIntArray and PoolRealArray are 32-bit).
    if (w.options().version == godot::Version::godot3) return write_array<E>(w, list);
  }
  if constexpr (packing == Packing::int32 || packing == Packing::int64) {
    using Wide = std::conditional_t<packing == Packing::int32, std::int32_t, std::int64_t>;
    // uint64 and enums of uint64: checked before anything is written.
    if constexpr (std::is_same_v<typename integer_of<E>::type, std::uint64_t>) {
      for (std::size_t i = 0; i < n; ++i) {
        if (static_cast<std::uint64_t>(list[i]) > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
          // fail_at records the error and returns false; in_index adds [i] to its path.
          return w.fail_at(w.offset(), ErrorCode::kUnsupported, "uint64 value above INT64_MAX has no Godot int") ||
                 w.in_index(i);
        }
      }
    }
    const auto wide = [](const E& e) {
      if constexpr (std::is_enum_v<E>) {
        return static_cast<Wide>(static_cast<std::underlying_type_t<E>>(e));
      } else {
        return static_cast<Wide>(e);
      }
    };
    if constexpr (packing == Packing::int32) {
      if (!w.packed_int32_array_header(n)) return false;
      for (std::size_t i = 0; i < n; ++i) w.packed_int32_element(wide(list[i]));
    } else {
      if (!w.packed_int64_array_header(n)) return false;
      for (std::size_t i = 0; i < n; ++i) w.packed_int64_element(wide(list[i]));
    }
    return true;
  } else if constexpr (packing == Packing::float32) {
    return w.packed_float32_array(list.data(), n);
  } else if constexpr (packing == Packing::float64) {
    return w.packed_float64_array(list.data(), n);
  } else if constexpr (packing == Packing::string) {
    return w.packed_string_array(list.data(), n);
  } else if constexpr (packing == Packing::vector2) {
    return w.packed_vector2_array(list.data(), n);
  } else if constexpr (packing == Packing::vector3) {
    return w.packed_vector3_array(list.data(), n);
  } else if constexpr (packing == Packing::color) {
    return w.packed_color_array(list.data(), n);
  } else {
    return write_array<E>(w, list);
  }
}

template <class T>
bool write_value(godot::ValueWriter& w, const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return w.boolean(v);
  } else if constexpr (std::is_enum_v<T>) {
    return write_value(w, static_cast<std::underlying_type_t<T>>(v));  // a uint64 enum: checked as a uint64
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return w.fail_at(w.offset(), ErrorCode::kUnsupported,
                       "uint64 value " + std::to_string(v) + " is above INT64_MAX and has no Godot int");
    }
    return w.integer(static_cast<std::int64_t>(v));
  } else if constexpr (std::is_integral_v<T>) {
    return w.integer(static_cast<std::int64_t>(v));
  } else if constexpr (std::is_same_v<T, float>) {
    return w.real32(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    return w.real(static_cast<double>(v));
  } else if constexpr (std::is_same_v<T, std::string>) {
    return w.string(v);
  } else if constexpr (std::is_same_v<T, std::vector<std::uint8_t>>) {
    return w.packed_byte_array(v.data(), v.size());
  } else if constexpr (std::is_same_v<T, Vector2>) {
    return w.vector2(v);
  } else if constexpr (std::is_same_v<T, Vector3>) {
    return w.vector3(v);
  } else if constexpr (std::is_same_v<T, Quaternion>) {
    return w.quaternion(v);
  } else if constexpr (std::is_same_v<T, Color>) {
    return w.color(v);
  } else if constexpr (std::is_same_v<T, Vector2i>) {
    return w.vector2i(v);
  } else if constexpr (std::is_same_v<T, Vector3i>) {
    return w.vector3i(v);
  } else if constexpr (is_optional_v<T>) {
    return v.has_value() ? write_value(w, *v) : w.nil();
  } else if constexpr (is_vector_v<T> || is_std_array_v<T>) {
    return write_list<typename T::value_type>(w, v);
  } else if constexpr (is_message_v<T>) {
    return WriteGodotMessage(w, v);
  } else {
    static_assert(always_false_v<T>, "pakt: this type has no Godot mapping");
    return false;
  }
}

// A `uint8[]` field: a PackedInt32Array, unlike `bytes`.
template <class List>
bool write_uint8_list(godot::ValueWriter& w, const List& list) {
  return write_list<std::uint16_t>(w, list);
}

// ------------------------------------------------------------------------------------- read
template <class T>
[[nodiscard]] bool read_value(godot::ValueReader& r, T& v, const Limits& limits = {});

template <class T>
[[nodiscard]] bool narrow_int(godot::ValueReader& r, std::int64_t wide, T& out, std::size_t at) {
  using L = std::numeric_limits<T>;
  const bool fits = std::is_signed_v<T> ? (wide >= static_cast<std::int64_t>(L::min()) &&
                                           wide <= static_cast<std::int64_t>(L::max()))
                                        : (wide >= 0 && static_cast<std::uint64_t>(wide) <= static_cast<std::uint64_t>(L::max()));
  if (!fits) {
    return r.reader().fail_at(at, ErrorCode::kInvalidValue,
                              "int " + std::to_string(wide) + " is out of range for this field");
  }
  out = static_cast<T>(wide);
  return true;
}

// The message rules' max_length / max_count (message_rules.hpp), at the offset where the value began.
[[nodiscard]] inline bool check_length(godot::ValueReader& r, std::size_t at, const LengthRule& rule, std::size_t n) {
  return CheckLength(r.reader(), at, rule, n);
}

template <class E>
[[nodiscard]] bool read_packed(godot::ValueReader& r, std::vector<E>& out) {
  if constexpr (std::is_same_v<E, float>) {
    return r.read_packed_float32_array(out);
  } else if constexpr (std::is_same_v<E, double>) {
    return r.read_packed_float64_array(out);
  } else if constexpr (std::is_same_v<E, std::string>) {
    return r.read_packed_string_array(out);
  } else if constexpr (std::is_same_v<E, Vector2>) {
    return r.read_packed_vector2_array(out);
  } else if constexpr (std::is_same_v<E, Vector3>) {
    return r.read_packed_vector3_array(out);
  } else {
    return r.read_packed_color_array(out);
  }
}

template <class E, class List>
[[nodiscard]] bool read_list(godot::ValueReader& r, List& list, const Limits& limits) {
  constexpr bool fixed = is_std_array_v<List>;
  constexpr Packing packing = packing_of<E>();
  const std::size_t at = r.reader().offset();
  auto sized = [&](std::size_t n) {
    if constexpr (fixed) {
      if (n != list.size()) {
        return r.reader().fail_at(at, ErrorCode::kInvalidValue, "expected " + std::to_string(list.size()) +
                                                                    " elements, got " + std::to_string(n));
      }
      return true;
    } else {
      if (!check_length(r, at, ListLengthRule(limits, false), n)) return false;
      list.resize(n);
      return true;
    }
  };
  auto take = [&](auto& packed) {
    if (!sized(packed.size())) return false;
    for (std::size_t i = 0; i < packed.size(); ++i) {
      if constexpr (packing == Packing::int32 || packing == Packing::int64) {
        if constexpr (std::is_enum_v<E>) {
          std::underlying_type_t<E> u{};
          if (!narrow_int(r, static_cast<std::int64_t>(packed[i]), u, at)) return r.reader().in_index(i);
          list[i] = static_cast<E>(u);
        } else {
          E e{};
          if (!narrow_int(r, static_cast<std::int64_t>(packed[i]), e, at)) return r.reader().in_index(i);
          list[i] = e;
        }
      } else {
        list[i] = packed[i];
      }
    }
    return true;
  };
  if constexpr (!fixed && (std::is_same_v<E, std::int32_t> || std::is_same_v<E, std::int64_t>)) {
    // The packed element type itself: straight into the list.
    bool read = false;
    if constexpr (std::is_same_v<E, std::int32_t>) {
      read = r.read_packed_int32_array(list);
    } else {
      read = r.read_packed_int64_array(list);
    }
    return read && check_length(r, at, ListLengthRule(limits, false), list.size());
  } else if constexpr (packing == Packing::int32 || packing == Packing::int64) {
    // The Packed array a Godot peer writes for this list: each element narrowed straight into the
    // list. Anything else a game may send (a plain Array, the other Packed width, bytes) goes
    // through the general reader and a temporary.
    constexpr godot::VariantType kOwnType = packing == Packing::int32 ? godot::VariantType::packed_int32_array
                                                                      : godot::VariantType::packed_int64_array;
    godot::ValueHeader h;
    if (!r.peek(h)) return false;
    if (h.type == kOwnType) {
      std::size_t n = 0;
      const std::uint8_t* p = nullptr;
      if (!r.packed_int_elements(n, p) || !sized(n)) return false;
      for (std::size_t i = 0; i < n; ++i) {
        // Godot's bytes are little-endian, as compact's: its loads read them.
        const std::int64_t wide = packing == Packing::int32 ? detail::load<compact_t, std::int32_t>(p + 4 * i)
                                                            : detail::load<compact_t, std::int64_t>(p + 8 * i);
        if constexpr (std::is_enum_v<E>) {
          std::underlying_type_t<E> u{};
          if (!narrow_int(r, wide, u, at)) return r.reader().in_index(i);
          list[i] = static_cast<E>(u);
        } else {
          E e{};
          if (!narrow_int(r, wide, e, at)) return r.reader().in_index(i);
          list[i] = e;
        }
      }
      return true;
    }
    if constexpr (packing == Packing::int32) {
      std::vector<std::int32_t> packed;
      return r.read_packed_int32_array(packed) && take(packed);
    } else {
      std::vector<std::int64_t> packed;
      return r.read_packed_int64_array(packed) && take(packed);
    }
  } else if constexpr (packing == Packing::float32 || packing == Packing::float64 || packing == Packing::vector2 ||
                       packing == Packing::vector3 || packing == Packing::color || packing == Packing::string) {
    // Each string within max_length, in a list and in a fixed array alike (elements before the count).
    const auto strings_within_limit = [&](const auto& items) {
      if constexpr (packing == Packing::string) {
        const LengthRule element_rule = StringLengthRule(ElementLimits(limits));
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (!check_length(r, at, element_rule, items[i].size())) return r.reader().in_index(i);
        }
      }
      return true;
    };
    if constexpr (fixed) {
      std::vector<E> packed;
      if (!read_packed(r, packed) || !strings_within_limit(packed)) return false;
      return take(packed);
    } else {
      if (!read_packed(r, list)) return false;
      if (!check_length(r, at, ListLengthRule(limits, false), list.size())) return false;
      return strings_within_limit(list);
    }
  } else {
    std::size_t n = 0;
    if (!r.read_array_header(n) || !sized(n)) return false;
    const Limits element_limits = ElementLimits(limits);
    for (std::size_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<E, bool>) {
        bool b = false;
        if (!r.read_bool(b)) return r.reader().in_index(i);
        list[i] = b;
      } else {
        if (!read_value(r, list[i], element_limits)) return r.reader().in_index(i);
      }
    }
    return true;
  }
}

template <class T>
[[nodiscard]] bool read_value(godot::ValueReader& r, T& v, const Limits& limits) {
  const std::size_t at = r.reader().offset();
  if constexpr (std::is_same_v<T, bool>) {
    return r.read_bool(v);
  } else if constexpr (std::is_enum_v<T>) {
    std::int64_t wide = 0;
    std::underlying_type_t<T> u{};
    if (!r.read_int(wide) || !narrow_int(r, wide, u, at)) return false;
    v = static_cast<T>(u);
    return true;
  } else if constexpr (std::is_integral_v<T>) {
    std::int64_t wide = 0;
    return r.read_int(wide) && narrow_int(r, wide, v, at);
  } else if constexpr (std::is_floating_point_v<T>) {
    double d = 0;
    if (!r.read_float(d)) return false;
    v = static_cast<T>(d);
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!r.read_string(v)) return false;
    return check_length(r, at, StringLengthRule(limits), v.size());
  } else if constexpr (std::is_same_v<T, std::vector<std::uint8_t>>) {
    if (!r.read_packed_byte_array(v)) return false;
    return check_length(r, at, ListLengthRule(limits, true), v.size());
  } else if constexpr (std::is_same_v<T, Vector2>) {
    return r.read_vector2(v);
  } else if constexpr (std::is_same_v<T, Vector3>) {
    return r.read_vector3(v);
  } else if constexpr (std::is_same_v<T, Quaternion>) {
    return r.read_quaternion(v);
  } else if constexpr (std::is_same_v<T, Color>) {
    return r.read_color(v);
  } else if constexpr (std::is_same_v<T, Vector2i>) {
    return r.read_vector2i(v);
  } else if constexpr (std::is_same_v<T, Vector3i>) {
    return r.read_vector3i(v);
  } else if constexpr (is_optional_v<T>) {
    godot::ValueHeader h;
    if (!r.peek(h)) return false;
    if (h.type == godot::VariantType::nil) {
      v.reset();
      return r.skip_value();
    }
    if (!v.has_value()) v.emplace();
    return read_value(r, *v, limits);
  } else if constexpr (is_vector_v<T> || is_std_array_v<T>) {
    return read_list<typename T::value_type>(r, v, limits);
  } else if constexpr (is_message_v<T>) {
    return ReadGodotMessage(r, v);
  } else {
    static_assert(always_false_v<T>, "pakt: this type has no Godot mapping");
    return false;
  }
}

// A `uint8[]` field: a PackedInt32Array (or a plain Array of ints), unlike `bytes`.
template <class List>
[[nodiscard]] bool read_uint8_list(godot::ValueReader& r, List& list, const Limits& limits = {}) {
  return read_list<std::uint8_t>(r, list, limits);
}

// ------------------------------------------------------------- the rules of a message's Variant
// Generated ReadGodotMessage and the run-time codec (tools/pakt/dynamic/godot_codec.cpp) both call
// these (the binary rules are in message_rules.hpp).
//
// Dictionary form: a key that is not a String / StringName is skipped with its value (read_field_key
// sets is_name false), and so is a String key that names no field (skip_unknown_field). Array form:
// elements after the known fields, a newer sender's, are skipped (skip_extra_elements). In both
// forms a field the payload does not carry takes its default, unless the schema marks it required
// (absent_field).

// Reads a Dictionary key. A String or StringName key: is_name true and `key` holds it. Any other
// key: is_name false, and the key and its value have been skipped.
[[nodiscard]] inline bool read_field_key(godot::ValueReader& r, std::string& key, bool& is_name) {
  godot::ValueHeader h;
  if (!r.peek(h)) return false;
  is_name = h.type == godot::VariantType::string || h.type == godot::VariantType::string_name;
  if (is_name) return r.read_string(key);
  return r.skip_value() && r.skip_value();  // the key, then its value: not ours
}

// Generated decoders: which of a message's fields a Dictionary key names. `field` is the index in
// names[0..count) of the field, count for a String key that names no field (its value comes next:
// skip_unknown_field), or count + 1 for a key that is not a String / StringName (skipped with its
// value). A key whose bytes are exactly names[expected] is taken without decoding it (field names
// are ASCII identifiers, so the engine's text rules — BOM, NUL, UTF-8 — cannot change them);
// senders that write keys in schema order hit this on every key. Other keys are decoded into
// `scratch` with read_string's checks and compared with every name.
[[nodiscard]] inline bool read_field_key(godot::ValueReader& r, const std::string_view* names, std::size_t count,
                                         std::size_t expected, std::string& scratch, std::size_t& field) {
  godot::ValueHeader h;
  if (!r.peek(h)) return false;
  if (h.type != godot::VariantType::string && h.type != godot::VariantType::string_name) {
    field = count + 1;
    return r.skip_value() && r.skip_value();  // the key, then its value: not ours
  }
  if (!r.header(h)) return false;  // takes the peeked header
  if (expected < count) {
    const std::string_view name = names[expected];
    const std::size_t length = name.size();
    const std::size_t size = 4 + length + (4 - length % 4) % 4;  // length, text, padding to 4
    const std::uint8_t* p = r.reader().peek(size);
    if (p != nullptr && detail::load<compact_t, std::uint32_t>(p) == length &&  // little-endian, as compact
        std::memcmp(p + 4, name.data(), length) == 0) {
      r.reader().skip(size);
      field = expected;
      return true;
    }
  }
  if (!r.string_payload(scratch, "String")) return false;
  field = count;
  for (std::size_t i = 0; i < count; ++i) {
    if (scratch == names[i]) {
      field = i;
      break;
    }
  }
  return true;
}

// The value of a String key that names no field of the message (a newer sender's field): ignored.
[[nodiscard]] inline bool skip_unknown_field(godot::ValueReader& r) { return r.skip_value(); }

// Array elements [known, count): a newer sender's extra fields, ignored.
[[nodiscard]] inline bool skip_extra_elements(godot::ValueReader& r, std::size_t known, std::size_t count) {
  for (std::size_t i = known; i < count; ++i) {
    if (!r.skip_value()) return r.reader().in_index(i);
  }
  return true;
}

[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool missing_required(godot::ValueReader& r, const char* field) {
  return r.reader().fail(ErrorCode::kInvalidValue, std::string("required field '") + field + "' is missing");
}

// A field the payload does not carry: an error for a required field; otherwise true, and the caller
// gives the field its default.
[[nodiscard]] inline bool absent_field(godot::ValueReader& r, const char* field, bool required) {
  return !required || missing_required(r, field);
}

// ---------------------------------------------------------------------- whole-message entry
template <class M>
Status SerializeGodotInto(const M& m, std::vector<std::uint8_t>& out, godot_t f) {
  Checker checker;
  if (!CheckMessage(checker, m)) {
    checker.in_field(MessageTraits<M>::kName);
    return checker.status();
  }
  godot::EncodeOptions options;
  options.version = f.version;
  options.double_precision = f.double_precision;
  godot::ValueWriter w(out, options, /*start=*/0);  // over out's old bytes: no clear and refill
  if (!WriteGodotMessage(w, m)) {
    w.in_field(MessageTraits<M>::kName);
    return w.status();
  }
  return Status::Ok();
}

template <class M>
std::size_t SerializedGodotSize(const M& m, godot_t f) {
  std::vector<std::uint8_t> out;
  return SerializeGodotInto(m, out, f) ? out.size() : 0;
}

// A whole payload; bytes after the message are an error (a message payload is one Variant).
template <class M>
[[nodiscard]] Status DeserializeGodot(ByteView bytes, M& out, godot_t f) {
  Reader reader(bytes);
  godot::DecodeOptions options;
  options.version = f.version;
  godot::ValueReader r(reader, options);
  if (!ReadGodotMessage(r, out)) {
    reader.in_field(MessageTraits<M>::kName);
    return reader.status();
  }
  if (!reader.at_end()) {
    return Status::Error(ErrorCode::kTrailingData, reader.offset(), MessageTraits<M>::kName,
                         std::to_string(reader.remaining()) + " unexpected bytes after the message");
  }
  return Status::Ok();
}

}  // namespace pakt::godot::mapping
