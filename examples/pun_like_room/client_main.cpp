// pun_like_room_client <name> [port]: joins the room, moves a little, says hello, prints what the
// others do for two seconds, and leaves.
#include <enet/enet.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>

#include "room_client.hpp"

namespace {

void print(const room::ReceivedEvent& e) {
  if (const auto* join = std::get_if<room::JoinInfo>(&e.data)) {
    std::printf("actor %d joined as %s\n", e.sender, join->name.c_str());
  } else if (const auto* move = std::get_if<room::MoveState>(&e.data)) {
    std::printf("actor %d moved to (%g, %g, %g)\n", e.sender, static_cast<double>(move->position.x),
                static_cast<double>(move->position.y), static_cast<double>(move->position.z));
  } else if (const auto* chat = std::get_if<room::ChatLine>(&e.data)) {
    std::printf("actor %d says: %s\n", e.sender, chat->text.c_str());
  } else if (std::holds_alternative<pakt::pun::Player>(e.data)) {
    std::printf("actor %d left\n", e.sender);
  } else {
    std::printf("actor %d sent event %d with an unknown custom type\n", e.sender, e.code);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: pun_like_room_client <name> [port]\n");
    return 2;
  }
  const std::string name = argv[1];
  const auto port = static_cast<std::uint16_t>(argc > 2 ? std::atoi(argv[2]) : 5055);
  if (enet_initialize() != 0) return 1;
  {
    room::RoomClient client;
    client.Connect(port);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    while (!client.joined() && std::chrono::steady_clock::now() < deadline) client.Service(std::chrono::milliseconds(10));
    if (client.joined()) {
      client.Raise(room::kJoin, room::JoinInfo{name, {1, 0.5f, 0, 1}}, true);
      for (std::int32_t tick = 1; tick <= 5; ++tick) {
        client.Raise(room::kMove, room::MoveState{tick, {static_cast<float>(tick), 0, 0}, {1, 0, 0}, {}, false}, false);
        client.Service(std::chrono::milliseconds(20));
      }
      client.Raise(room::kChat, room::ChatLine{"hello from " + name}, true);
      std::size_t printed = 0;
      const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(2);
      while (std::chrono::steady_clock::now() < end) {
        client.Service(std::chrono::milliseconds(20));
        for (; printed < client.received().size(); ++printed) print(client.received()[printed]);
      }
      client.Disconnect();
      client.Service(std::chrono::milliseconds(100));
    } else {
      std::fprintf(stderr, "could not join the room on port %u\n", port);
    }
  }
  enet_deinitialize();
  return 0;
}
