// The benchmark's inputs: the seed's structs with their schema examples, 50 monsters of the
// cpp_serializers_benchmark data set, and a path of 1000 vectors, all made deterministically.
#pragma once

#include "monster.pakt.h"
#include "photon_seed.pakt.h"

namespace pakt_bench {

struct DataSets {
  photon::seed::SeedStruct seed_struct;
  photon::seed::SeedGameStruct seed_game_struct;
  pakt::bench::Monsters monsters;  // 50 monsters
  pakt::bench::Path path;          // 1000 points
};

const DataSets& Inputs();

}  // namespace pakt_bench
