#include "soak_run.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "allocation_count.hpp"
#include "external_client.hpp"
#include "pakt/replication.hpp"
#include "snapshot/simulation.hpp"
#include "udp_socket.hpp"

namespace pakt_soak {
namespace {

namespace rep = pakt::replication;
using Bytes = std::vector<std::uint8_t>;

constexpr std::int64_t kSecondUs = 1000000;
constexpr std::int64_t kTicksPerSecond = pakt_bench::snapshot::kTicksPerSecond;
constexpr std::uint32_t kFirstWireTick = 65536 - 600;  // the 16-bit tick wraps 10 s into the run
constexpr int kLoopbackWaitMs = 200;  // a datagram sent on loopback is readable at once; this is a guard
constexpr std::size_t kDatagramCapacity = 65536;
constexpr int kExternalWaitMs = 30000;  // an external client's answer (mono compiles its code on first use)

std::int64_t TickTimeUs(std::uint64_t n) { return static_cast<std::int64_t>(n) * kSecondUs / kTicksPerSecond; }
std::int64_t SecondsToUs(double s) { return static_cast<std::int64_t>(std::llround(s * kSecondUs)); }

// The process's peak resident set (VmHWM of /proc/self/status, which exec resets, unlike getrusage's
// ru_maxrss, which keeps the parent's peak across exec), in kB; getrusage's when /proc is missing.
long PeakRssKb() {
  if (std::FILE* status = std::fopen("/proc/self/status", "r")) {
    char line[256];
    long kb = -1;
    while (std::fgets(line, sizeof line, status) != nullptr) {
      if (std::sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
    }
    std::fclose(status);
    if (kb >= 0) return kb;
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// 64-bit FNV-1a of a snapshot's compact encoding (equal bytes: equal values, floats bit for bit).
template <class M>
std::uint64_t Digest(const M& m, Bytes& scratch) {
  if (const pakt::Status s = Serialize(m, scratch); !s) throw std::runtime_error("compact encode: " + s.to_string());
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (std::uint8_t b : scratch) h = (h ^ b) * 0x100000001B3ULL;
  return h;
}

// The server's own decode of each recent tick (its digest), by wire tick.
class TickDigests {
 public:
  void put(std::uint16_t tick, std::uint64_t digest) noexcept { ring_[tick % ring_.size()] = {tick, digest, true}; }
  bool find(std::uint16_t tick, std::uint64_t& digest) const noexcept {
    const Entry& e = ring_[tick % ring_.size()];
    if (!e.set || e.tick != tick) return false;
    digest = e.digest;
    return true;
  }

 private:
  struct Entry {
    std::uint16_t tick = 0;
    std::uint64_t digest = 0;
    bool set = false;
  };
  std::array<Entry, 1024> ring_{};
};

template <class Simulation>
class Soak {
 public:
  using M = std::decay_t<decltype(std::declval<Simulation&>().Step())>;

  explicit Soak(const Options& o)
      : o_(o), all_(o.clients + o.external_clients.size()), link_(MakeLink(o)), relay_(link_, all_) {
    figures_.options = o;
    figures_.clients.resize(all_);
    figures_.rtt_ms = 2 * o.delay_ms + 1000.0 / kTicksPerSecond;
    client_sockets_.reserve(o.clients);
    receivers_.reserve(o.clients);
    relay_sockets_.reserve(all_);
    senders_.reserve(all_);
    externals_.reserve(o.external_clients.size());
    for (std::size_t i = 0; i < all_; ++i) {
      relay_sockets_.emplace_back();
      senders_.emplace_back(o.history);
      relay_port_index_.push_back(relay_sockets_.back().port());
      if (i < o.clients) {
        client_sockets_.emplace_back();
        receivers_.emplace_back(o.history);
        client_ports_.push_back(client_sockets_.back().port());
      } else {
        externals_.emplace_back(o.external_clients[i - o.clients], SceneName(o.scene));
        client_ports_.push_back(externals_.back().port());
        figures_.clients[i].implementation = externals_.back().command();
      }
    }
    to_relay_.assign(all_, 0);
    to_client_.assign(all_, 0);
    last_digest_.assign(all_, 0);
    datagram_.resize(kDatagramCapacity);
    packet_.reserve(kDatagramCapacity);
    ack_.reserve(16);
    blackout_until_us_ = link_.blackout_until_us;
    settled_us_ = SecondsToUs(o.settled_from_s);
    warm_us_ = SecondsToUs(o.warm_up_s);
  }

  RunFigures run() {
    const auto wall_start = std::chrono::steady_clock::now();
    const auto total = static_cast<std::uint64_t>(std::llround(o_.seconds * kTicksPerSecond));
    std::uint64_t n = 0;  // ticks done
    std::uint64_t loop_allocations_at_warm = 0;
    bool warm_marked = false;
    while (n < total) {
      const std::int64_t tick_us = TickTimeUs(n);
      const std::int64_t now = std::min(tick_us, relay_.next_due());
      if (!warm_marked && now >= warm_us_) {
        warm_marked = true;
        loop_allocations_at_warm = AllocationCount();
      }
      if (now == tick_us) server_tick(++n, now);
      pump(now);
    }
    for (std::size_t i = o_.clients; i < all_; ++i) {  // stops the external clients
      relay_sockets_[i].send_to(client_ports_[i], nullptr, 0);
    }
    figures_.ticks = n;
    figures_.loop_allocations = warm_marked ? AllocationCount() - loop_allocations_at_warm : 0;
    figures_.steady_seconds = steady_seconds(TickTimeUs(n));
    figures_.to_client = relay_.counts(Direction::kToClient);
    figures_.to_server = relay_.counts(Direction::kToServer);
    figures_.peak_rss_kb = PeakRssKb();
    figures_.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    return figures_;
  }

 private:
  static LinkConditions MakeLink(const Options& o) {
    LinkConditions link;
    link.loss = o.loss;
    link.duplicate = o.duplicate;
    link.reorder = o.reorder;
    link.delay_us = SecondsToUs(o.delay_ms / 1000);
    link.tick_us = kSecondUs / kTicksPerSecond;
    link.seed = o.seed;
    if (o.blackout_at_s >= 0) {
      link.blackout_from_us = SecondsToUs(o.blackout_at_s);
      link.blackout_until_us = link.blackout_from_us + SecondsToUs(o.blackout_ms / 1000);
    }
    return link;
  }

  // The steady window: from settled_from_s to the end, less the blackout and the 3 s after it.
  bool steady(std::int64_t t_us) const noexcept {
    if (t_us < settled_us_) return false;
    if (link_.blackout_from_us >= 0 && t_us >= link_.blackout_from_us && t_us < blackout_until_us_ + 3 * kSecondUs) {
      return false;
    }
    return true;
  }
  double steady_seconds(std::int64_t end_us) const {
    std::int64_t us = std::max<std::int64_t>(0, end_us - settled_us_);
    if (link_.blackout_from_us >= 0) {
      const std::int64_t from = std::max(link_.blackout_from_us, settled_us_);
      const std::int64_t until = std::min(blackout_until_us_ + 3 * kSecondUs, end_us);
      us -= std::max<std::int64_t>(0, until - from);
    }
    return static_cast<double>(us) / kSecondUs;
  }
  bool warm(std::int64_t t_us) const noexcept { return t_us >= warm_us_; }

  void server_tick(std::uint64_t n, std::int64_t now) {
    const M& snapshot = simulation_.Step();
    const auto tick = static_cast<std::uint16_t>((kFirstWireTick + n) & 0xFFFF);
    if (const pakt::Status s = Serialize(snapshot, server_packed_, pakt::packed); !s) {
      throw std::runtime_error("tick " + std::to_string(n) + ": packed encode: " + s.to_string());
    }
    if (const pakt::Status s = Deserialize(pakt::ByteView(server_packed_), server_decoded_, pakt::packed); !s) {
      throw std::runtime_error("tick " + std::to_string(n) + ": packed decode: " + s.to_string());
    }
    digests_.put(tick, Digest(server_decoded_, compact_));
    for (std::size_t i = 0; i < all_; ++i) {
      ClientFigures& f = figures_.clients[i];
      const std::uint64_t before = AllocationCount();
      const pakt::Status s = senders_[i].encode(tick, snapshot, packet_);
      count_replication_call(now, before);
      if (!s) throw std::runtime_error("client " + std::to_string(i) + " tick " + std::to_string(tick) + ": encode: " + s.message());
      server_socket_.send_to(relay_sockets_[i].port(), packet_.data(), packet_.size());
      ++to_relay_[i];
      ++f.packets_sent;
      f.snapshot_bytes += packet_.size();
      const bool full = senders_[i].last_was_full();
      if (full) ++f.full_sent;
      if (steady(now)) {
        f.steady_snapshot_bytes += packet_.size();
        ++f.steady_packets;
        if (full) ++f.steady_full;
      }
    }
  }

  void count_replication_call(std::int64_t now, std::uint64_t allocations_before) {
    if (!warm(now)) return;
    ++figures_.replication_calls;
    figures_.replication_allocations += AllocationCount() - allocations_before;
  }

  // Receives one datagram expected on `socket`; false (a kernel loss) when none comes.
  bool receive_expected(UdpSocket& socket, std::size_t& size, std::uint16_t& from) {
    if (socket.receive(datagram_.data(), datagram_.size(), size, from, kLoopbackWaitMs)) return true;
    ++figures_.kernel_lost;
    return false;
  }

  // Moves every packet due at `now` until nothing moves: relay in, relay out, clients, server.
  void pump(std::int64_t now) {
    for (;;) {
      bool moved = false;
      for (std::size_t i = 0; i < all_; ++i) {
        for (; to_relay_[i] > 0; --to_relay_[i]) {
          std::size_t size = 0;
          std::uint16_t from = 0;
          if (!receive_expected(relay_sockets_[i], size, from)) continue;
          const Direction d = from == server_socket_.port() ? Direction::kToClient : Direction::kToServer;
          relay_.accept(d, i, datagram_.data(), size, now);
        }
      }
      while (const Datagram* d = relay_.pop_due(now)) {
        moved = true;
        UdpSocket& from = relay_sockets_[d->client];
        if (d->direction == Direction::kToClient) {
          from.send_to(client_ports_[d->client], d->bytes.data(), d->bytes.size());
          ++to_client_[d->client];
        } else {
          from.send_to(server_socket_.port(), d->bytes.data(), d->bytes.size());
          ++to_server_;
        }
      }
      for (std::size_t i = 0; i < o_.clients; ++i) {
        for (; to_client_[i] > 0; --to_client_[i]) {
          std::size_t size = 0;
          std::uint16_t from = 0;
          if (receive_expected(client_sockets_[i], size, from)) client_receive(i, size, now);
        }
      }
      for (std::size_t i = o_.clients; i < all_; ++i) {  // an external client answers each datagram
        for (; to_client_[i] > 0; --to_client_[i]) {
          std::size_t size = 0;
          std::uint16_t from = 0;
          if (!relay_sockets_[i].receive(datagram_.data(), datagram_.size(), size, from, kExternalWaitMs)) {
            throw std::runtime_error("external client `" + externals_[i - o_.clients].command() + "` did not answer within " +
                                     std::to_string(kExternalWaitMs / 1000) + " s");
          }
          external_answer(i, size, now);
        }
      }
      for (; to_server_ > 0; --to_server_) {
        std::size_t size = 0;
        std::uint16_t from = 0;
        if (receive_expected(server_socket_, size, from)) server_receive_ack(from, size, now);
      }
      bool pending = false;
      for (std::size_t c : to_relay_) pending = pending || c > 0;
      if (!moved && !pending) return;
    }
  }

  void client_receive(std::size_t i, std::size_t size, std::int64_t now) {
    ClientFigures& f = figures_.clients[i];
    rep::Receiver<M>& receiver = receivers_[i];
    ++f.received;
    const bool had = receiver.has_snapshot();
    const std::uint16_t old_tick = receiver.tick();
    const std::uint32_t old_bits = receiver.previous_bits();
    const std::size_t old_held = receiver.held_count();
    const bool old_verified = receiver.fingerprint_verified();
    const std::uint64_t before = AllocationCount();
    const pakt::Status s = receiver.receive(pakt::ByteView(datagram_.data(), size), ack_);
    if (!s) {
      if (warm(now)) figures_.refusal_allocations += AllocationCount() - before;
      refused(i, s.message());
      const bool same = receiver.has_snapshot() == had && receiver.tick() == old_tick &&
                        receiver.previous_bits() == old_bits && receiver.held_count() == old_held &&
                        receiver.fingerprint_verified() == old_verified &&
                        (!had || Digest(receiver.snapshot(), compact_) == last_digest_[i]) && ack_.empty();
      if (!same) {
        ++f.refusals_that_changed_state;
        note(f, "a refused packet changed the receiver's state: " + s.message());
      }
      return;
    }
    count_replication_call(now, before);
    ++f.applied;
    const std::uint64_t digest = Digest(receiver.snapshot(), compact_);
    last_digest_[i] = digest;
    check_applied(f, receiver.tick(), digest);
    recovered(f, datagram_[0], now);
    client_sockets_[i].send_to(relay_sockets_[i].port(), ack_.data(), ack_.size());
    ++to_relay_[i];
    ++f.acks_sent;
    f.ack_bytes += ack_.size();
    if (steady(now)) {
      f.steady_ack_bytes += ack_.size();
      ++f.steady_acks;
    }
  }

  // An external client's answer (SoakClient.cs's header comment): an ack, its snapshot's digest and
  // the packet's kind; or a refusal. The ack goes on to the server through the relay.
  void external_answer(std::size_t i, std::size_t size, std::int64_t now) {
    ClientFigures& f = figures_.clients[i];
    ++f.received;
    if (size >= 1 && (datagram_[0] == 0xF0 || datagram_[0] == 0xF1)) {
      refused(i, std::string(reinterpret_cast<const char*>(datagram_.data()) + 1, size - 1));
      if (datagram_[0] == 0xF1) {
        ++f.refusals_that_changed_state;
        note(f, "a refused packet changed the client's state");
      }
      return;
    }
    if (size != rep::kAckSize + 9 || datagram_[0] != rep::kKindAck) {
      throw std::runtime_error("external client `" + externals_[i - o_.clients].command() + "`: an answer of " +
                               std::to_string(size) + " bytes, neither an ack + digest + kind nor a refusal");
    }
    ++f.applied;
    const auto tick = static_cast<std::uint16_t>(datagram_[1] | (datagram_[2] << 8));
    std::uint64_t digest = 0;
    for (std::size_t b = 0; b < 8; ++b) digest |= std::uint64_t{datagram_[rep::kAckSize + b]} << (8 * b);
    check_applied(f, tick, digest);
    recovered(f, datagram_[rep::kAckSize + 8], now);
    relay_.accept(Direction::kToServer, i, datagram_.data(), rep::kAckSize, now);  // it reached the relay
    ++f.acks_sent;
    f.ack_bytes += rep::kAckSize;
    if (steady(now)) {
      f.steady_ack_bytes += rep::kAckSize;
      ++f.steady_acks;
    }
  }

  void check_applied(ClientFigures& f, std::uint16_t tick, std::uint64_t digest) {
    std::uint64_t expected = 0;
    if (digests_.find(tick, expected)) {
      ++f.checked;
      if (digest != expected) {
        ++f.desyncs;
        note(f, "tick " + std::to_string(tick) + ": the applied snapshot differs from the server's decode");
      }
    } else {
      note(f, "tick " + std::to_string(tick) + ": no server decode kept to check it against");
    }
  }

  void recovered(ClientFigures& f, std::uint8_t kind, std::int64_t now) {
    if (blackout_until_us_ < 0 || now < blackout_until_us_) return;
    if (f.recovery_first_us < 0) f.recovery_first_us = now - blackout_until_us_;
    if ((kind & 3) == rep::kKindDelta && f.recovery_delta_us < 0) f.recovery_delta_us = now - blackout_until_us_;
  }

  void refused(std::size_t i, const std::string& why) {
    ClientFigures& f = figures_.clients[i];
    if (why.find("is not newer than the newest applied") != std::string::npos) {
      ++f.refused_stale;
    } else if (why.find("baseline tick") != std::string::npos) {
      ++f.refused_baseline;
    } else {
      ++f.refused_other;
      note(f, "unexpected refusal: " + why);
    }
  }

  void server_receive_ack(std::uint16_t from, std::size_t size, std::int64_t now) {
    const auto it = std::find(relay_port_index_.begin(), relay_port_index_.end(), from);
    if (it == relay_port_index_.end()) throw std::runtime_error("an ack from an unknown port " + std::to_string(from));
    const auto i = static_cast<std::size_t>(it - relay_port_index_.begin());
    ClientFigures& f = figures_.clients[i];
    ++f.acks_received;
    const std::uint64_t before = AllocationCount();
    const pakt::Status s = senders_[i].receive_ack(pakt::ByteView(datagram_.data(), size));
    if (!s) {
      ++f.acks_refused;
      note(f, "ack refused: " + s.message());
      return;
    }
    count_replication_call(now, before);
  }

  static void note(ClientFigures& f, const std::string& what) {
    if (f.first_error.empty()) f.first_error = what;
  }

  Options o_;
  std::size_t all_;  // the C++ clients, then the external ones
  LinkConditions link_;
  LossyRelay relay_;
  Simulation simulation_;
  UdpSocket server_socket_;
  std::vector<UdpSocket> relay_sockets_, client_sockets_;
  std::vector<std::uint16_t> relay_port_index_;  // relay socket i's port: acks from it are client i's
  std::vector<std::uint16_t> client_ports_;      // where client i's snapshots go
  std::vector<ExternalClient> externals_;
  std::vector<rep::Sender<M>> senders_;
  std::vector<rep::Receiver<M>> receivers_;
  std::vector<std::size_t> to_relay_, to_client_;  // datagrams sent and not yet read, per socket
  std::size_t to_server_ = 0;
  TickDigests digests_;
  std::vector<std::uint64_t> last_digest_;  // each client's applied snapshot
  M server_decoded_{};
  Bytes server_packed_, compact_, packet_, ack_, datagram_;
  std::int64_t blackout_until_us_ = -1, settled_us_ = 0, warm_us_ = 0;
  RunFigures figures_;
};

template <class T, class F>
double MeanOver(const std::vector<T>& v, F f) {
  if (v.empty()) return 0;
  double sum = 0;
  for (const T& x : v) sum += f(x);
  return sum / static_cast<double>(v.size());
}

}  // namespace

const char* SceneName(Scene scene) noexcept { return scene == Scene::kCubes ? "cubes" : "players"; }

double RunFigures::snapshot_kbps() const {
  if (steady_seconds <= 0) return 0;
  return MeanOver(clients, [&](const ClientFigures& c) { return static_cast<double>(c.steady_snapshot_bytes) * 8 / 1000 / steady_seconds; });
}
double RunFigures::ack_kbps() const {
  if (steady_seconds <= 0) return 0;
  return MeanOver(clients, [&](const ClientFigures& c) { return static_cast<double>(c.steady_ack_bytes) * 8 / 1000 / steady_seconds; });
}
double RunFigures::snapshot_kbps_with_udp_ip() const {
  if (steady_seconds <= 0) return 0;
  return MeanOver(clients, [&](const ClientFigures& c) {
    return static_cast<double>(c.steady_snapshot_bytes + 28 * c.steady_packets) * 8 / 1000 / steady_seconds;
  });
}
double RunFigures::full_share() const {
  std::uint64_t full = 0, all = 0;
  for (const ClientFigures& c : clients) {
    full += c.full_sent;
    all += c.packets_sent;
  }
  return all == 0 ? 0 : static_cast<double>(full) / static_cast<double>(all);
}
double RunFigures::steady_full_share() const {
  const std::uint64_t full = total(&ClientFigures::steady_full), all = total(&ClientFigures::steady_packets);
  return all == 0 ? 0 : static_cast<double>(full) / static_cast<double>(all);
}
std::uint64_t RunFigures::desyncs() const {
  std::uint64_t n = 0;
  for (const ClientFigures& c : clients) n += c.desyncs;
  return n;
}
std::uint64_t RunFigures::refusals_that_changed_state() const {
  std::uint64_t n = 0;
  for (const ClientFigures& c : clients) n += c.refusals_that_changed_state;
  return n;
}
std::int64_t RunFigures::worst_recovery_first_us() const {
  std::int64_t worst = 0;
  for (const ClientFigures& c : clients) {
    if (c.recovery_first_us < 0) return -1;
    worst = std::max(worst, c.recovery_first_us);
  }
  return options.blackout_at_s < 0 ? -1 : worst;
}
std::int64_t RunFigures::worst_recovery_delta_us() const {
  std::int64_t worst = 0;
  for (const ClientFigures& c : clients) {
    if (c.recovery_delta_us < 0) return -1;
    worst = std::max(worst, c.recovery_delta_us);
  }
  return options.blackout_at_s < 0 ? -1 : worst;
}
std::string RunFigures::first_error() const {
  for (std::size_t i = 0; i < clients.size(); ++i) {
    if (!clients[i].first_error.empty()) return "client " + std::to_string(i) + ": " + clients[i].first_error;
  }
  return "";
}

RunFigures RunSoak(const Options& options) {
  if (options.clients + options.external_clients.size() < 1) throw std::invalid_argument("no client");
  if (options.scene == Scene::kCubes) return Soak<pakt_bench::snapshot::CubeSimulation>(options).run();
  return Soak<pakt_bench::snapshot::PlayerSimulation>(options).run();
}

}  // namespace pakt_soak
