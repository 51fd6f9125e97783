// One soak run: a server replicating a deterministic simulation (bench/snapshot/simulation.hpp) at
// 60 Hz of simulated time to K clients over real UDP sockets on 127.0.0.1, through the LossyRelay,
// with pakt::replication's Sender / Receiver; every applied snapshot checked against the server's own
// decode of its tick. The clock is simulated (the relay's delays are in simulated time), so a run is
// a function of its options: wall-clock timing changes nothing but the run's duration.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lossy_relay.hpp"

namespace pakt_soak {

enum class Scene { kCubes, kPlayers };

const char* SceneName(Scene scene) noexcept;

struct Options {
  Scene scene = Scene::kCubes;
  double seconds = 20;            // simulated
  std::size_t clients = 4;
  std::size_t history = 32;       // the Sender's and Receiver's N
  double settled_from_s = 10;     // the steady window starts here (the cube scene has settled)
  double warm_up_s = 2;           // allocations are counted from here (histories full, buffers grown)
  double blackout_at_s = -1;      // none when negative
  double blackout_ms = 2000;
  double delay_ms = 50;           // one way
  double loss = 0, duplicate = 0, reorder = 0;
  std::uint64_t seed = 1;
  // Clients in other processes (external_client.hpp), after the `clients` C++ ones: commands such
  // as "mono SoakClient.exe" (the scene's name is appended).
  std::vector<std::string> external_clients;
};

struct ClientFigures {
  std::string implementation = "C++";  // or the external client's command
  std::uint64_t packets_sent = 0, full_sent = 0, snapshot_bytes = 0, acks_sent = 0, ack_bytes = 0;
  std::uint64_t steady_snapshot_bytes = 0, steady_ack_bytes = 0;  // inside the steady window
  std::uint64_t steady_packets = 0, steady_full = 0, steady_acks = 0;
  std::uint64_t received = 0, applied = 0, checked = 0, desyncs = 0;
  std::uint64_t refused_stale = 0;     // tick not newer than the newest applied (duplicates, late packets)
  std::uint64_t refused_baseline = 0;  // baseline not held
  std::uint64_t refused_other = 0;
  std::uint64_t refusals_that_changed_state = 0;
  std::uint64_t acks_received = 0, acks_refused = 0;
  std::int64_t recovery_first_us = -1;  // blackout end -> first packet applied
  std::int64_t recovery_delta_us = -1;  // blackout end -> first delta applied (back to deltas)
  std::string first_error;              // the first desync or unexpected refusal, for the report
};

struct RunFigures {
  Options options;
  std::vector<ClientFigures> clients;
  double steady_seconds = 0;
  double rtt_ms = 0;
  std::uint64_t ticks = 0;
  std::uint64_t kernel_lost = 0;  // datagrams sent on loopback that never arrived (must be 0)
  // Allocations (operator new) after warm-up: in Sender::encode, accepted Receiver::receive and
  // Sender::receive_ack calls, per call; and in the whole loop (harness included).
  std::uint64_t replication_calls = 0, replication_allocations = 0, loop_allocations = 0;
  std::uint64_t refusal_allocations = 0;  // in refused Receiver::receive calls (the error Status's own)
  long peak_rss_kb = 0;
  double wall_seconds = 0;  // informative only
  RelayCounts to_client, to_server;

  // Per client, averaged over the clients.
  double snapshot_kbps() const;  // packet bytes (replication header included) per steady second
  double ack_kbps() const;
  double snapshot_kbps_with_udp_ip() const;  // + 28 bytes of IPv4 and UDP header per datagram
  double full_share() const;                 // full snapshots among the packets sent, whole run
  double steady_full_share() const;          // the same in the steady window
  std::uint64_t desyncs() const;
  std::uint64_t refusals_that_changed_state() const;
  std::int64_t worst_recovery_first_us() const;  // -1 when a client never recovered or no blackout
  std::int64_t worst_recovery_delta_us() const;
  std::string first_error() const;
  // The sum of one counter over the clients.
  std::uint64_t total(std::uint64_t ClientFigures::*counter) const {
    std::uint64_t n = 0;
    for (const ClientFigures& c : clients) n += c.*counter;
    return n;
  }
};

// Runs the soak; throws std::runtime_error on a socket or encode failure.
RunFigures RunSoak(const Options& options);

}  // namespace pakt_soak
