// Wire-value equality for the math types and Variant: NaN equals NaN, -0.0 differs from +0.0.
#include <cstring>

#include "pakt/godot/math_types.hpp"
#include "pakt/godot/variant.hpp"

namespace pakt::godot {

bool operator==(const Vector2& a, const Vector2& b) noexcept { return same_real(a.x, b.x) && same_real(a.y, b.y); }
bool operator==(const Vector2i& a, const Vector2i& b) noexcept { return a.x == b.x && a.y == b.y; }
bool operator==(const Vector3& a, const Vector3& b) noexcept {
  return same_real(a.x, b.x) && same_real(a.y, b.y) && same_real(a.z, b.z);
}
bool operator==(const Vector3i& a, const Vector3i& b) noexcept { return a.x == b.x && a.y == b.y && a.z == b.z; }
bool operator==(const Vector4& a, const Vector4& b) noexcept {
  return same_real(a.x, b.x) && same_real(a.y, b.y) && same_real(a.z, b.z) && same_real(a.w, b.w);
}
bool operator==(const Vector4i& a, const Vector4i& b) noexcept {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}
bool operator==(const Rect2& a, const Rect2& b) noexcept { return a.position == b.position && a.size == b.size; }
bool operator==(const Rect2i& a, const Rect2i& b) noexcept { return a.position == b.position && a.size == b.size; }
bool operator==(const Transform2D& a, const Transform2D& b) noexcept {
  return a.x == b.x && a.y == b.y && a.origin == b.origin;
}
bool operator==(const Plane& a, const Plane& b) noexcept { return a.normal == b.normal && same_real(a.d, b.d); }
bool operator==(const Quaternion& a, const Quaternion& b) noexcept {
  return same_real(a.x, b.x) && same_real(a.y, b.y) && same_real(a.z, b.z) && same_real(a.w, b.w);
}
bool operator==(const AABB& a, const AABB& b) noexcept { return a.position == b.position && a.size == b.size; }
bool operator==(const Basis& a, const Basis& b) noexcept {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (!same_real(a.rows[i][j], b.rows[i][j])) return false;
    }
  }
  return true;
}
bool operator==(const Transform3D& a, const Transform3D& b) noexcept {
  return a.basis == b.basis && a.origin == b.origin;
}
bool operator==(const Projection& a, const Projection& b) noexcept {
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      if (!same_real(a.columns[i][j], b.columns[i][j])) return false;
    }
  }
  return true;
}
bool operator==(const Color& a, const Color& b) noexcept {
  return same_real(a.r, b.r) && same_real(a.g, b.g) && same_real(a.b, b.b) && same_real(a.a, b.a);
}

namespace {

bool same(const Nil&, const Nil&) { return true; }
bool same(double a, double b) { return same_real(a, b); }
bool same(float a, float b) { return same_real(a, b); }
bool same(const StringName& a, const StringName& b) { return a.name == b.name; }
bool same(const NodePath& a, const NodePath& b) {
  return a.names == b.names && a.subnames == b.subnames && a.absolute == b.absolute;
}
bool same(const RID& a, const RID& b) { return a.id == b.id; }
bool same(const Callable&, const Callable&) { return true; }
bool same(const Signal& a, const Signal& b) { return a.name == b.name && a.object_id == b.object_id; }
bool same(const ContainerType& a, const ContainerType& b) {
  return a.kind == b.kind && a.builtin == b.builtin && a.name == b.name;
}
bool same(const Object& a, const Object& b) {
  if (a.form != b.form || a.instance_id != b.instance_id || a.class_name != b.class_name ||
      a.properties.size() != b.properties.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.properties.size(); ++i) {
    if (a.properties[i].name != b.properties[i].name || a.properties[i].value != b.properties[i].value) return false;
  }
  return true;
}
bool same(const Dictionary& a, const Dictionary& b) {
  if (!same(a.key_type, b.key_type) || !same(a.value_type, b.value_type) || a.entries.size() != b.entries.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    if (a.entries[i].key != b.entries[i].key || a.entries[i].value != b.entries[i].value) return false;
  }
  return true;
}
bool same(const Array& a, const Array& b) { return same(a.element_type, b.element_type) && a.elements == b.elements; }
template <class T>
bool same(const T& a, const T& b) {
  return a == b;
}
template <class T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!same(a[i], b[i])) return false;
  }
  return true;
}

}  // namespace

bool operator==(const Variant& a, const Variant& b) {
  if (a.type() != b.type()) return false;
  return std::visit(
      [&b](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        return same(x, std::get<T>(b.value()));
      },
      a.value());
}

bool operator!=(const Variant& a, const Variant& b) { return !(a == b); }

}  // namespace pakt::godot
