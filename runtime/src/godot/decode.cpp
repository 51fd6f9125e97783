// The Variant decoder: the engine's decode_variant for whole values, on top of ValueReader's
// single-value building blocks (reference §3.2–§3.9 for Godot 4, §4 for Godot 3).
#include "pakt/godot/codec.hpp"
#include "pakt/godot/value_reader.hpp"
#include "wire_bytes.hpp"

namespace pakt::godot {

bool ValueReader::read_variant(Variant& out) {
  ValueHeader h;
  if (!header(h)) return false;
  switch (h.type) {
    case VariantType::object: return read_object(h, out);
    case VariantType::dictionary: return read_dictionary(h, out);
    case VariantType::array: return read_array(h, out);
    default: return read_leaf(h, out);
  }
}

bool ValueReader::read_leaf(const ValueHeader& h, Variant& out) {
  Variant::Value& value = out.value();
  double c[16];
  switch (h.type) {
    case VariantType::nil: value = Nil{}; return true;
    case VariantType::boolean: {
      std::uint32_t v;
      if (!u32_payload(v, "bool")) return false;
      value = v != 0;
      return true;
    }
    case VariantType::integer:
    case VariantType::real: {
      pending_ = h;
      has_pending_ = true;
      if (h.type == VariantType::integer) {
        std::int64_t v;
        if (!read_int(v)) return false;
        value = v;
      } else {
        double v;
        if (!read_float(v)) return false;
        value = v;
      }
      return true;
    }
    case VariantType::string:
    case VariantType::string_name: {
      std::string text;
      if (!string_payload(text, type_name(h.type))) return false;
      if (h.type == VariantType::string) {
        value = std::move(text);
      } else {
        value = StringName{std::move(text)};
      }
      return true;
    }
    case VariantType::vector2:
      if (!real_components(h, c, 2)) return false;
      value = Vector2{c[0], c[1]};
      return true;
    case VariantType::rect2:
      if (!real_components(h, c, 4)) return false;
      value = Rect2{{c[0], c[1]}, {c[2], c[3]}};
      return true;
    case VariantType::vector3:
      if (!real_components(h, c, 3)) return false;
      value = Vector3{c[0], c[1], c[2]};
      return true;
    case VariantType::transform2d:
      if (!real_components(h, c, 6)) return false;
      value = Transform2D{{c[0], c[1]}, {c[2], c[3]}, {c[4], c[5]}};
      return true;
    case VariantType::vector4:
      if (!real_components(h, c, 4)) return false;
      value = Vector4{c[0], c[1], c[2], c[3]};
      return true;
    case VariantType::plane:
      if (!real_components(h, c, 4)) return false;
      value = Plane{{c[0], c[1], c[2]}, c[3]};
      return true;
    case VariantType::quaternion:
      if (!real_components(h, c, 4)) return false;
      value = Quaternion{c[0], c[1], c[2], c[3]};
      return true;
    case VariantType::aabb:
      if (!real_components(h, c, 6)) return false;
      value = AABB{{c[0], c[1], c[2]}, {c[3], c[4], c[5]}};
      return true;
    case VariantType::basis:
    case VariantType::transform3d: {
      const bool with_origin = h.type == VariantType::transform3d;
      if (!real_components(h, c, with_origin ? 12 : 9)) return false;
      Basis basis;
      for (std::size_t i = 0; i < 9; ++i) basis.rows[i / 3][i % 3] = c[i];
      if (with_origin) {
        value = Transform3D{basis, {c[9], c[10], c[11]}};
      } else {
        value = basis;
      }
      return true;
    }
    case VariantType::projection: {
      if (!real_components(h, c, 16)) return false;
      Projection p;
      for (std::size_t i = 0; i < 16; ++i) p.columns[i / 4][i % 4] = c[i];
      value = p;
      return true;
    }
    case VariantType::vector2i: {
      Vector2i v;
      if (!int32_components(&v.x, 1) || !int32_components(&v.y, 1)) return false;
      value = v;
      return true;
    }
    case VariantType::rect2i: {
      std::int32_t i[4];
      if (!int32_components(i, 4)) return false;
      value = Rect2i{{i[0], i[1]}, {i[2], i[3]}};
      return true;
    }
    case VariantType::vector3i: {
      std::int32_t i[3];
      if (!int32_components(i, 3)) return false;
      value = Vector3i{i[0], i[1], i[2]};
      return true;
    }
    case VariantType::vector4i: {
      std::int32_t i[4];
      if (!int32_components(i, 4)) return false;
      value = Vector4i{i[0], i[1], i[2], i[3]};
      return true;
    }
    case VariantType::color: {
      float f[4];
      if (!float32_components(f, 4)) return false;
      value = Color{f[0], f[1], f[2], f[3]};
      return true;
    }
    case VariantType::node_path: {
      const std::size_t at = reader_.offset();
      std::uint32_t name_word, subname_count, flags;
      if (!u32_payload(name_word, "NodePath name count")) return false;
      if ((name_word & wire::kNodePathNewFormat) == 0) {
        return reader_.fail_at(at, ErrorCode::kInvalidValue, "NodePath in the old format (a plain string) is not accepted");
      }
      if (!u32_payload(subname_count, "NodePath subname count") || !u32_payload(flags, "NodePath flags")) return false;
      if (flags & 2) ++subname_count;  // obsolete format with the property apart from the subpath
      const std::uint64_t names = name_word & ~wire::kNodePathNewFormat;
      const std::uint64_t total = names + subname_count;
      if (total > reader_.remaining() / 4) {
        return reader_.fail_at(at, ErrorCode::kLengthOverflow,
                               "NodePath has " + std::to_string(total) + " names, more than the " +
                                   std::to_string(reader_.remaining()) + " remaining bytes can hold");
      }
      NodePath path;
      path.absolute = (flags & 1) != 0;
      for (std::uint64_t i = 0; i < total; ++i) {
        std::string name;
        if (!string_payload(name, "NodePath name")) return false;
        (i < names ? path.names : path.subnames).push_back(std::move(name));
      }
      value = std::move(path);
      return true;
    }
    case VariantType::rid: {
      RID rid;
      if (options_.version == Version::godot4 && !u64_payload(rid.id, "RID")) return false;
      value = rid;
      return true;
    }
    case VariantType::object:
    case VariantType::dictionary:
    case VariantType::array: break;  // read_variant dispatches these
    case VariantType::callable: value = Callable{}; return true;
    case VariantType::signal: {
      Signal signal;
      if (!string_payload(signal.name, "Signal name") || !u64_payload(signal.object_id, "Signal object id")) return false;
      value = std::move(signal);
      return true;
    }
    case VariantType::packed_byte_array: {
      std::uint32_t raw;
      std::size_t count;
      if (!u32_payload(raw, "PackedByteArray count") || !element_count(raw, 1, "PackedByteArray", count)) return false;
      const std::uint8_t* p = reader_.take(count, "PackedByteArray");
      PackedByteArray bytes(p, p + count);
      // The engine does not require the padding after the last bytes; take what is there.
      const std::size_t padding = wire::padding_to_4(count);
      reader_.take(padding < reader_.remaining() ? padding : reader_.remaining(), "padding");
      value = std::move(bytes);
      return true;
    }
    case VariantType::packed_int32_array:
    case VariantType::packed_int64_array:
    case VariantType::packed_float32_array:
    case VariantType::packed_float64_array: {
      const bool eight = h.type == VariantType::packed_int64_array || h.type == VariantType::packed_float64_array;
      std::uint32_t raw;
      std::size_t count;
      if (!u32_payload(raw, "packed array count") || !element_count(raw, eight ? 8 : 4, type_name(h.type), count)) {
        return false;
      }
      const std::uint8_t* p = reader_.take(count * (eight ? 8 : 4), type_name(h.type));
      switch (h.type) {
        case VariantType::packed_int32_array: {
          PackedInt32Array a(count);
          for (std::size_t i = 0; i < count; ++i) a[i] = wire::load_i32(p + 4 * i);
          value = std::move(a);
          break;
        }
        case VariantType::packed_int64_array: {
          PackedInt64Array a(count);
          for (std::size_t i = 0; i < count; ++i) a[i] = wire::load_i64(p + 8 * i);
          value = std::move(a);
          break;
        }
        case VariantType::packed_float32_array: {
          PackedFloat32Array a(count);
          for (std::size_t i = 0; i < count; ++i) a[i] = wire::load_f32(p + 4 * i);
          value = std::move(a);
          break;
        }
        default: {
          PackedFloat64Array a(count);
          for (std::size_t i = 0; i < count; ++i) a[i] = wire::load_f64(p + 8 * i);
          value = std::move(a);
          break;
        }
      }
      return true;
    }
    case VariantType::packed_string_array: {
      std::uint32_t raw;
      if (!u32_payload(raw, "PackedStringArray count")) return false;
      std::size_t count = 0;  // the engine reads a negative count as an empty array
      if (static_cast<std::int32_t>(raw) > 0 && !element_count(raw, 4, "PackedStringArray", count)) return false;
      PackedStringArray strings;
      for (std::size_t i = 0; i < count; ++i) {
        std::string text;
        if (!string_payload(text, "PackedStringArray element")) return reader_.in_index(i);
        strings.push_back(std::move(text));
      }
      value = std::move(strings);
      return true;
    }
    case VariantType::packed_vector2_array:
    case VariantType::packed_vector3_array:
    case VariantType::packed_vector4_array: {
      const std::size_t dims = h.type == VariantType::packed_vector2_array ? 2
                               : h.type == VariantType::packed_vector3_array ? 3
                                                                             : 4;
      const bool wide = options_.version == Version::godot4 && (h.word & wire::kFlag64) != 0;
      std::uint32_t raw;
      std::size_t count;
      if (!u32_payload(raw, "packed array count") ||
          !element_count(raw, dims * (wide ? 8 : 4), type_name(h.type), count)) {
        return false;
      }
      if (dims == 2) {
        PackedVector2Array a(count);
        for (auto& v : a) {
          if (!real_components(h, c, 2)) return false;
          v = Vector2{c[0], c[1]};
        }
        value = std::move(a);
      } else if (dims == 3) {
        PackedVector3Array a(count);
        for (auto& v : a) {
          if (!real_components(h, c, 3)) return false;
          v = Vector3{c[0], c[1], c[2]};
        }
        value = std::move(a);
      } else {
        PackedVector4Array a(count);
        for (auto& v : a) {
          if (!real_components(h, c, 4)) return false;
          v = Vector4{c[0], c[1], c[2], c[3]};
        }
        value = std::move(a);
      }
      return true;
    }
    case VariantType::packed_color_array: {
      std::uint32_t raw;
      std::size_t count;
      if (!u32_payload(raw, "PackedColorArray count") || !element_count(raw, 16, "PackedColorArray", count)) {
        return false;
      }
      PackedColorArray a(count);
      for (auto& v : a) {
        if (!float32_components(&v.r, 1) || !float32_components(&v.g, 1) || !float32_components(&v.b, 1) ||
            !float32_components(&v.a, 1)) {
          return false;
        }
      }
      value = std::move(a);
      return true;
    }
  }
  return reader_.fail_at(h.offset, ErrorCode::kInvalidType, "unhandled type");
}

bool ValueReader::read_object(const ValueHeader& h, Variant& out) {
  Variant::Value& value = out.value();
  Object object;
  if (h.word & wire::kFlagObjectAsId) {
    if (!u64_payload(object.instance_id, "Object instance id")) return false;
    object.form = object.instance_id == 0 ? ObjectForm::null : ObjectForm::instance_id;
    value = std::move(object);
    return true;
  }
  if (!options_.allow_objects) {
    return reader_.fail_at(h.offset, ErrorCode::kUnauthorized,
                           "a full Object payload is not allowed (decode with allow_objects)");
  }
  if (!string_payload(object.class_name, "Object class name")) return false;
  if (object.class_name.empty()) {
    value = Object{};
    return true;
  }
  object.form = ObjectForm::full;
  std::uint32_t raw;
  if (!u32_payload(raw, "Object property count")) return false;
  std::size_t count = 0;  // the engine reads a negative count as no properties
  if (static_cast<std::int32_t>(raw) > 0 && !element_count(raw, 8, "Object property", count)) return false;
  for (std::size_t i = 0; i < count; ++i) {
    ObjectProperty property;
    const std::size_t at = reader_.offset();
    if (!string_payload(property.name, "Object property name")) return false;
    if (!descend()) return false;
    const bool ok = read_variant(property.value);
    ascend();
    if (!ok) return reader_.in_field(property.name.c_str());
    // Godot 4 loads the script from this path; Godot 3 has no such handling.
    if (options_.version == Version::godot4 && property.name == "script" && !property.value.is<Nil>()) {
      const auto* path = property.value.get_if<std::string>();
      if (path == nullptr || path->rfind("res://", 0) != 0) {
        return reader_.fail_at(at, ErrorCode::kInvalidValue, "an Object's script must be a res:// path String");
      }
    }
    object.properties.push_back(std::move(property));
  }
  value = std::move(object);
  return true;
}

bool ValueReader::read_dictionary(const ValueHeader& h, Variant& out) {
  Variant::Value& value = out.value();
  Dictionary dictionary;
  if (options_.version == Version::godot4 &&
      (!container_type((h.word >> wire::kDictionaryKeyTypeShift) & wire::kContainerKindMask, dictionary.key_type) ||
       !container_type((h.word >> wire::kDictionaryValueTypeShift) & wire::kContainerKindMask,
                       dictionary.value_type))) {
    return false;
  }
  std::uint32_t raw;
  std::size_t count;
  if (!u32_payload(raw, "Dictionary count") || !element_count(raw & ~wire::kSharedBit, 8, "Dictionary", count)) {
    return false;
  }
  for (std::size_t i = 0; i < count; ++i) {
    DictionaryEntry entry;
    if (!descend()) return false;
    const bool ok = read_variant(entry.key) && read_variant(entry.value);
    ascend();
    if (!ok) return reader_.in_index(i);
    dictionary.entries.push_back(std::move(entry));
  }
  value = std::move(dictionary);
  return true;
}

bool ValueReader::read_array(const ValueHeader& h, Variant& out) {
  Variant::Value& value = out.value();
  Array array;
  if (options_.version == Version::godot4 &&
      !container_type((h.word >> wire::kArrayTypeShift) & wire::kContainerKindMask, array.element_type)) {
    return false;
  }
  std::uint32_t raw;
  std::size_t count;
  if (!u32_payload(raw, "Array count") || !element_count(raw & ~wire::kSharedBit, 4, "Array", count)) return false;
  for (std::size_t i = 0; i < count; ++i) {
    Variant element;
    if (!descend()) return false;
    const bool ok = read_variant(element);
    ascend();
    if (!ok) return reader_.in_index(i);
    array.elements.push_back(std::move(element));
  }
  value = std::move(array);
  return true;
}

DecodeResult decode(ByteView bytes, Variant& out, const DecodeOptions& options) {
  Reader reader(bytes);
  ValueReader values(reader, options);
  values.read_variant(out);
  DecodeResult result;
  result.status = reader.status();
  result.consumed = reader.offset();
  return result;
}

}  // namespace pakt::godot
