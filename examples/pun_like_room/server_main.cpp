// pun_like_room_server [port] [seconds]: runs the relay on 127.0.0.1 (default port 5055) for the
// given number of seconds (default 60).
#include <enet/enet.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "room_server.hpp"

int main(int argc, char** argv) {
  const auto port = static_cast<std::uint16_t>(argc > 1 ? std::atoi(argv[1]) : 5055);
  const int seconds = argc > 2 ? std::atoi(argv[2]) : 60;
  if (enet_initialize() != 0) return 1;
  int status = 0;
  {
    room::RoomServer server;
    if (server.Start(port)) {
      std::printf("room server on 127.0.0.1:%u for %d s\n", server.port(), seconds);
      std::thread stopper([&server, seconds] {
        std::this_thread::sleep_for(std::chrono::seconds(seconds));
        server.Stop();
      });
      server.Run();
      stopper.join();
      std::printf("relayed %zu, dropped %zu\n", server.relayed(), server.dropped());
    } else {
      status = 1;
    }
  }
  enet_deinitialize();
  return status;
}
