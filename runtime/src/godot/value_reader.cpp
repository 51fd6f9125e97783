// ValueReader: the engine's decode_variant rules for single values (reference §3, §4), with every
// length and count checked against the bytes that remain before anything is allocated.
#include "pakt/godot/value_reader.hpp"

#include <cstring>
#include <limits>
#include <type_traits>

#include "engine_utf8.hpp"
#include "pakt/byte_copy.hpp"
#include "pakt/config.hpp"
#include "wire_bytes.hpp"

namespace pakt::godot {
namespace {

constexpr std::uint8_t kUtf8Bom[3] = {0xEF, 0xBB, 0xBF};

// The offset of the first NUL among the n bytes at p, or n: 8 bytes at a time (a word has a zero
// byte when (w - 0x01..01) & ~w & 0x80..80 is not 0), then byte by byte from that word on.
std::size_t nul_offset(const std::uint8_t* p, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (((w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull) != 0) break;
  }
  while (i < n && p[i] != 0) ++i;
  return i;
}

std::string type_list_size(Version version) {
  return version == Version::godot4 ? "Godot 4 has 39 types" : "Godot 3 has 27 types";
}

}  // namespace

bool ValueReader::any_header(ValueHeader& out) {
  if (has_pending_) {
    has_pending_ = false;
    out = pending_;
    return true;
  }
  out.offset = reader_.offset();
  const std::uint8_t* p = reader_.take(4, "Variant header");
  if (p == nullptr) return false;
  out.word = wire::load_u32(p);
  const std::uint32_t id = out.word & wire::kTypeMask;
  const auto type = type_from_wire_id(id, options_.version);
  if (!type) {
    return reader_.fail_at(out.offset, ErrorCode::kInvalidType,
                           "type id " + std::to_string(id) + " is out of range (" + type_list_size(options_.version) + ")");
  }
  out.type = *type;
  return true;
}

bool ValueReader::peek(ValueHeader& out) {
  if (!header(out)) return false;
  pending_ = out;
  has_pending_ = true;
  return true;
}

bool ValueReader::string_payload(std::string& out, const char* what) {
  const std::size_t start = reader_.offset();
  std::uint32_t raw;
  if (!u32_payload(raw, what)) return false;
  const auto length = static_cast<std::int32_t>(raw);
  if (length < 0) {
    return reader_.fail_at(start, ErrorCode::kLengthOverflow,
                           std::string(what) + " length " + std::to_string(length) + " is negative");
  }
  const auto n = static_cast<std::size_t>(length);
  const std::size_t padded = n + wire::padding_to_4(n);
  if (n > reader_.remaining()) {
    return reader_.fail_at(start, ErrorCode::kLengthOverflow,
                           std::string(what) + " length " + std::to_string(n) + " exceeds the " +
                               std::to_string(reader_.remaining()) + " bytes that remain");
  }
  if (padded > reader_.remaining()) {
    return reader_.fail_at(start, ErrorCode::kLengthOverflow,
                           std::string(what) + " padding missing: " + std::to_string(n) + " bytes + " +
                               std::to_string(padded - n) + " padding, " + std::to_string(reader_.remaining()) +
                               " bytes remain");
  }
  const std::size_t text_offset = reader_.offset();
  const std::uint8_t* text = reader_.take(padded, what);
  if (ascii_without_nul(text, n)) {
    pakt::detail::assign_bytes(out, text, n);
    return true;
  }
  // String::parse_utf8: a leading BOM is skipped and the text ends at the first NUL.
  std::size_t begin = 0;
  if (n >= 3 && text[0] == kUtf8Bom[0] && text[1] == kUtf8Bom[1] && text[2] == kUtf8Bom[2]) begin = 3;
  const std::size_t end = begin + nul_offset(text + begin, n - begin);
  const std::size_t bad = engine_utf8_first_invalid(text + begin, end - begin, options_.version);
  if (bad != end - begin) {
    return reader_.fail_at(text_offset + begin + bad, ErrorCode::kInvalidValue, std::string(what) + " is not valid UTF-8");
  }
  pakt::detail::assign_bytes(out, text + begin, end - begin);
  return true;
}

bool ValueReader::real_components(const ValueHeader& h, double* out, std::size_t count) {
  // Godot 4 reads the width the header says (double-precision builds set FLAG_64); Godot 3
  // ignores the flag on math types and always reads float32.
  const bool wide = options_.version == Version::godot4 && (h.word & wire::kFlag64) != 0;
  const std::uint8_t* p = reader_.take(count * (wide ? 8 : 4), type_name(h.type));
  if (p == nullptr) return false;
  for (std::size_t i = 0; i < count; ++i) {
    out[i] = wide ? wire::load_f64(p + 8 * i) : static_cast<double>(wire::load_f32(p + 4 * i));
  }
  return true;
}

bool ValueReader::int32_components(std::int32_t* out, std::size_t count) {
  const std::uint8_t* p = reader_.take(count * 4, "integer components");
  if (p == nullptr) return false;
  for (std::size_t i = 0; i < count; ++i) out[i] = wire::load_i32(p + 4 * i);
  return true;
}

bool ValueReader::float32_components(float* out, std::size_t count) {
  const std::uint8_t* p = reader_.take(count * 4, "float32 components");
  if (p == nullptr) return false;
  for (std::size_t i = 0; i < count; ++i) out[i] = wire::load_f32(p + 4 * i);
  return true;
}

bool ValueReader::u64_payload(std::uint64_t& out, const char* what) {
  const std::uint8_t* p = reader_.take(8, what);
  if (p == nullptr) return false;
  out = wire::load_u64(p);
  return true;
}

bool ValueReader::u32_payload(std::uint32_t& out, const char* what) {
  const std::uint8_t* p = reader_.take(4, what);
  if (p == nullptr) return false;
  out = wire::load_u32(p);
  return true;
}

bool ValueReader::element_count(std::uint32_t raw, std::size_t min_element_size, const char* what, std::size_t& count) {
  const std::size_t at = reader_.offset() - 4;
  const auto signed_count = static_cast<std::int32_t>(raw);
  if (signed_count < 0) {
    return reader_.fail_at(at, ErrorCode::kLengthOverflow,
                           std::string(what) + " count " + std::to_string(signed_count) + " is negative");
  }
  count = static_cast<std::size_t>(signed_count);
  if (count > reader_.remaining() / min_element_size) {
    return reader_.fail_at(at, ErrorCode::kLengthOverflow,
                           std::string(what) + " count " +
                               ::pakt::detail::needs_at_least_text(count, min_element_size, reader_.remaining()));
  }
  return true;
}

bool ValueReader::container_type(std::uint32_t kind, ContainerType& out) {
  out = ContainerType{};
  switch (kind) {
    case 0: return true;
    case 1: {
      std::uint32_t id;
      if (!u32_payload(id, "container builtin type")) return false;
      const auto type = type_from_wire_id(id, Version::godot4);
      if (!type) {
        return reader_.fail_at(reader_.offset() - 4, ErrorCode::kInvalidType,
                               "container builtin type id " + std::to_string(id) + " is out of range");
      }
      out.kind = ContainerKind::builtin;
      out.builtin = *type;
      return true;
    }
    case 2:
      out.kind = ContainerKind::class_name;
      out.builtin = VariantType::object;
      return string_payload(out.name, "container class name");
    default: {
      const std::size_t at = reader_.offset();
      out.kind = ContainerKind::script;
      out.builtin = VariantType::object;
      if (!string_payload(out.name, "container script path")) return false;
      // With objects allowed the engine loads the script, which must be a res:// path.
      if (options_.allow_objects && out.name.rfind("res://", 0) != 0) {
        return reader_.fail_at(at, ErrorCode::kInvalidValue, "container script path '" + out.name + "' is not res://");
      }
      return true;
    }
  }
}

bool ValueReader::descend() {
  if (depth_ >= options_.max_depth) {
    return reader_.fail(ErrorCode::kLimitExceeded,
                        "nesting deeper than max_depth " + std::to_string(options_.max_depth));
  }
  ++depth_;
  return true;
}

bool ValueReader::wrong_type(const ValueHeader& h, const char* expected) {
  return reader_.fail_at(h.offset, ErrorCode::kInvalidType,
                         std::string("expected ") + expected + ", got " + type_name(h.type));
}

bool ValueReader::skip_value() {
  Variant ignored;
  return read_variant(ignored);
}

bool ValueReader::read_bool_any(bool& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::boolean) return wrong_type(h, "bool");
  std::uint32_t v;
  if (!u32_payload(v, "bool")) return false;
  out = v != 0;
  return true;
}

