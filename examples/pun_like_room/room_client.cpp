#include "room_client.hpp"

#include <cstdio>
#include <stdexcept>

#include "pakt/photon/protocol.hpp"
#include "room_wire.hpp"

namespace room {

namespace photon = pakt::photon;

RoomClient::RoomClient() {
  // Fixed types under fixed codes: a failure is a bug in room_types.hpp, not a run-time condition.
  const pakt::Status status = RegisterRoomTypes(registry_);
  if (!status) throw std::logic_error("room client: " + status.to_string());
}

RoomClient::~RoomClient() {
  if (host_ != nullptr) enet_host_destroy(host_);
}

bool RoomClient::Connect(std::uint16_t port) {
  host_ = enet_host_create(nullptr, 1, kChannels, 0, 0);
  if (host_ == nullptr) return false;
  ENetAddress address{};
  enet_address_set_host(&address, "127.0.0.1");
  address.port = port;
  peer_ = enet_host_connect(host_, &address, kChannels, 0);
  return peer_ != nullptr;
}

bool RoomClient::Service(std::chrono::milliseconds wait) {
  ENetEvent event;
  int result = enet_host_service(host_, &event, static_cast<enet_uint32>(wait.count()));
  while (result > 0) {
    switch (event.type) {
      case ENET_EVENT_TYPE_CONNECT: connected_ = true; break;
      case ENET_EVENT_TYPE_RECEIVE:
        OnPacket(*event.packet);
        enet_packet_destroy(event.packet);
        break;
      case ENET_EVENT_TYPE_DISCONNECT: connected_ = false; peer_ = nullptr; break;
      case ENET_EVENT_TYPE_NONE: break;
    }
    result = enet_host_check_events(host_, &event);
  }
  return connected_;
}

bool RoomClient::Send(EventCode code, const photon::Value& data, bool reliable) {
  if (peer_ == nullptr) return false;
  const photon::Message request{photon::MessageType::kOperation,
                                photon::OperationRequest{kRaiseEvent, {{kEventCodeKey, std::uint8_t{code}}, {kDataKey, data}}}};
  std::vector<std::uint8_t> bytes;
  if (!photon::EncodeMessage(request, kProtocol, bytes)) return false;
  ENetPacket* packet = enet_packet_create(bytes.data(), bytes.size(), reliable ? ENET_PACKET_FLAG_RELIABLE : 0);
  if (enet_peer_send(peer_, reliable ? kReliableChannel : kUnreliableChannel, packet) != 0) {
    enet_packet_destroy(packet);
    return false;
  }
  enet_host_flush(host_);
  return true;
}

void RoomClient::SendRaw(const std::vector<std::uint8_t>& bytes) {
  if (peer_ == nullptr) return;
  ENetPacket* packet = enet_packet_create(bytes.data(), bytes.size(), ENET_PACKET_FLAG_RELIABLE);
  if (enet_peer_send(peer_, kReliableChannel, packet) != 0) enet_packet_destroy(packet);
  enet_host_flush(host_);
}

void RoomClient::Disconnect() {
  if (peer_ != nullptr) enet_peer_disconnect(peer_, 0);
}

void RoomClient::OnPacket(const ENetPacket& packet) {
  photon::Message message;
  const pakt::Status status = photon::DecodeMessage(pakt::ByteView(packet.data, packet.dataLength), kProtocol, message);
  if (!status) {
    ++undecodable_;
    std::fprintf(stderr, "room client %d: undecodable packet: %s\n", actor_, status.to_string().c_str());
    return;
  }
  if (const auto* response = message.body.get_if<photon::OperationResponse>()) {
    if (response->operation_code != kJoinResponse) return;
    for (const photon::Parameter& p : response->parameters) {
      if (const auto* actor = p.value.get_if<std::int32_t>(); actor != nullptr && p.key == kActorKey) actor_ = *actor;
    }
    return;
  }
  const auto* event = message.body.get_if<photon::EventData>();
  if (event == nullptr) return;
  ReceivedEvent received;
  received.code = event->code;
  for (const photon::Parameter& p : event->parameters) {
    if (const auto* sender = p.value.get_if<std::int32_t>(); sender != nullptr && p.key == kActorKey) {
      received.sender = *sender;
    }
    if (const auto* custom = p.value.get_if<photon::Custom>(); custom != nullptr && p.key == kDataKey) {
      if (!registry_.Decode(*custom, received.data)) ++undecodable_;
    }
  }
  received_.push_back(std::move(received));
}

}  // namespace room
