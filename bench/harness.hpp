// Registers the Serialize / Deserialize / RoundTrip benchmarks of one codec on one message.
//
// A codec is a class constructed from the input message that owns everything it reuses between
// iterations (its own representation of the input, an output buffer, a decode target):
//   std::size_t Serialize();   // encodes the input into the reused buffer; returns the byte count
//   bool Deserialize();        // decodes the last encoded bytes into the reused target
//   Message Decoded() const;   // the decode target as the pakt message, checked against the input
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

#include "allocation_counter.hpp"

namespace pakt_bench {

enum class Operation { kSerialize, kDeserialize, kRoundTrip };

inline const char* OperationName(Operation operation) {
  switch (operation) {
    case Operation::kSerialize: return "Serialize";
    case Operation::kDeserialize: return "Deserialize";
    case Operation::kRoundTrip: return "RoundTrip";
  }
  return "?";
}

[[noreturn]] inline void Fail(const std::string& benchmark, const std::string& what) {
  std::fprintf(stderr, "pakt_bench: %s: %s\n", benchmark.c_str(), what.c_str());
  std::abort();
}

// Encodes and decodes once and compares the decoded value with the input; aborts on a mismatch.
template <class Codec, class Message>
void CheckRoundTrip(Codec& codec, const Message& input, const std::string& name) {
  if (codec.Serialize() == 0) Fail(name, "Serialize produced no bytes");
  if (!codec.Deserialize()) Fail(name, "Deserialize failed on the bytes Serialize produced");
  if (!(codec.Decoded() == input)) Fail(name, "the decoded value differs from the input");
}

template <class Codec>
void RunOperation(benchmark::State& state, Codec& codec, Operation operation, const std::string& name) {
  const std::size_t bytes = codec.Serialize();
  const std::uint64_t allocations_before = AllocationCount();
  switch (operation) {
    case Operation::kSerialize:
      for (auto _ : state) {
        benchmark::DoNotOptimize(codec.Serialize());
        benchmark::ClobberMemory();
      }
      break;
    case Operation::kDeserialize:
      for (auto _ : state) {
        if (!codec.Deserialize()) Fail(name, "Deserialize failed");
        benchmark::ClobberMemory();
      }
      break;
    case Operation::kRoundTrip:
      for (auto _ : state) {
        benchmark::DoNotOptimize(codec.Serialize());
        if (!codec.Deserialize()) Fail(name, "Deserialize failed");
        benchmark::ClobberMemory();
      }
      break;
  }
  const std::uint64_t allocations = AllocationCount() - allocations_before;
  const double iterations = static_cast<double>(state.iterations());
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["allocs"] = iterations > 0 ? static_cast<double>(allocations) / iterations : 0.0;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
}

// Registers <message_name>/<codec_name>/{Serialize,Deserialize,RoundTrip} after checking that the
// codec reproduces the input.
// Further arguments go to the codec's constructor after the input.
template <class Codec, class Message, class... Args>
void RegisterCodec(const std::string& message_name, const std::string& codec_name, const Message& input,
                   const Args&... args) {
  const std::string prefix = message_name + "/" + codec_name;
  auto codec = std::make_shared<Codec>(input, args...);
  CheckRoundTrip(*codec, input, prefix);
  for (Operation operation : {Operation::kSerialize, Operation::kDeserialize, Operation::kRoundTrip}) {
    const std::string name = prefix + "/" + OperationName(operation);
    benchmark::RegisterBenchmark(name.c_str(), [codec, operation, name](benchmark::State& state) {
      RunOperation(state, *codec, operation, name);
    });
  }
}

}  // namespace pakt_bench
