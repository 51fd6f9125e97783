// A Photon-room-like relay over ENet: assigns actor numbers, relays RaiseEvent by event code to
// every other peer, and announces leaves. It never decodes custom bodies (Photon's server does
// not either): it forwards them as they came. Malformed packets are logged and dropped.
#pragma once

#include <enet/enet.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pakt/photon/value.hpp"
#include "pakt/photon/type_registry.hpp"

namespace room {

class RoomServer {
 public:
  RoomServer();
  ~RoomServer();
  RoomServer(const RoomServer&) = delete;
  RoomServer& operator=(const RoomServer&) = delete;

  // Binds to 127.0.0.1 on `port` (0: any free port); false with a logged reason on failure.
  bool Start(std::uint16_t port);
  std::uint16_t port() const noexcept { return port_; }

  // Services the host until Stop() is called (from any thread).
  void Run();
  void Stop() noexcept { stop_ = true; }

  std::size_t relayed() const noexcept { return relayed_; }
  std::size_t dropped() const noexcept { return dropped_; }

 private:
  void OnConnect(ENetPeer* peer);
  void OnReceive(ENetPeer* peer, const ENetPacket& packet, std::uint8_t channel);
  void OnDisconnect(ENetPeer* peer);
  void Drop(ENetPeer* peer, const std::string& reason);
  void Broadcast(const pakt::photon::EventData& event, const ENetPeer* except, std::uint8_t channel, bool reliable);

  pakt::photon::TypeRegistry registry_;
  ENetHost* host_ = nullptr;
  std::uint16_t port_ = 0;
  std::int32_t next_actor_ = 1;
  std::atomic<bool> stop_{false};
  std::atomic<std::size_t> relayed_{0};
  std::atomic<std::size_t> dropped_{0};
};

}  // namespace room