bool ValueReader::read_int_any(std::int64_t& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::integer) return wrong_type(h, "int");
  if (h.word & wire::kFlag64) {
    std::uint64_t v;
    if (!u64_payload(v, "int")) return false;
    out = static_cast<std::int64_t>(v);
    return true;
  }
  std::int32_t v;
  if (!int32_components(&v, 1)) return false;
  out = v;
  return true;
}

bool ValueReader::read_float_any(double& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type == VariantType::integer) {
    has_pending_ = true;
    pending_ = h;
    std::int64_t v;
    if (!read_int(v)) return false;
    out = static_cast<double>(v);
    return true;
  }
  if (h.type != VariantType::real) return wrong_type(h, "float");
  if (h.word & wire::kFlag64) {
    const std::uint8_t* p = reader_.take(8, "float");
    if (p == nullptr) return false;
    out = wire::load_f64(p);
    return true;
  }
  float v;
  if (!float32_components(&v, 1)) return false;
  out = static_cast<double>(v);
  return true;
}

bool ValueReader::read_string(std::string& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::string && h.type != VariantType::string_name) return wrong_type(h, "String");
  return string_payload(out, "String");
}

bool ValueReader::read_vector2(Vector2& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::vector2) return wrong_type(h, "Vector2");
  double c[2];
  if (!real_components(h, c, 2)) return false;
  out = Vector2{c[0], c[1]};
  return true;
}

