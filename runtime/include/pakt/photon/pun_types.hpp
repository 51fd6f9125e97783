// PUN2's own custom types, with PUN's exact bodies (photon-wire-format.md §2.5). Bodies are
// big-endian under both protocols, because PUN writes them with Protocol.Serialize:
//   'W' (87) Vector2     x, y                 8 bytes
//   'V' (86) Vector3     x, y, z             12 bytes
//   'Q' (81) Quaternion  w, x, y, z          16 bytes  (MSLIMA's layout is x, y, z, w: not the same)
//   'P' (80) Player      int32 ActorNumber    4 bytes
// PUN's deserializers return a default value for a body of the wrong length; these report it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "pakt/byte_view.hpp"
#include "pakt/math_types.hpp"
#include "pakt/status.hpp"
#include "pakt/photon/type_registry.hpp"

namespace pakt::pun {

inline constexpr std::uint8_t kVector2Code = 'W';
inline constexpr std::uint8_t kVector3Code = 'V';
inline constexpr std::uint8_t kQuaternionCode = 'Q';
inline constexpr std::uint8_t kPlayerCode = 'P';

// A PUN Player travels as its actor number.
struct Player {
  std::int32_t actor_number = 0;
};
inline bool operator==(const Player& a, const Player& b) { return a.actor_number == b.actor_number; }

namespace detail {

inline void put_be32(std::vector<std::uint8_t>& body, std::uint32_t u) {
  for (int shift = 24; shift >= 0; shift -= 8) body.push_back(static_cast<std::uint8_t>(u >> shift));
}
inline void put_float(std::vector<std::uint8_t>& body, float f) {
  std::uint32_t u = 0;
  std::memcpy(&u, &f, 4);
  put_be32(body, u);
}
inline std::uint32_t get_be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
inline float get_float(const std::uint8_t* p) {
  const std::uint32_t u = get_be32(p);
  float f = 0;
  std::memcpy(&f, &u, 4);
  return f;
}
inline Status check_length(ByteView body, std::size_t expected, const char* type) {
  if (body.size() == expected) return Status::Ok();
  return Status::Error(ErrorCode::kInvalidValue, 0, type,
                       "PUN body must be " + std::to_string(expected) + " bytes, got " + std::to_string(body.size()));
}

}  // namespace detail

inline void WriteVector2(const Vector2& v, std::vector<std::uint8_t>& body) {
  detail::put_float(body, v.x);
  detail::put_float(body, v.y);
}
inline Status ReadVector2(ByteView body, Vector2& v) {
  Status s = detail::check_length(body, 8, "Vector2");
  if (s) v = {detail::get_float(body.data()), detail::get_float(body.data() + 4)};
  return s;
}

inline void WriteVector3(const Vector3& v, std::vector<std::uint8_t>& body) {
  detail::put_float(body, v.x);
  detail::put_float(body, v.y);
  detail::put_float(body, v.z);
}
inline Status ReadVector3(ByteView body, Vector3& v) {
  Status s = detail::check_length(body, 12, "Vector3");
  if (s) v = {detail::get_float(body.data()), detail::get_float(body.data() + 4), detail::get_float(body.data() + 8)};
  return s;
}

inline void WriteQuaternion(const Quaternion& q, std::vector<std::uint8_t>& body) {
  detail::put_float(body, q.w);
  detail::put_float(body, q.x);
  detail::put_float(body, q.y);
  detail::put_float(body, q.z);
}
inline Status ReadQuaternion(ByteView body, Quaternion& q) {
  Status s = detail::check_length(body, 16, "Quaternion");
  if (s) {
    q.w = detail::get_float(body.data());
    q.x = detail::get_float(body.data() + 4);
    q.y = detail::get_float(body.data() + 8);
    q.z = detail::get_float(body.data() + 12);
  }
  return s;
}

inline void WritePlayer(const Player& p, std::vector<std::uint8_t>& body) {
  detail::put_be32(body, static_cast<std::uint32_t>(p.actor_number));
}
inline Status ReadPlayer(ByteView body, Player& p) {
  Status s = detail::check_length(body, 4, "Player");
  if (s) p.actor_number = static_cast<std::int32_t>(detail::get_be32(body.data()));
  return s;
}

// Registers pakt::Vector2 as 'W', pakt::Vector3 as 'V', pakt::Quaternion as 'Q' and
// pun::Player as 'P', as PUN2 does on every client. Fails if any of them is taken.
inline Status RegisterPunTypes(photon::TypeRegistry& registry) {
  Status s = registry.Register<Vector2>(kVector2Code, &WriteVector2, &ReadVector2, photon::CodeOwner::kPunBuiltIn);
  if (s) s = registry.Register<Vector3>(kVector3Code, &WriteVector3, &ReadVector3, photon::CodeOwner::kPunBuiltIn);
  if (s) s = registry.Register<Quaternion>(kQuaternionCode, &WriteQuaternion, &ReadQuaternion, photon::CodeOwner::kPunBuiltIn);
  if (s) s = registry.Register<Player>(kPlayerCode, &WritePlayer, &ReadPlayer, photon::CodeOwner::kPunBuiltIn);
  return s;
}

}  // namespace pakt::pun
