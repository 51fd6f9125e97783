// Godot's math value types. Real components are doubles so that values from precision=double
// builds survive; single-precision wire data is widened exactly. Integer vectors are int32 as on
// the wire, and Color is float32 because the engine always writes it so.
// Equality treats two NaNs as equal and tells -0.0 from +0.0: it answers "is this the same value
// on the wire", which is what round-trip checks need.
#pragma once

#include <cmath>
#include <cstdint>

namespace pakt::godot {

inline bool same_real(double a, double b) noexcept {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

struct Vector2 {
  double x = 0, y = 0;
};
struct Vector2i {
  std::int32_t x = 0, y = 0;
};
struct Vector3 {
  double x = 0, y = 0, z = 0;
};
struct Vector3i {
  std::int32_t x = 0, y = 0, z = 0;
};
struct Vector4 {
  double x = 0, y = 0, z = 0, w = 0;
};
struct Vector4i {
  std::int32_t x = 0, y = 0, z = 0, w = 0;
};
struct Rect2 {
  Vector2 position, size;
};
struct Rect2i {
  Vector2i position, size;
};
// Columns: the x axis, the y axis and the origin (the wire order).
struct Transform2D {
  Vector2 x{1, 0}, y{0, 1}, origin;
};
struct Plane {
  Vector3 normal;
  double d = 0;
};
struct Quaternion {
  double x = 0, y = 0, z = 0, w = 1;
};
struct AABB {
  Vector3 position, size;
};
// rows[i][j] in wire order (row-major): rows[0] = (x.x, y.x, z.x) in terms of the axis columns.
struct Basis {
  double rows[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
};
struct Transform3D {
  Basis basis;
  Vector3 origin;
};
// columns[i][j], column-major, in wire order.
struct Projection {
  double columns[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
};
struct Color {
  float r = 0, g = 0, b = 0, a = 1;
};

bool operator==(const Vector2& a, const Vector2& b) noexcept;
bool operator==(const Vector2i& a, const Vector2i& b) noexcept;
bool operator==(const Vector3& a, const Vector3& b) noexcept;
bool operator==(const Vector3i& a, const Vector3i& b) noexcept;
bool operator==(const Vector4& a, const Vector4& b) noexcept;
bool operator==(const Vector4i& a, const Vector4i& b) noexcept;
bool operator==(const Rect2& a, const Rect2& b) noexcept;
bool operator==(const Rect2i& a, const Rect2i& b) noexcept;
bool operator==(const Transform2D& a, const Transform2D& b) noexcept;
bool operator==(const Plane& a, const Plane& b) noexcept;
bool operator==(const Quaternion& a, const Quaternion& b) noexcept;
bool operator==(const AABB& a, const AABB& b) noexcept;
bool operator==(const Basis& a, const Basis& b) noexcept;
bool operator==(const Transform3D& a, const Transform3D& b) noexcept;
bool operator==(const Projection& a, const Projection& b) noexcept;
bool operator==(const Color& a, const Color& b) noexcept;

}  // namespace pakt::godot
