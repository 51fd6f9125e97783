// arena_server: replicates a simulated arena (arena.yaml's Arena) to every client over UDP with
// pakt::replication (docs/replication.md). README.md in this folder has the commands.
//
//   arena_server [--host 127.0.0.1] [--port 47400] [--rate 30] [--seconds 60] [--players 8] [--wait-clients 0]
//
// --wait-clients N: the simulation (and the --seconds) starts once N clients said hello (at most
// 30 s later), so that every client gets the whole run (ctest examples.replication uses it).
//
// A client says hello (a datagram "hello"); from the next tick on the server sends it one snapshot
// packet per tick from its own pakt::replication::Sender<Arena>: the full Arena first, then deltas
// against the newest tick the client acknowledged. The client answers each snapshot it applies
// with an ack (7 bytes, kind 3), which the server hands to that client's Sender. After --seconds
// the server sends "bye" and prints one summary line per client, among them the hash of the last
// snapshot it sent as the client holds it (the Sender's kept copy), which the clients print too.
//
// The packet kinds cannot be mistaken for one another: a snapshot's first byte is 1, 2, 5 or 6, an
// ack's 3, and "hello" / "bye" start with a letter (its high bits are a format version no pakt
// Receiver accepts).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "arena.pakt.h"
#include "pakt/replication.hpp"

namespace {

using replication_example::Arena;
using replication_example::Player;

constexpr double kPi = 3.14159265358979323846;
const std::string kHello = "hello";
const std::string kBye = "bye";

struct Options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 47400;
  int rate = 30;      // ticks (snapshots) per second
  double seconds = 60;
  int players = 8;    // at most 16 (Arena.players' max_count)
  int wait_clients = 0;
};

// One client that said hello: its address, its Sender and what was sent to it.
struct Client {
  sockaddr_in address{};
  std::string name;  // "ip:port"
  pakt::replication::Sender<Arena> sender;
  std::uint32_t joined_tick = 0;
  std::size_t full_packets = 0, delta_packets = 0;
  std::size_t full_bytes = 0, delta_bytes = 0;
  std::size_t acks = 0, bad_acks = 0;
};

bool parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr, "arena_server: %s needs a value\n", arg.c_str());
      return false;
    }
    const char* value = argv[++i];
    if (arg == "--host") {
      o.host = value;
    } else if (arg == "--port") {
      o.port = static_cast<std::uint16_t>(std::atoi(value));
    } else if (arg == "--rate") {
      o.rate = std::atoi(value);
    } else if (arg == "--seconds") {
      o.seconds = std::atof(value);
    } else if (arg == "--players") {
      o.players = std::atoi(value);
    } else if (arg == "--wait-clients") {
      o.wait_clients = std::atoi(value);
    } else {
      std::fprintf(stderr, "usage: arena_server [--host A] [--port P] [--rate HZ] [--seconds N] [--players N] [--wait-clients N]\n");
      return false;
    }
  }
  if (o.rate < 1 || o.rate > 240 || o.players < 1 || o.players > 16 || o.seconds <= 0) {
    std::fprintf(stderr, "arena_server: --rate is 1..240, --players 1..16, --seconds > 0\n");
    return false;
  }
  return true;
}

// The arena at `tick`: a pure function of the tick, so every run sends the same snapshots. Player
// i runs around a circle of its own radius and speed, faces where it runs, loses health and heals;
// every 2 seconds the last one or two players leave and come back (the list's count changes).
void simulate(std::uint32_t tick, int rate, int max_players, Arena& arena) {
  const double t = static_cast<double>(tick) / rate;
  const int absent = static_cast<int>((tick / static_cast<std::uint32_t>(2 * rate)) % 3);
  const int count = max_players > absent ? max_players - absent : 1;
  arena.tick = tick;
  arena.players.resize(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    Player& p = arena.players[static_cast<std::size_t>(i)];
    const double radius = 10.0 + 3.0 * i;
    const double speed = (0.5 + 0.1 * i) * (i % 2 == 0 ? 1 : -1);  // rad/s, every other one clockwise
    const double angle = speed * t + i;
    p.id = static_cast<std::uint8_t>(i);
    p.name = "bot" + std::to_string(i + 1);
    p.position.x = static_cast<float>(radius * std::cos(angle));
    p.position.y = static_cast<float>(radius * std::sin(angle));
    // The direction of motion (the circle's tangent), wrapped into [-pi, pi].
    const double heading = std::remainder(angle + (speed > 0 ? kPi / 2 : -kPi / 2), 2 * kPi);
    p.heading = static_cast<float>(heading);
    p.health = static_cast<std::uint8_t>(100 - (tick / 10 + 7U * static_cast<std::uint32_t>(i)) % 101);
  }
}

// FNV-1a (32 bits) of the snapshot's full packed encoding: equal for equal decoded snapshots in
// every language, so a client can show it holds exactly what the server last sent.
std::uint32_t snapshot_hash(const Arena& arena) {
  std::vector<std::uint8_t> bytes;
  if (!Serialize(arena, bytes, pakt::packed)) return 0;
  std::uint32_t h = 2166136261U;
  for (std::uint8_t b : bytes) {
    h ^= b;
    h *= 16777619U;
  }
  return h;
}

std::string address_text(const sockaddr_in& a) {
  char ip[INET_ADDRSTRLEN] = {};
  inet_ntop(AF_INET, &a.sin_addr, ip, sizeof ip);
  return std::string(ip) + ":" + std::to_string(ntohs(a.sin_port));
}

bool same_address(const sockaddr_in& a, const sockaddr_in& b) {
  return a.sin_addr.s_addr == b.sin_addr.s_addr && a.sin_port == b.sin_port;
}

