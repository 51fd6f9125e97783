// The snapshot data sets in pakt_bench: compact, packed and packed+delta encode/decode times of one
// settled tick (tick 600 of the simulations), the delta against tick 594 (a 100 ms round trip), and
// for CubeScene the hand-written packed codec (snapshot/hand_packed.hpp: the floor of packed).
// Every codec's decode is checked first: compact gives the input back, packed the input's
// quantized value (its own full decode), the delta and the hand-written codec exactly that too.
#include <cstdint>
#include <type_traits>
#include <vector>

#include "codecs.hpp"
#include "harness.hpp"
#include "snapshot/hand_packed.hpp"
#include "snapshot/simulation.hpp"

namespace pakt_bench {
namespace {

constexpr int kTick = 600;
constexpr int kAckTicks = 6;

template <class Snapshot>
struct SnapshotPair {
  Snapshot baseline;
  Snapshot current;
};

template <class Simulation>
auto Simulate() {
  Simulation simulation;
  SnapshotPair<std::decay_t<decltype(simulation.Current())>> pair;
  for (int tick = 1; tick <= kTick; ++tick) {
    simulation.Step();
    if (tick == kTick - kAckTicks) pair.baseline = simulation.Current();
  }
  pair.current = simulation.Current();
  return pair;
}

// The generated free functions, found by argument-dependent lookup (the codecs' member functions of
// the same names would hide them).
template <class Snapshot, class Format>
bool EncodeSnapshot(const Snapshot& s, std::vector<std::uint8_t>& out, Format f) {
  return static_cast<bool>(Serialize(s, out, f));
}
template <class Snapshot, class Format>
bool DecodeSnapshot(const std::vector<std::uint8_t>& bytes, Snapshot& out, Format f) {
  return static_cast<bool>(Deserialize(pakt::ByteView(bytes), out, f));
}
template <class Snapshot>
bool EncodeDelta(const Snapshot& s, const Snapshot& base, std::vector<std::uint8_t>& out) {
  return static_cast<bool>(Serialize(s, base, out, pakt::packed));
}
template <class Snapshot>
bool DecodeDelta(const std::vector<std::uint8_t>& bytes, const Snapshot& base, Snapshot& out) {
  return static_cast<bool>(Deserialize(pakt::ByteView(bytes), base, out, pakt::packed));
}

// The full packed decode of a snapshot: what a packed codec must give back.
template <class Snapshot>
Snapshot Quantized(const Snapshot& s) {
  std::vector<std::uint8_t> bytes;
  Snapshot out;
  if (!EncodeSnapshot(s, bytes, pakt::packed) || !DecodeSnapshot(bytes, out, pakt::packed)) {
    Fail("snapshot", "the packed encoding of the data set failed");
  }
  return out;
}

template <class Snapshot, class Format>
class FullCodec {
 public:
  FullCodec(const Snapshot& input, const Snapshot& expected) : input_(input), expected_(expected) {}
  std::size_t Serialize() { return EncodeSnapshot(input_, buffer_, Format{}) ? buffer_.size() : 0; }
  bool Deserialize() { return DecodeSnapshot(buffer_, output_, Format{}); }
  Snapshot Decoded() const { return output_ == expected_ ? input_ : Snapshot{}; }

 private:
  Snapshot input_;
  Snapshot expected_;
  std::vector<std::uint8_t> buffer_;
  Snapshot output_;
};

template <class Snapshot>
class DeltaCodec {
 public:
  DeltaCodec(const Snapshot& input, const Snapshot& baseline, const Snapshot& expected)
      : input_(input), baseline_(baseline), receiver_baseline_(Quantized(baseline)), expected_(expected) {}
  std::size_t Serialize() { return EncodeDelta(input_, baseline_, buffer_) ? buffer_.size() : 0; }
  bool Deserialize() { return DecodeDelta(buffer_, receiver_baseline_, output_); }
  Snapshot Decoded() const { return output_ == expected_ ? input_ : Snapshot{}; }

 private:
  Snapshot input_;
  Snapshot baseline_;           // the sender's copy
  Snapshot receiver_baseline_;  // the receiver's decode of it
  Snapshot expected_;
  std::vector<std::uint8_t> buffer_;
  Snapshot output_;
};

// The hand-written packed floor of CubeScene.
class HandPackedCodec {
 public:
  using Snapshot = pakt::bench::snapshot::CubeScene;
  HandPackedCodec(const Snapshot& input, const Snapshot& expected) : input_(input), expected_(expected) {}
  std::size_t Serialize() { return snapshot::HandPackedSerialize(input_, buffer_) ? buffer_.size() : 0; }
  bool Deserialize() { return snapshot::HandPackedDeserialize(buffer_.data(), buffer_.size(), output_); }
  Snapshot Decoded() const { return output_ == expected_ ? input_ : Snapshot{}; }

 private:
  Snapshot input_;
  Snapshot expected_;
  std::vector<std::uint8_t> buffer_;
  Snapshot output_;
};

template <class Simulation>
void RegisterDataSet(const char* name) {
  const auto pair = Simulate<Simulation>();
  using Snapshot = decltype(pair.current);
  const Snapshot expected = Quantized(pair.current);
  RegisterCodec<FullCodec<Snapshot, pakt::compact_t>>(name, "Compact", pair.current, pair.current);
  RegisterCodec<FullCodec<Snapshot, pakt::packed_t>>(name, "Packed", pair.current, expected);
  RegisterCodec<DeltaCodec<Snapshot>>(name, "PackedDelta", pair.current, pair.baseline, expected);
  if constexpr (std::is_same_v<Snapshot, pakt::bench::snapshot::CubeScene>) {
    RegisterCodec<HandPackedCodec>(name, "HandPacked", pair.current, expected);
  }
}

}  // namespace

void RegisterSnapshotBenchmarks() {
  RegisterDataSet<snapshot::CubeSimulation>("CubeScene");
  RegisterDataSet<snapshot::PlayerSimulation>("Players64");
}

}  // namespace pakt_bench
