// pakt_snapshot_sizes: bandwidth of the snapshot data sets (bench/snapshot.yaml) in compact, packed
// and packed+delta, tick by tick, with every decode checked:
//   - the packed decode is within the schema's precision of the snapshot (checks.hpp);
//   - the delta decode, against the receiver's copy of the baseline, equals the full packed decode;
//   - CubeScene: the hand-written packed codec (the bench's floor, hand_packed.hpp) writes the same
//     bytes and decodes them to the same value, on every tick and on random scenes, and accepts
//     exactly the mutations of them that the generated decoder accepts.
// The delta's baseline is the snapshot of `--ack-ticks` ticks before (the last one the client has
// acknowledged at a 100 ms round trip: 6 ticks at 60 Hz); the first ones are sent in full.
// Prints JSON for bench/results_table.py; exits 1 on the first failed check.
//
//   pakt_snapshot_sizes [--ticks N] [--ack-ticks K] [--settled-after TICK]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "snapshot/checks.hpp"
#include "snapshot/hand_packed.hpp"
#include "snapshot/simulation.hpp"

namespace {

using pakt_bench::snapshot::kTicksPerSecond;

struct Options {
  int ticks = 900;          // 15 s
  int ack_ticks = 6;        // 100 ms round trip
  int settled_after = 300;  // the dropped cubes have come to rest by 5 s
};

struct Phase {
  std::string name;
  int first = 0, last = 0;  // ticks, inclusive
  double compact = 0, packed = 0, delta = 0, moving = 0;
  int count = 0;
};

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "pakt_snapshot_sizes: %s\n", what.c_str());
  std::exit(1);
}

std::size_t CountMoving(const pakt::bench::snapshot::CubeScene& s) {
  std::size_t n = 0;
  for (const auto& c : s.cubes) n += c.at_rest ? 0 : 1;
  return n;
}
std::size_t CountMoving(const pakt::bench::snapshot::PlayerSnapshot& s) {
  std::size_t n = 0;
  for (const auto& p : s.players) n += p.alive ? 1 : 0;
  return n;
}

// The hand-written floor against the generated code on one scene (its packed bytes and full decode).
void CheckHandWritten(const pakt::bench::snapshot::CubeScene& scene, const std::vector<std::uint8_t>& packed,
                      const pakt::bench::snapshot::CubeScene& decoded, const std::string& where) {
  std::vector<std::uint8_t> bytes;
  if (!pakt_bench::snapshot::HandPackedSerialize(scene, bytes)) Fail(where + ": the hand-written encode failed");
  if (bytes != packed) Fail(where + ": the hand-written bytes differ from the generated ones");
  pakt::bench::snapshot::CubeScene back;
  if (!pakt_bench::snapshot::HandPackedDeserialize(bytes.data(), bytes.size(), back) || !(back == decoded)) {
    Fail(where + ": the hand-written decode differs from the generated one");
  }
}
void CheckHandWritten(const pakt::bench::snapshot::PlayerSnapshot&, const std::vector<std::uint8_t>&,
                      const pakt::bench::snapshot::PlayerSnapshot&, const std::string&) {}

