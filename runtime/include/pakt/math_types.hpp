// The vector types a schema can name. Components are in wire order; all are plain aggregates.
#pragma once

#include <cstdint>

namespace pakt {

struct Vector2 {
  float x = 0, y = 0;
};
struct Vector3 {
  float x = 0, y = 0, z = 0;
};
// x, y, z, w — the order MSLIMA writes (PUN's own 'Q' type writes w first; see photon/pun_types.hpp).
struct Quaternion {
  float x = 0, y = 0, z = 0, w = 1;
};
struct Color {
  float r = 0, g = 0, b = 0, a = 1;
};
struct Vector2i {
  std::int32_t x = 0, y = 0;
};
struct Vector3i {
  std::int32_t x = 0, y = 0, z = 0;
};

// Bitwise-ish equality: components compare with ==, so NaN != NaN as for float.
inline bool operator==(const Vector2& a, const Vector2& b) { return a.x == b.x && a.y == b.y; }
inline bool operator==(const Vector3& a, const Vector3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
inline bool operator==(const Quaternion& a, const Quaternion& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}
inline bool operator==(const Color& a, const Color& b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }
inline bool operator==(const Vector2i& a, const Vector2i& b) { return a.x == b.x && a.y == b.y; }
inline bool operator==(const Vector3i& a, const Vector3i& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
inline bool operator!=(const Vector2& a, const Vector2& b) { return !(a == b); }
inline bool operator!=(const Vector3& a, const Vector3& b) { return !(a == b); }
inline bool operator!=(const Quaternion& a, const Quaternion& b) { return !(a == b); }
inline bool operator!=(const Color& a, const Color& b) { return !(a == b); }
inline bool operator!=(const Vector2i& a, const Vector2i& b) { return !(a == b); }
inline bool operator!=(const Vector3i& a, const Vector3i& b) { return !(a == b); }

}  // namespace pakt