bool ValueReader::read_vector3(Vector3& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::vector3) return wrong_type(h, "Vector3");
  double c[3];
  if (!real_components(h, c, 3)) return false;
  out = Vector3{c[0], c[1], c[2]};
  return true;
}

bool ValueReader::read_quaternion(Quaternion& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::quaternion) return wrong_type(h, "Quaternion");
  double c[4];
  if (!real_components(h, c, 4)) return false;
  out = Quaternion{c[0], c[1], c[2], c[3]};
  return true;
}

bool ValueReader::read_color(Color& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::color) return wrong_type(h, "Color");
  float c[4];
  if (!float32_components(c, 4)) return false;
  out = Color{c[0], c[1], c[2], c[3]};
  return true;
}

bool ValueReader::read_vector2i(Vector2i& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::vector2i) return wrong_type(h, "Vector2i");
  return int32_components(&out.x, 1) && int32_components(&out.y, 1);
}

bool ValueReader::read_vector3i(Vector3i& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::vector3i) return wrong_type(h, "Vector3i");
  return int32_components(&out.x, 1) && int32_components(&out.y, 1) && int32_components(&out.z, 1);
}

bool ValueReader::schema_float_components_any(VariantType type, float* out, std::size_t count) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != type) return wrong_type(h, type_name(type));
  // As real_components: Godot 4 reads the width the header says, Godot 3 always float32.
  if (options_.version == Version::godot4 && (h.word & wire::kFlag64) != 0) {
    const std::uint8_t* p = reader_.take(count * 8, type_name(type));
    if (p == nullptr) return false;
    for (std::size_t i = 0; i < count; ++i) out[i] = wire::to_float32(wire::load_f64(p + 8 * i));
    return true;
  }
  return float32_components(out, count);
}

bool ValueReader::read_color(pakt::Color& out) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::color) return wrong_type(h, "Color");
  float c[4];
  if (!float32_components(c, 4)) return false;  // float32 on every build
  std::memcpy(&out, c, sizeof c);
  return true;
}

bool ValueReader::read_vector2i(pakt::Vector2i& out) {
  Vector2i v;
  if (!read_vector2i(v)) return false;
  out = pakt::Vector2i{v.x, v.y};
  return true;
}

bool ValueReader::read_vector3i(pakt::Vector3i& out) {
  Vector3i v;
  if (!read_vector3i(v)) return false;
  out = pakt::Vector3i{v.x, v.y, v.z};
  return true;
}

bool ValueReader::read_array_header_any(std::size_t& count) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::array) return wrong_type(h, "Array");
  if (options_.version == Version::godot4) {
    ContainerType ignored;
    if (!container_type((h.word >> wire::kArrayTypeShift) & wire::kContainerKindMask, ignored)) return false;
  }
  std::uint32_t raw;
  return u32_payload(raw, "Array count") && element_count(raw & ~wire::kSharedBit, 4, "Array", count);
}