// Random scenes over the whole range (the ends, negative largest rotation components, non-unit
// rotations, up to max_count cubes), then random bit flips, truncations and appended bytes of each:
// the generated and the hand-written decoder accept the same ones, to the same value.
void CheckHandWrittenOnRandomScenes(int scenes) {
  std::mt19937_64 rng(15);
  std::uniform_real_distribution<float> position(-256, 256);
  std::normal_distribution<float> normal;
  for (int n = 0; n < scenes; ++n) {
    const std::string where = "random scene " + std::to_string(n);
    pakt::bench::snapshot::CubeScene scene;
    scene.tick = static_cast<std::uint32_t>(rng() >> (rng() % 33));
    scene.cubes.resize(n % 10 == 0 ? rng() % 1025 : rng() % 40);
    for (auto& c : scene.cubes) {
      float* p[3] = {&c.position.x, &c.position.y, &c.position.z};
      for (float* x : p) *x = rng() % 16 == 0 ? (rng() % 2 ? -256.0f : 256.0f) : position(rng);
      c.rotation = {normal(rng), normal(rng), normal(rng), normal(rng)};
      if (rng() % 4 != 0) {  // unit, as a rotation is; else as it came
        const float norm = std::sqrt(c.rotation.x * c.rotation.x + c.rotation.y * c.rotation.y +
                                     c.rotation.z * c.rotation.z + c.rotation.w * c.rotation.w);
        c.rotation = {c.rotation.x / norm, c.rotation.y / norm, c.rotation.z / norm, c.rotation.w / norm};
      }
      c.at_rest = rng() % 2 != 0;
    }
    std::vector<std::uint8_t> packed;
    const pakt::Status s = Serialize(scene, packed, pakt::packed);
    if (!s) Fail(where + ": packed encode: " + s.to_string());
    pakt::bench::snapshot::CubeScene decoded;
    if (!Deserialize(pakt::ByteView(packed), decoded, pakt::packed)) Fail(where + ": packed decode failed");
    CheckHandWritten(scene, packed, decoded, where);
    for (int m = 0; m < 20 && !packed.empty(); ++m) {
      std::vector<std::uint8_t> bytes = packed;
      switch (m % 3) {
        case 0: bytes[rng() % bytes.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8)); break;
        case 1: bytes.resize(rng() % bytes.size()); break;
        default: bytes.push_back(static_cast<std::uint8_t>(rng())); break;
      }
      pakt::bench::snapshot::CubeScene generated, hand;
      const bool generated_ok = static_cast<bool>(Deserialize(pakt::ByteView(bytes), generated, pakt::packed));
      const bool hand_ok = pakt_bench::snapshot::HandPackedDeserialize(bytes.data(), bytes.size(), hand);
      if (generated_ok != hand_ok || (generated_ok && !(generated == hand))) {
        Fail(where + " mutation " + std::to_string(m) + ": the decoders disagree");
      }
    }
  }
}