void send_to(int fd, const sockaddr_in& to, const std::uint8_t* data, std::size_t size) {
  // Unreliable on purpose: a datagram the kernel drops is what the replication layer heals.
  (void)sendto(fd, data, size, 0, reinterpret_cast<const sockaddr*>(&to), sizeof to);
}

class Server {
 public:
  Server(int fd, const Options& options) : fd_(fd), options_(options) {}

  // Reads every datagram waiting: hellos add clients, acks go to their client's Sender.
  void drain(std::uint32_t tick) {
    std::uint8_t buffer[1500];
    for (;;) {
      sockaddr_in from{};
      socklen_t from_size = sizeof from;
      const ssize_t n = recvfrom(fd_, buffer, sizeof buffer, MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&from), &from_size);
      if (n < 0) return;  // EAGAIN: nothing more (or an ICMP error of a client gone: ignored)
      const auto size = static_cast<std::size_t>(n);
      Client* client = find(from);
      if (size == kHello.size() && std::memcmp(buffer, kHello.data(), size) == 0) {
        if (client == nullptr) add(from, tick);  // a repeated hello (the first was slow) changes nothing
      } else if (client != nullptr) {
        const pakt::Status s = client->sender.receive_ack(pakt::ByteView(buffer, size));
        if (s) {
          ++client->acks;
        } else {
          ++client->bad_acks;
          std::fprintf(stderr, "%s: %s\n", client->name.c_str(), s.message().c_str());
        }
      }
    }
  }

  // Sends the tick's snapshot to every client, each encoded by that client's Sender.
  void send_snapshot(std::uint32_t tick, const Arena& arena) {
    const auto tick16 = static_cast<std::uint16_t>(tick & 0xFFFFU);  // replication ticks are 16-bit
    for (auto& c : clients_) {
      const pakt::Status s = c->sender.encode(tick16, arena, packet_);
      if (!s) {  // a value outside its range: a bug of the simulation, nothing was used up
        std::fprintf(stderr, "tick %u: %s\n", tick, s.message().c_str());
        continue;
      }
      send_to(fd_, c->address, packet_.data(), packet_.size());
      if (c->sender.last_was_full()) {
        ++c->full_packets;
        c->full_bytes += packet_.size();
      } else {
        ++c->delta_packets;
        c->delta_bytes += packet_.size();
      }
    }
  }

  std::size_t client_count() const noexcept { return clients_.size(); }

  // "bye" to every client (three times: it is UDP too), then one summary line each.
  void finish() {
    for (auto& c : clients_) {
      for (int i = 0; i < 3; ++i) {
        send_to(fd_, c->address, reinterpret_cast<const std::uint8_t*>(kBye.data()), kBye.size());
      }
    }
    for (auto& c : clients_) {
      const std::uint16_t last = c->sender.last_tick().value_or(0);
      const Arena* kept = c->sender.held(last);  // what the client holds once it applied `last`
      std::printf("summary client=%s joined_tick=%u full=%zu delta=%zu full_bytes=%zu delta_bytes=%zu acks=%zu "
                  "bad_acks=%zu last_tick=%u players=%zu hash=%08x\n",
                  c->name.c_str(), c->joined_tick, c->full_packets, c->delta_packets, c->full_bytes,
                  c->delta_bytes, c->acks, c->bad_acks, last, kept ? kept->players.size() : 0,
                  kept ? snapshot_hash(*kept) : 0U);
    }
    std::printf("clients=%zu\n", clients_.size());
  }

 private:
  Client* find(const sockaddr_in& a) {
    for (auto& c : clients_) {
      if (same_address(c->address, a)) return c.get();
    }
    return nullptr;
  }

  void add(const sockaddr_in& a, std::uint32_t tick) {
    auto c = std::make_unique<Client>();
    c->address = a;
    c->name = address_text(a);
    c->joined_tick = tick;
    std::printf("client %s joined at tick %u\n", c->name.c_str(), tick);
    std::fflush(stdout);
    clients_.push_back(std::move(c));
  }

  int fd_;
  Options options_;
  std::vector<std::unique_ptr<Client>> clients_;  // Senders are big: kept in place
  std::vector<std::uint8_t> packet_;              // reused for every packet
};

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options)) return 2;

  const int fd = socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(options.port);
  if (fd < 0 || inet_pton(AF_INET, options.host.c_str(), &address.sin_addr) != 1 ||
      bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    std::fprintf(stderr, "arena_server: cannot listen on %s:%u: %s\n", options.host.c_str(), options.port,
                 std::strerror(errno));
    return 1;
  }
  std::printf("listening on %s:%u, %d ticks a second for %g s; Arena's schema fingerprint 0x%016llx\n",
              options.host.c_str(), options.port, options.rate, options.seconds,
              static_cast<unsigned long long>(pakt::MessageTraits<Arena>::kFingerprint));
  std::fflush(stdout);

  Server server(fd, options);
  Arena arena;
  using Clock = std::chrono::steady_clock;
  // --wait-clients: hellos are taken (at tick 0) until enough clients are in, for 30 s at most.
  const auto wait_end = Clock::now() + std::chrono::seconds(30);
  while (server.client_count() < static_cast<std::size_t>(options.wait_clients) && Clock::now() < wait_end) {
    server.drain(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / options.rate));
  const auto start = Clock::now();
  const auto end = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.seconds));
  auto next = start;
  std::uint32_t tick = 0;
  while (next < end) {
    server.drain(tick);
    simulate(tick, options.rate, options.players, arena);
    server.send_snapshot(tick, arena);
    ++tick;
    next += period;
    std::this_thread::sleep_until(next);
  }
  server.drain(tick);  // the last acks
  server.finish();
  close(fd);
  return 0;
}
