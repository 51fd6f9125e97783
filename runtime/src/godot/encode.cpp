// The Variant encoder: walks a Variant tree and writes each value with ValueWriter
// (reference §5, "Encode decision summary").
#include <type_traits>

#include "pakt/godot/codec.hpp"
#include "pakt/godot/value_writer.hpp"

namespace pakt::godot {
namespace {

class TreeEncoder {
 public:
  explicit TreeEncoder(ValueWriter& writer) : w_(writer) {}

  bool value(const Variant& v) {
    return std::visit([this](const auto& x) { return write(x); }, v.value());
  }

 private:
  // A child value, one level deeper (the engine's "Potential infinite recursion" check).
  bool child(const Variant& v) {
    if (depth_ >= w_.options().max_depth) {
      return w_.fail_at(w_.offset(), ErrorCode::kLimitExceeded,
                        "nesting deeper than max_depth " + std::to_string(w_.options().max_depth));
    }
    ++depth_;
    const bool ok = value(v);
    --depth_;
    return ok;
  }

  bool write(const Nil&) { return w_.nil(); }
  bool write(bool v) { return w_.boolean(v); }
  bool write(std::int64_t v) { return w_.integer(v); }
  bool write(double v) { return w_.real(v); }
  bool write(const std::string& v) { return w_.string(v); }
  bool write(const StringName& v) { return w_.string_name(v.name); }
  bool write(const Vector2& v) { return w_.vector2(v); }
  bool write(const Vector2i& v) { return w_.vector2i(v); }
  bool write(const Rect2& v) { return w_.rect2(v); }
  bool write(const Rect2i& v) { return w_.rect2i(v); }
  bool write(const Vector3& v) { return w_.vector3(v); }
  bool write(const Vector3i& v) { return w_.vector3i(v); }
  bool write(const Transform2D& v) { return w_.transform2d(v); }
  bool write(const Vector4& v) { return w_.vector4(v); }
  bool write(const Vector4i& v) { return w_.vector4i(v); }
  bool write(const Plane& v) { return w_.plane(v); }
  bool write(const Quaternion& v) { return w_.quaternion(v); }
  bool write(const AABB& v) { return w_.aabb(v); }
  bool write(const Basis& v) { return w_.basis(v); }
  bool write(const Transform3D& v) { return w_.transform3d(v); }
  bool write(const Projection& v) { return w_.projection(v); }
  bool write(const Color& v) { return w_.color(v); }
  bool write(const NodePath& v) { return w_.node_path(v); }
  bool write(const RID& v) { return w_.rid(v); }
  bool write(const Callable&) { return w_.callable(); }
  bool write(const Signal& v) { return w_.signal(v); }

  bool write(const Object& v) {
    switch (v.form) {
      case ObjectForm::null: return w_.null_object();
      case ObjectForm::instance_id: return w_.object_instance_id(v.instance_id);
      case ObjectForm::full: break;
    }
    if (!w_.full_object_header(v.class_name, v.properties.size())) return false;
    for (const ObjectProperty& property : v.properties) {
      if (!w_.property_name(property.name) || !child(property.value)) return w_.in_field(property.name.c_str());
    }
    return true;
  }

  bool write(const Dictionary& v) {
    if (!w_.dictionary_header(v.entries.size(), v.key_type, v.value_type)) return false;
    for (std::size_t i = 0; i < v.entries.size(); ++i) {
      if (!child(v.entries[i].key) || !child(v.entries[i].value)) return w_.in_index(i);
    }
    return true;
  }

  bool write(const Array& v) {
    if (!w_.array_header(v.elements.size(), v.element_type)) return false;
    for (std::size_t i = 0; i < v.elements.size(); ++i) {
      if (!child(v.elements[i])) return w_.in_index(i);
    }
    return true;
  }

  bool write(const PackedByteArray& v) { return w_.packed_byte_array(v.data(), v.size()); }
  bool write(const PackedInt32Array& v) { return w_.packed_int32_array(v.data(), v.size()); }
  bool write(const PackedInt64Array& v) { return w_.packed_int64_array(v.data(), v.size()); }
  bool write(const PackedFloat32Array& v) { return w_.packed_float32_array(v.data(), v.size()); }
  bool write(const PackedFloat64Array& v) { return w_.packed_float64_array(v.data(), v.size()); }
  bool write(const PackedStringArray& v) { return w_.packed_string_array(v.data(), v.size()); }
  bool write(const PackedVector2Array& v) { return w_.packed_vector2_array(v.data(), v.size()); }
  bool write(const PackedVector3Array& v) { return w_.packed_vector3_array(v.data(), v.size()); }
  bool write(const PackedColorArray& v) { return w_.packed_color_array(v.data(), v.size()); }
  bool write(const PackedVector4Array& v) { return w_.packed_vector4_array(v.data(), v.size()); }

  ValueWriter& w_;
  int depth_ = 0;
};

}  // namespace

Status encode(const Variant& value, const EncodeOptions& options, std::vector<std::uint8_t>& out) {
  const std::size_t start = out.size();
  Status status;
  {
    ValueWriter writer(out, options);
    TreeEncoder encoder(writer);
    if (!encoder.value(value)) status = writer.status();
  }  // the writer is finished: out holds exactly what it wrote
  if (!status) out.resize(start);  // like var_to_bytes returning an empty array: nothing partial
  return status;
}

}  // namespace pakt::godot