bool ValueReader::read_dictionary_header_any(std::size_t& count) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::dictionary) return wrong_type(h, "Dictionary");
  if (options_.version == Version::godot4) {
    ContainerType ignored;
    if (!container_type((h.word >> wire::kDictionaryKeyTypeShift) & wire::kContainerKindMask, ignored) ||
        !container_type((h.word >> wire::kDictionaryValueTypeShift) & wire::kContainerKindMask, ignored)) {
      return false;
    }
  }
  std::uint32_t raw;
  return u32_payload(raw, "Dictionary count") && element_count(raw & ~wire::kSharedBit, 8, "Dictionary", count);
}

// Reads a whole Variant and converts it: the lenient paths (Array instead of Packed, int64
// elements into int32) are rare enough that going through the general decoder is fine.
bool ValueReader::packed_int_elements(std::size_t& count, const std::uint8_t*& data) {
  ValueHeader h;
  if (!header(h)) return false;
  if (h.type != VariantType::packed_int32_array && h.type != VariantType::packed_int64_array) {
    return wrong_type(h, "PackedInt32Array or PackedInt64Array");
  }
  const std::size_t size = h.type == VariantType::packed_int32_array ? 4 : 8;
  std::uint32_t raw;
  if (!u32_payload(raw, "packed array count") || !element_count(raw, size, type_name(h.type), count)) return false;
  data = reader_.take(count * size, type_name(h.type));
  return true;
}

template <class T>
bool ValueReader::read_int_list(std::vector<T>& out, const char* what) {
  const std::size_t at = reader_.offset();
  const auto in_range = [&](std::int64_t x) {
    if (x < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        x > static_cast<std::int64_t>(std::numeric_limits<T>::max())) {
      return reader_.fail_at(at, ErrorCode::kInvalidValue,
                             std::string(what) + " element " + std::to_string(x) + " is out of range");
    }
    return true;
  };
  // What a Godot peer writes for the field's own type, read straight into `out` (no Variant).
  ValueHeader h;
  if (!peek(h)) return false;
  if (h.type == VariantType::packed_byte_array) {
    header(h);
    std::uint32_t raw;
    std::size_t count;
    if (!u32_payload(raw, "PackedByteArray count") || !element_count(raw, 1, "PackedByteArray", count)) return false;
    const std::uint8_t* p = reader_.take(count, "PackedByteArray");
    out.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      if (!in_range(p[i])) return false;
      out[i] = static_cast<T>(p[i]);
    }
    // The engine does not require the padding after the last bytes; take what is there.
    const std::size_t padding = wire::padding_to_4(count);
    reader_.take(padding < reader_.remaining() ? padding : reader_.remaining(), "padding");
    return true;
  }
  if (h.type == VariantType::packed_int32_array || h.type == VariantType::packed_int64_array) {
    const std::size_t size = h.type == VariantType::packed_int32_array ? 4 : 8;
    std::size_t count;
    const std::uint8_t* p;
    if (!packed_int_elements(count, p)) return false;
    out.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      const std::int64_t x = size == 4 ? wire::load_i32(p + 4 * i) : wire::load_i64(p + 8 * i);
      if (!in_range(x)) return false;
      out[i] = static_cast<T>(x);
    }
    return true;
  }
  Variant v;
  if (!read_variant(v)) return false;
  out.clear();
  const auto append = [&](std::int64_t x) {
    if (!in_range(x)) return false;
    out.push_back(static_cast<T>(x));
    return true;
  };
  if (const auto* bytes = v.get_if<PackedByteArray>()) {
    for (std::uint8_t x : *bytes) {
      if (!append(x)) return false;
    }
  } else if (const auto* i32 = v.get_if<PackedInt32Array>()) {
    for (std::int32_t x : *i32) {
      if (!append(x)) return false;
    }
  } else if (const auto* i64 = v.get_if<PackedInt64Array>()) {
    for (std::int64_t x : *i64) {
      if (!append(x)) return false;
    }
  } else if (const auto* array = v.get_if<Array>()) {
    for (const Variant& e : array->elements) {
      const auto* x = e.get_if<std::int64_t>();
      if (x == nullptr) {
        return reader_.fail_at(at, ErrorCode::kInvalidType, std::string(what) + " element is " + type_name(e.type()));
      }
      if (!append(*x)) return false;
    }
  } else {
    return reader_.fail_at(at, ErrorCode::kInvalidType, std::string("expected ") + what + ", got " + type_name(v.type()));
  }
  return true;
}

