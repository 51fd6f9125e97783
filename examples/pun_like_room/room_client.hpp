// A room client over ENet: connects, learns its actor number, raises events (reliable or not)
// whose data is a registered custom type, and collects the events the server relays.
#pragma once

#include <enet/enet.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "pakt/photon/value.hpp"
#include "pakt/photon/pun_types.hpp"
#include "pakt/photon/type_registry.hpp"
#include "room_types.hpp"

namespace room {

using EventData = std::variant<pakt::photon::UnknownCustom, JoinInfo, MoveState, ChatLine, pakt::pun::Player>;

struct ReceivedEvent {
  std::uint8_t code = 0;
  std::int32_t sender = 0;
  EventData data;
};

class RoomClient {
 public:
  RoomClient();
  ~RoomClient();
  RoomClient(const RoomClient&) = delete;
  RoomClient& operator=(const RoomClient&) = delete;

  // Starts connecting to 127.0.0.1:port; Service() completes it.
  bool Connect(std::uint16_t port);
  // Handles what arrived within `wait`; returns false once the connection is gone.
  bool Service(std::chrono::milliseconds wait);
  bool joined() const noexcept { return actor_ != 0; }
  std::int32_t actor() const noexcept { return actor_; }

  template <class T>
  bool Raise(EventCode code, const T& data, bool reliable) {
    const pakt::photon::Wrapped wrapped = registry_.Wrap(data);
    return wrapped.status && Send(code, wrapped.value, reliable);
  }
  // Sends bytes as they are (to test the server's handling of malformed packets).
  void SendRaw(const std::vector<std::uint8_t>& bytes);
  void Disconnect();

  const std::vector<ReceivedEvent>& received() const noexcept { return received_; }
  std::size_t undecodable() const noexcept { return undecodable_; }

 private:
  bool Send(EventCode code, const pakt::photon::Value& data, bool reliable);
  void OnPacket(const ENetPacket& packet);

  pakt::photon::TypeRegistry registry_;
  ENetHost* host_ = nullptr;
  ENetPeer* peer_ = nullptr;
  bool connected_ = false;
  std::int32_t actor_ = 0;
  std::vector<ReceivedEvent> received_;
  std::size_t undecodable_ = 0;
};

}  // namespace room
