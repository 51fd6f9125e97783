// Deterministic game state for the packed format's figures (docs/packed.md, bench/RESULTS.md):
//   CubeSimulation — Glenn Fiedler's cube scene: 901 cubes on a floor; they start dropped from
//     up to 8 m and settle, then a player cube drives a circle through them and pushes the cubes it
//     touches, which slide, spin and come to rest again.
//   PlayerSimulation — a 64-player match: everyone runs, turns, jumps and fires; some die and respawn.
// The same seed gives the same snapshots on every machine (no clocks, no unordered containers).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "snapshot.pakt.h"

namespace pakt_bench::snapshot {

inline constexpr int kTicksPerSecond = 60;

class CubeSimulation {
 public:
  static constexpr std::size_t kCubes = 901;  // 900 small cubes and the player's
  explicit CubeSimulation(std::uint64_t seed = 901);
  // Advances one tick (1/60 s) and returns the snapshot of the new state.
  const pakt::bench::snapshot::CubeScene& Step();
  const pakt::bench::snapshot::CubeScene& Current() const { return scene_; }

 private:
  struct Motion {
    double vx = 0, vy = 0, vz = 0;  // m/s
    double spin = 0;                // rad/s about the vertical axis
  };
  pakt::bench::snapshot::CubeScene scene_;
  std::vector<Motion> motion_;
  std::mt19937_64 rng_;
};

class PlayerSimulation {
 public:
  static constexpr std::size_t kPlayers = 64;
  explicit PlayerSimulation(std::uint64_t seed = 64);
  const pakt::bench::snapshot::PlayerSnapshot& Step();
  const pakt::bench::snapshot::PlayerSnapshot& Current() const { return snapshot_; }

 private:
  pakt::bench::snapshot::PlayerSnapshot snapshot_;
  std::vector<int> respawn_in_;  // ticks until a dead player respawns
  std::mt19937_64 rng_;
};

}  // namespace pakt_bench::snapshot