template <class T>
bool ValueReader::read_real_list(std::vector<T>& out, const char* what) {
  const std::size_t at = reader_.offset();
  // What a Godot peer writes for the field's own type, read straight into `out` (no Variant).
  ValueHeader h;
  if (!peek(h)) return false;
  if (h.type == VariantType::packed_float32_array || h.type == VariantType::packed_float64_array) {
    header(h);
    const std::size_t size = h.type == VariantType::packed_float32_array ? 4 : 8;
    std::uint32_t raw;
    std::size_t count;
    if (!u32_payload(raw, "packed array count") || !element_count(raw, size, type_name(h.type), count)) return false;
    const std::uint8_t* p = reader_.take(count * size, type_name(h.type));
    out.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      const double x = size == 4 ? static_cast<double>(wire::load_f32(p + 4 * i)) : wire::load_f64(p + 8 * i);
      if constexpr (std::is_same_v<T, float>) {
        out[i] = wire::to_float32(x);
      } else {
        out[i] = x;
      }
    }
    return true;
  }
  Variant v;
  if (!read_variant(v)) return false;
  out.clear();
  const auto append = [&](double x) {
    if constexpr (std::is_same_v<T, float>) {
      out.push_back(wire::to_float32(x));
    } else {
      out.push_back(x);
    }
  };
  if (const auto* f32 = v.get_if<PackedFloat32Array>()) {
    for (float x : *f32) append(static_cast<double>(x));
  } else if (const auto* f64 = v.get_if<PackedFloat64Array>()) {
    for (double x : *f64) append(x);
  } else if (const auto* array = v.get_if<Array>()) {
    for (const Variant& e : array->elements) {
      if (const auto* d = e.get_if<double>()) {
        append(*d);
      } else if (const auto* i = e.get_if<std::int64_t>()) {
        append(static_cast<double>(*i));
      } else {
        return reader_.fail_at(at, ErrorCode::kInvalidType, std::string(what) + " element is " + type_name(e.type()));
      }
    }
  } else {
    return reader_.fail_at(at, ErrorCode::kInvalidType, std::string("expected ") + what + ", got " + type_name(v.type()));
  }
  return true;
}

bool ValueReader::read_packed_byte_array(std::vector<std::uint8_t>& out) {
  return read_int_list(out, "PackedByteArray");
}
bool ValueReader::read_packed_int32_array(std::vector<std::int32_t>& out) {
  return read_int_list(out, "PackedInt32Array");
}
bool ValueReader::read_packed_int64_array(std::vector<std::int64_t>& out) {
  return read_int_list(out, "PackedInt64Array");
}
bool ValueReader::read_packed_float32_array(std::vector<float>& out) {
  return read_real_list(out, "PackedFloat32Array");
}
bool ValueReader::read_packed_float64_array(std::vector<double>& out) {
  return read_real_list(out, "PackedFloat64Array");
}

bool ValueReader::read_packed_string_array(std::vector<std::string>& out) {
  const std::size_t at = reader_.offset();
  Variant v;
  if (!read_variant(v)) return false;
  if (v.is<PackedStringArray>()) {
    out = std::move(v.as<PackedStringArray>());
    return true;
  }
  const auto* array = v.get_if<Array>();
  if (array == nullptr) {
    return reader_.fail_at(at, ErrorCode::kInvalidType, std::string("expected PackedStringArray, got ") + type_name(v.type()));
  }
  out.clear();
  for (const Variant& e : array->elements) {
    if (const auto* s = e.get_if<std::string>()) {
      out.push_back(*s);
    } else if (const auto* name = e.get_if<StringName>()) {
      out.push_back(name->name);
    } else {
      return reader_.fail_at(at, ErrorCode::kInvalidType, std::string("PackedStringArray element is ") + type_name(e.type()));
    }
  }
  return true;
}

