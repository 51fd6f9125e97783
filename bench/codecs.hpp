// One registration function per codec; each registers its benchmarks on every message it supports.
#pragma once

#include "data_sets.hpp"

namespace pakt_bench {

void RegisterMemcpyBenchmarks(const DataSets& data);
void RegisterHandWrittenBenchmarks(const DataSets& data);
void RegisterGeneratedBenchmarks(const DataSets& data);  // Compact and Mslima
void RegisterPfrBenchmarks(const DataSets& data);
void RegisterGodotBenchmarks(const DataSets& data);
void RegisterCerealBenchmarks(const DataSets& data);
void RegisterJsonBenchmarks(const DataSets& data);
void RegisterProtobufBenchmarks(const DataSets& data);     // a no-op when protobuf is not installed
void RegisterFlatBuffersBenchmarks(const DataSets& data);  // a no-op when flatbuffers is not installed
void RegisterSnapshotBenchmarks();  // CubeScene, Players64: compact, packed, packed+delta (snapshot/)

}  // namespace pakt_bench
