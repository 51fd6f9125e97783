// Bridges between DynValues and the C++ types generated code uses (bool, std::int32_t, float,
// std::string, pakt::Vector3, ...), so that dynamic codecs can call the runtime's typed
// functions for every leaf and behave exactly like generated code.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "dynamic/dyn_value.hpp"
#include "pakt/math_types.hpp"

namespace pakt::dynamic {

// Calls visit(T{}) with the C++ type of a builtin (enums: pass their underlying type).
template <class Visit>
decltype(auto) with_native_type(schema::Builtin type, Visit&& visit) {
  using schema::Builtin;
  switch (type) {
    case Builtin::kBool: return visit(bool{});
    case Builtin::kInt8: return visit(std::int8_t{});
    case Builtin::kInt16: return visit(std::int16_t{});
    case Builtin::kInt32: return visit(std::int32_t{});
    case Builtin::kInt64: return visit(std::int64_t{});
    case Builtin::kUInt8: return visit(std::uint8_t{});
    case Builtin::kUInt16: return visit(std::uint16_t{});
    case Builtin::kUInt32: return visit(std::uint32_t{});
    case Builtin::kUInt64: return visit(std::uint64_t{});
    case Builtin::kFloat32: return visit(float{});
    case Builtin::kFloat64: return visit(double{});
    case Builtin::kString: return visit(std::string{});
    case Builtin::kBytes: return visit(std::vector<std::uint8_t>{});
    case Builtin::kVector2: return visit(Vector2{});
    case Builtin::kVector3: return visit(Vector3{});
    case Builtin::kQuaternion: return visit(Quaternion{});
    case Builtin::kColor: return visit(Color{});
    case Builtin::kVector2i: return visit(Vector2i{});
    case Builtin::kVector3i: return visit(Vector3i{});
  }
  return visit(bool{});
}

template <class T>
inline constexpr bool kIsNativeMath =
    std::is_same_v<T, Vector2> || std::is_same_v<T, Vector3> || std::is_same_v<T, Quaternion> ||
    std::is_same_v<T, Color> || std::is_same_v<T, Vector2i> || std::is_same_v<T, Vector3i>;

// A float32 NaN as a double and back keeps its bits (a plain conversion quiets a signaling NaN on
// most hardware): the sign, and the 23-bit payload in the double's top mantissa bits.
inline double float_to_double(float f) {
  if (!std::isnan(f)) return static_cast<double>(f);
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  const std::uint64_t bits = (std::uint64_t{u >> 31} << 63) | (std::uint64_t{0x7FF} << 52) |
                             (std::uint64_t{u & 0x7FFFFFu} << 29);
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}
inline float double_to_float(double d) {
  if (!std::isnan(d)) return static_cast<float>(d);
  std::uint64_t bits;
  std::memcpy(&bits, &d, 8);
  std::uint32_t u = static_cast<std::uint32_t>((bits >> 63) << 31) | 0x7F800000u |
                    static_cast<std::uint32_t>((bits >> 29) & 0x7FFFFFu);
  if ((u & 0x7FFFFFu) == 0) u |= 0x400000u;  // a payload only in the low bits: still a NaN
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

template <class T>
void to_native(const DynValue& v, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    out = std::get<bool>(v.data);
  } else if constexpr (std::is_integral_v<T>) {
    if (const auto* s = std::get_if<std::int64_t>(&v.data)) {
      out = static_cast<T>(*s);
    } else {
      out = static_cast<T>(std::get<std::uint64_t>(v.data));
    }
  } else if constexpr (std::is_same_v<T, float>) {
    out = double_to_float(std::get<double>(v.data));
  } else if constexpr (std::is_floating_point_v<T>) {
    out = static_cast<T>(std::get<double>(v.data));
  } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<std::uint8_t>>) {
    out = std::get<T>(v.data);
  } else {
    static_assert(kIsNativeMath<T>);
    using Component = std::conditional_t<std::is_same_v<T, Vector2i> || std::is_same_v<T, Vector3i>, std::int32_t, float>;
    Component components[4] = {};
    for (std::size_t i = 0; i < sizeof(T) / 4; ++i) to_native(v.list()[i], components[i]);
    std::memcpy(&out, components, sizeof(T));
  }
}

template <class T>
DynValue from_native(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return DynValue{v};
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return DynValue{static_cast<std::int64_t>(v)};
  } else if constexpr (std::is_integral_v<T>) {
    return DynValue{static_cast<std::uint64_t>(v)};
  } else if constexpr (std::is_same_v<T, float>) {
    return DynValue{float_to_double(v)};
  } else if constexpr (std::is_floating_point_v<T>) {
    return DynValue{static_cast<double>(v)};
  } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<std::uint8_t>>) {
    return DynValue{v};
  } else {
    static_assert(kIsNativeMath<T>);
    using Component = std::conditional_t<std::is_same_v<T, Vector2i> || std::is_same_v<T, Vector3i>, std::int32_t, float>;
    Component components[4] = {};
    std::memcpy(components, &v, sizeof(T));
    DynValue::List out;
    for (std::size_t i = 0; i < sizeof(T) / 4; ++i) out.push_back(from_native(components[i]));
    return DynValue{std::move(out)};
  }
}

}  // namespace pakt::dynamic