namespace {

pakt::Vector2 narrow(const Vector2& v) { return {wire::to_float32(v.x), wire::to_float32(v.y)}; }
pakt::Vector3 narrow(const Vector3& v) { return {wire::to_float32(v.x), wire::to_float32(v.y), wire::to_float32(v.z)}; }
pakt::Color narrow(const Color& v) { return {v.r, v.g, v.b, v.a}; }

// Packed<GodotT> or an Array of GodotT, narrowed into the schema type.
template <class GodotT, class SchemaT>
bool convert_list(Reader& reader, std::size_t at, const Variant& v, const char* what, std::vector<SchemaT>& out) {
  out.clear();
  if (const auto* packed = v.get_if<std::vector<GodotT>>()) {
    out.reserve(packed->size());
    for (const GodotT& x : *packed) out.push_back(narrow(x));
    return true;
  }
  const auto* array = v.get_if<Array>();
  if (array == nullptr) {
    return reader.fail_at(at, ErrorCode::kInvalidType, std::string("expected ") + what + ", got " + type_name(v.type()));
  }
  for (const Variant& e : array->elements) {
    const auto* x = e.get_if<GodotT>();
    if (x == nullptr) {
      return reader.fail_at(at, ErrorCode::kInvalidType, std::string(what) + " element is " + type_name(e.type()));
    }
    out.push_back(narrow(*x));
  }
  return true;
}

}  // namespace

template <class SchemaT>
bool ValueReader::read_packed_components(VariantType type, std::vector<SchemaT>& out, bool& done) {
  // What a Godot peer writes for the field's own type, read straight into `out` (no Variant).
  ValueHeader h;
  done = false;
  if (!peek(h)) return false;
  if (h.type != type) return true;
  done = true;
  header(h);
  static_assert(std::is_trivially_copyable_v<SchemaT> && sizeof(SchemaT) % sizeof(float) == 0);
  constexpr std::size_t dims = sizeof(SchemaT) / sizeof(float);  // Vector2, Vector3, Color: floats only
  const bool wide = type != VariantType::packed_color_array && options_.version == Version::godot4 &&
                    (h.word & wire::kFlag64) != 0;
  std::uint32_t raw;
  std::size_t count;
  if (!u32_payload(raw, "packed array count") || !element_count(raw, dims * (wide ? 8 : 4), type_name(type), count)) {
    return false;
  }
  const std::uint8_t* p = reader_.take(count * dims * (wide ? 8 : 4), type_name(type));
  out.resize(count);
  if (!wide && !::pakt::detail::kHostBigEndian) {
    if (count != 0) std::memcpy(out.data(), p, count * sizeof(SchemaT));  // the wire's floats are the host's
    return true;
  }
  for (std::size_t i = 0; i < count; ++i) {
    float c[dims];
    for (std::size_t k = 0; k < dims; ++k) {
      const std::size_t at = i * dims + k;
      c[k] = wide ? wire::to_float32(wire::load_f64(p + 8 * at)) : wire::load_f32(p + 4 * at);
    }
    std::memcpy(&out[i], c, sizeof c);
  }
  return true;
}

bool ValueReader::read_packed_vector2_array(std::vector<pakt::Vector2>& out) {
  const std::size_t at = reader_.offset();
  bool done = false;
  if (!read_packed_components(VariantType::packed_vector2_array, out, done)) return false;
  if (done) return true;
  Variant v;
  return read_variant(v) && convert_list<Vector2>(reader_, at, v, "PackedVector2Array", out);
}

bool ValueReader::read_packed_vector3_array(std::vector<pakt::Vector3>& out) {
  const std::size_t at = reader_.offset();
  bool done = false;
  if (!read_packed_components(VariantType::packed_vector3_array, out, done)) return false;
  if (done) return true;
  Variant v;
  return read_variant(v) && convert_list<Vector3>(reader_, at, v, "PackedVector3Array", out);
}

bool ValueReader::read_packed_color_array(std::vector<pakt::Color>& out) {
  const std::size_t at = reader_.offset();
  bool done = false;
  if (!read_packed_components(VariantType::packed_color_array, out, done)) return false;
  if (done) return true;
  Variant v;
  return read_variant(v) && convert_list<Color>(reader_, at, v, "PackedColorArray", out);
}

}  // namespace pakt::godot
