// The room's messages in Photon Protocol 1.6, PUN style:
//   client -> server  OperationRequest 253 (RaiseEvent) {244: event code, 245: custom value}
//   server -> client  EventData <code> {245: custom value, 254: sender's actor number}
//   server -> client  OperationResponse 255 (join) {254: the client's actor number}, on connect
// ENet channel 0 is reliable, channel 1 unreliable; the server relays on the channel it received.
#pragma once

#include <cstdint>

#include "pakt/photon/protocol.hpp"

namespace room {

inline constexpr pakt::photon::Protocol kProtocol = pakt::photon::Protocol::k16;
inline constexpr std::uint8_t kRaiseEvent = 253;
inline constexpr std::uint8_t kJoinResponse = 255;
inline constexpr std::uint8_t kEventCodeKey = 244;
inline constexpr std::uint8_t kDataKey = 245;
inline constexpr std::uint8_t kActorKey = 254;
inline constexpr std::uint8_t kReliableChannel = 0;
inline constexpr std::uint8_t kUnreliableChannel = 1;
inline constexpr std::size_t kChannels = 2;

}  // namespace room
