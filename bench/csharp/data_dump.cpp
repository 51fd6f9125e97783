// The C++ benchmark's data sets (bench/data_sets.cpp) as the C++ generated code encodes them, for the
// C# benchmark's self-check (tests/csharp/run_csharp_tests.py bench): one line per data set and format,
// "<data set>\t<format>\t<hex>". The C# benchmark builds the same data sets on its own and must encode
// them to exactly these bytes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "data_sets.hpp"
#include "snapshot/simulation.hpp"
#include "pakt_internal/hex.hpp"

namespace {

template <class Message, class Format>
void Dump(const char* name, const char* format_name, const Message& message, Format format) {
  std::vector<std::uint8_t> bytes;
  if (!Serialize(message, bytes, format)) {
    std::fprintf(stderr, "data_dump: %s does not serialize in %s\n", name, format_name);
    std::exit(1);
  }
  std::printf("%s\t%s\t%s\n", name, format_name, pakt::internal::to_hex(bytes).c_str());
}

// Tick 600 of a snapshot simulation in compact and packed, and its packed delta against tick 594 (as
// bench/snapshot/snapshot_codecs.cpp times them).
template <class Simulation>
void DumpSnapshot(const char* name) {
  Simulation simulation;
  std::decay_t<decltype(simulation.Current())> baseline;
  for (int tick = 1; tick <= 600; ++tick) {
    simulation.Step();
    if (tick == 594) baseline = simulation.Current();
  }
  Dump(name, "compact", simulation.Current(), pakt::compact);
  Dump(name, "packed", simulation.Current(), pakt::packed);
  std::vector<std::uint8_t> bytes;
  if (!Serialize(simulation.Current(), baseline, bytes, pakt::packed)) {
    std::fprintf(stderr, "data_dump: %s's delta does not serialize\n", name);
    std::exit(1);
  }
  std::printf("%s\tdelta\t%s\n", name, pakt::internal::to_hex(bytes).c_str());
}

}  // namespace

int main() {
  const pakt_bench::DataSets& data = pakt_bench::Inputs();
  Dump("SeedGameStruct", "compact", data.seed_game_struct, pakt::compact);
  Dump("SeedGameStruct", "mslima", data.seed_game_struct, pakt::mslima);
  Dump("Monster50", "compact", data.monsters, pakt::compact);
  Dump("Monster50", "mslima", data.monsters, pakt::mslima);
  DumpSnapshot<pakt_bench::snapshot::CubeSimulation>("CubeScene");
  DumpSnapshot<pakt_bench::snapshot::PlayerSimulation>("Players64");
  return 0;
}