// Runs one simulation and returns its JSON object.
template <class Simulation>
std::string Run(const char* name, Simulation simulation, std::size_t entities, const Options& options,
                std::vector<Phase> phases) {
  using Snapshot = std::decay_t<decltype(simulation.Current())>;
  std::deque<Snapshot> sent;      // the sender's snapshots, newest last
  std::deque<Snapshot> received;  // the receiver's decodes of them
  std::vector<std::uint8_t> compact, packed, delta;
  std::string per_tick;
  for (int tick = 1; tick <= options.ticks; ++tick) {
    const Snapshot& now = simulation.Step();
    if (!Serialize(now, compact, pakt::compact)) Fail(std::string(name) + ": compact encode failed");
    const pakt::Status packed_status = Serialize(now, packed, pakt::packed);
    if (!packed_status) Fail(std::string(name) + ": packed encode: " + packed_status.to_string());
    Snapshot full;
    const pakt::Status full_status = Deserialize(pakt::ByteView(packed), full, pakt::packed);
    if (!full_status) Fail(std::string(name) + ": packed decode: " + full_status.to_string());
    const std::string error = pakt_bench::snapshot::QuantizationError(now, full);
    if (!error.empty()) Fail(std::string(name) + " tick " + std::to_string(tick) + ": " + error);
    CheckHandWritten(now, packed, full, std::string(name) + " tick " + std::to_string(tick));

    Snapshot decoded;
    if (static_cast<int>(sent.size()) >= options.ack_ticks) {
      const Snapshot& baseline = sent[sent.size() - static_cast<std::size_t>(options.ack_ticks)];
      const Snapshot& receiver_baseline = received[received.size() - static_cast<std::size_t>(options.ack_ticks)];
      const pakt::Status s = Serialize(now, baseline, delta, pakt::packed);
      if (!s) Fail(std::string(name) + ": delta encode: " + s.to_string());
      const pakt::Status d = Deserialize(pakt::ByteView(delta), receiver_baseline, decoded, pakt::packed);
      if (!d) Fail(std::string(name) + ": delta decode: " + d.to_string());
      if (!(decoded == full)) Fail(std::string(name) + " tick " + std::to_string(tick) + ": the delta decode differs from the full decode");
    } else {
      delta = packed;  // no acknowledged baseline yet: the full snapshot
      decoded = full;
    }
    sent.push_back(now);
    received.push_back(decoded);
    if (static_cast<int>(sent.size()) > options.ack_ticks) {
      sent.pop_front();
      received.pop_front();
    }
    const double moving = static_cast<double>(CountMoving(now));
    for (Phase& phase : phases) {
      if (tick < phase.first || tick > phase.last) continue;
      phase.compact += static_cast<double>(compact.size());
      phase.packed += static_cast<double>(packed.size());
      phase.delta += static_cast<double>(delta.size());
      phase.moving += moving;
      ++phase.count;
    }
    per_tick += (tick == 1 ? "" : ",") + std::string("[") + std::to_string(compact.size()) + "," +
                std::to_string(packed.size()) + "," + std::to_string(delta.size()) + "]";
  }
  std::string json = std::string("{\"name\":\"") + name + "\",\"entities\":" + std::to_string(entities) +
                     ",\"ticks_per_second\":" + std::to_string(kTicksPerSecond) +
                     ",\"ack_ticks\":" + std::to_string(options.ack_ticks) + ",\"phases\":[";
  for (std::size_t i = 0; i < phases.size(); ++i) {
    const Phase& p = phases[i];
    const double n = p.count > 0 ? p.count : 1;
    char text[400];
    std::snprintf(text, sizeof text,
                  "%s{\"name\":\"%s\",\"first_tick\":%d,\"last_tick\":%d,\"compact\":%.1f,\"packed\":%.1f,"
                  "\"delta\":%.1f,\"active\":%.1f}",
                  i == 0 ? "" : ",", p.name.c_str(), p.first, p.last, p.compact / n, p.packed / n, p.delta / n,
                  p.moving / n);
    json += text;
  }
  return json + "],\"per_tick\":[" + per_tick + "]}";
}

int ParseInt(const char* text, const char* flag) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 1 || v > 1000000) Fail(std::string(flag) + " takes a positive number");
  return static_cast<int>(v);
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) Fail("usage: pakt_snapshot_sizes [--ticks N] [--ack-ticks K] [--settled-after TICK]");
    if (arg == "--ticks") {
      options.ticks = ParseInt(argv[++i], "--ticks");
    } else if (arg == "--ack-ticks") {
      options.ack_ticks = ParseInt(argv[++i], "--ack-ticks");
    } else if (arg == "--settled-after") {
      options.settled_after = ParseInt(argv[++i], "--settled-after");
    } else {
      Fail("unknown option " + arg);
    }
  }
  CheckHandWrittenOnRandomScenes(200);
  const int settled = options.settled_after < options.ticks ? options.settled_after : options.ticks - 1;
  const std::string cubes = Run("CubeScene", pakt_bench::snapshot::CubeSimulation(),
                                pakt_bench::snapshot::CubeSimulation::kCubes, options,
                                {Phase{"all", 1, options.ticks}, Phase{"dropping", 1, settled},
                                 Phase{"settled", settled + 1, options.ticks}});
  const std::string players = Run("Players64", pakt_bench::snapshot::PlayerSimulation(),
                                  pakt_bench::snapshot::PlayerSimulation::kPlayers, options,
                                  {Phase{"all", 1, options.ticks}});
  std::printf("{\"data_sets\":[%s,%s]}\n", cubes.c_str(), players.c_str());
  return 0;
}
