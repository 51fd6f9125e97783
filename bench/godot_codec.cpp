// GodotDict / GodotArray: not registered yet — the generator's Godot 4 mapping is not available.
#include "codecs.hpp"

namespace pakt_bench {

void RegisterGodotBenchmarks(const DataSets&) {}

}  // namespace pakt_bench
