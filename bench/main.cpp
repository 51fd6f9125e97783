// pakt_bench: pakt's codecs side by side with the memcpy floor, a hand-written codec and peers.
// Benchmark names are <Message>/<Codec>/<Op>; user counters: bytes (payload size) and allocs
// (heap allocations per iteration). Every codec's decode is checked against the input first.
#include <benchmark/benchmark.h>

#include "codecs.hpp"
#include "data_sets.hpp"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  const pakt_bench::DataSets& data = pakt_bench::Inputs();
  pakt_bench::RegisterMemcpyBenchmarks(data);
  pakt_bench::RegisterHandWrittenBenchmarks(data);
  pakt_bench::RegisterGeneratedBenchmarks(data);
  pakt_bench::RegisterPfrBenchmarks(data);
  pakt_bench::RegisterGodotBenchmarks(data);
  pakt_bench::RegisterCerealBenchmarks(data);
  pakt_bench::RegisterJsonBenchmarks(data);
  pakt_bench::RegisterProtobufBenchmarks(data);
  pakt_bench::RegisterFlatBuffersBenchmarks(data);
  pakt_bench::RegisterSnapshotBenchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
