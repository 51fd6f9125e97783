#include "room_server.hpp"

#include <cstdio>
#include <stdexcept>
#include <vector>

#include "pakt/photon/protocol.hpp"
#include "room_types.hpp"
#include "room_wire.hpp"

namespace room {

namespace photon = pakt::photon;

namespace {

std::int32_t actor_of(const ENetPeer* peer) {
  return static_cast<std::int32_t>(reinterpret_cast<std::intptr_t>(peer->data));
}

void send(ENetPeer* peer, const std::vector<std::uint8_t>& bytes, std::uint8_t channel, bool reliable) {
  ENetPacket* packet =
      enet_packet_create(bytes.data(), bytes.size(), reliable ? ENET_PACKET_FLAG_RELIABLE : 0);
  if (enet_peer_send(peer, channel, packet) != 0) enet_packet_destroy(packet);
}

}  // namespace

RoomServer::RoomServer() {
  // Fixed types under fixed codes: a failure is a bug in room_types.hpp, not a run-time condition.
  const pakt::Status status = RegisterRoomTypes(registry_);
  if (!status) throw std::logic_error("room server: " + status.to_string());
}

RoomServer::~RoomServer() {
  if (host_ != nullptr) enet_host_destroy(host_);
}

bool RoomServer::Start(std::uint16_t port) {
  ENetAddress address{};
  enet_address_set_host(&address, "127.0.0.1");
  address.port = port;
  host_ = enet_host_create(&address, 16, kChannels, 0, 0);
  if (host_ == nullptr) {
    std::fprintf(stderr, "room server: cannot bind 127.0.0.1:%u\n", port);
    return false;
  }
  ENetAddress bound{};
  enet_socket_get_address(host_->socket, &bound);
  port_ = bound.port;
  return true;
}

void RoomServer::Run() {
  while (!stop_) {
    ENetEvent event;
    while (enet_host_service(host_, &event, 5) > 0) {
      switch (event.type) {
        case ENET_EVENT_TYPE_CONNECT: OnConnect(event.peer); break;
        case ENET_EVENT_TYPE_RECEIVE:
          OnReceive(event.peer, *event.packet, event.channelID);
          enet_packet_destroy(event.packet);
          break;
        case ENET_EVENT_TYPE_DISCONNECT: OnDisconnect(event.peer); break;
        case ENET_EVENT_TYPE_NONE: break;
      }
      if (stop_) break;
    }
  }
  enet_host_flush(host_);
}

void RoomServer::OnConnect(ENetPeer* peer) {
  const std::int32_t actor = next_actor_++;
  peer->data = reinterpret_cast<void*>(static_cast<std::intptr_t>(actor));
  const photon::Message joined{photon::MessageType::kOperationResponse,
                               photon::OperationResponse{kJoinResponse, 0, false, "", {{kActorKey, actor}}}};
  std::vector<std::uint8_t> bytes;
  const pakt::Status status = photon::EncodeMessage(joined, kProtocol, bytes);
  if (!status) {
    std::fprintf(stderr, "room server: cannot encode the join response: %s\n", status.to_string().c_str());
    return;
  }
  send(peer, bytes, kReliableChannel, true);
}

void RoomServer::Drop(ENetPeer* peer, const std::string& reason) {
  ++dropped_;
  std::fprintf(stderr, "room server: dropped a packet from actor %d: %s\n", actor_of(peer), reason.c_str());
}

void RoomServer::OnReceive(ENetPeer* peer, const ENetPacket& packet, std::uint8_t channel) {
  photon::Message message;
  const pakt::Status status = photon::DecodeMessage(pakt::ByteView(packet.data, packet.dataLength), kProtocol, message);
  if (!status) return Drop(peer, status.to_string());
  const auto* request = message.body.get_if<photon::OperationRequest>();
  if (message.type != photon::MessageType::kOperation || request == nullptr || request->operation_code != kRaiseEvent) {
    return Drop(peer, "not a RaiseEvent operation request");
  }
  const photon::Value* code = nullptr;
  const photon::Value* data = nullptr;
  for (const photon::Parameter& p : request->parameters) {
    if (p.key == kEventCodeKey) code = &p.value;
    if (p.key == kDataKey) data = &p.value;
  }
  if (code == nullptr || code->get_if<std::uint8_t>() == nullptr || data == nullptr) {
    return Drop(peer, "RaiseEvent needs a byte event code (244) and data (245)");
  }
  const photon::EventData relay{*code->get_if<std::uint8_t>(), {{kDataKey, *data}, {kActorKey, actor_of(peer)}}};
  Broadcast(relay, peer, channel, (packet.flags & ENET_PACKET_FLAG_RELIABLE) != 0);
  ++relayed_;
}

void RoomServer::OnDisconnect(ENetPeer* peer) {
  const pakt::photon::Wrapped player = registry_.Wrap(pakt::pun::Player{actor_of(peer)});
  const photon::EventData leave{kLeave, {{kDataKey, player.value}, {kActorKey, actor_of(peer)}}};
  Broadcast(leave, peer, kReliableChannel, true);
  peer->data = nullptr;
}

void RoomServer::Broadcast(const photon::EventData& event, const ENetPeer* except, std::uint8_t channel,
                           bool reliable) {
  std::vector<std::uint8_t> bytes;
  const pakt::Status status =
      photon::EncodeMessage(photon::Message{photon::MessageType::kEvent, event}, kProtocol, bytes);
  if (!status) {
    std::fprintf(stderr, "room server: cannot encode event %d: %s\n", event.code, status.to_string().c_str());
    return;
  }
  for (std::size_t i = 0; i < host_->peerCount; ++i) {
    ENetPeer* peer = &host_->peers[i];
    if (peer != except && peer->state == ENET_PEER_STATE_CONNECTED) send(peer, bytes, channel, reliable);
  }
}

}  // namespace room
