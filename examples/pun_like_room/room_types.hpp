// What the room's events carry: plain aggregates encoded by Boost.PFR in the mslima format and
// registered as Photon custom types, next to PUN2's built-ins (the server's leave event carries a
// PUN 'P' Player). A Unity client registers the same codes with PhotonPeer.RegisterType.
#pragma once

#include <cstdint>
#include <string>

#include "pakt/math_types.hpp"
#include "pakt/pfr.hpp"
#include "pakt/photon/pun_types.hpp"
#include "pakt/photon/type_registry.hpp"

namespace room {

// Event codes, as PUN's RaiseEvent uses them.
enum EventCode : std::uint8_t { kJoin = 1, kMove = 2, kChat = 3, kLeave = 4 };

// Custom type codes.
inline constexpr std::uint8_t kJoinInfoCode = 'J';
inline constexpr std::uint8_t kMoveStateCode = 'M';
inline constexpr std::uint8_t kChatLineCode = 'C';

struct JoinInfo {
  std::string name;
  pakt::Color color;
};

// Shaped like the seed's SeedGameStruct.
struct MoveState {
  std::int32_t tick = 0;
  pakt::Vector3 position;
  pakt::Vector3 velocity;
  pakt::Quaternion rotation;
  bool crouching = false;
};

struct ChatLine {
  std::string text;
};

inline bool operator==(const JoinInfo& a, const JoinInfo& b) { return a.name == b.name && a.color == b.color; }
inline bool operator==(const MoveState& a, const MoveState& b) {
  return a.tick == b.tick && a.position == b.position && a.velocity == b.velocity && a.rotation == b.rotation &&
         a.crouching == b.crouching;
}
inline bool operator==(const ChatLine& a, const ChatLine& b) { return a.text == b.text; }

// The registrations every peer makes, in the same way.
inline pakt::Status RegisterRoomTypes(pakt::photon::TypeRegistry& registry) {
  pakt::Status s = pakt::pun::RegisterPunTypes(registry);
  if (s) s = registry.Register<JoinInfo>(kJoinInfoCode, pakt::mslima);
  if (s) s = registry.Register<MoveState>(kMoveStateCode, pakt::mslima);
  if (s) s = registry.Register<ChatLine>(kChatLineCode, pakt::mslima);
  return s;
}

}  // namespace room
