// Fuzz target: generated packed and packed-delta decoding (docs/packed.md). The same input is
// offered as a full payload to the messages of tests/schemas/packed.yaml (every packed code) and to
// rich.yaml's Nested (no packed options: varints, raw floats, strings, lists, optionals), and as a
// delta payload against fixed baselines. Whatever decodes must re-encode; where every code is
// canonical (no smallest-three rotation, whose decoded value may re-encode to other bits when its
// two largest components are within a step) to the same bytes, and a decoded delta's value must
// survive a delta round trip against the same baseline.
#include <cstdint>
#include <type_traits>
#include <vector>

#include "fuzz_check.hpp"
#include "packed.pakt.h"
#include "rich.pakt.h"

namespace {

namespace pk = pakt::test::packed;
using pakt::fuzz::require;
using Bytes = std::vector<std::uint8_t>;

// Messages whose every field has a canonical packed code: a decoded value re-encodes to its payload.
template <class M>
constexpr bool kCanonical = std::is_same_v<M, pk::Numbers> || std::is_same_v<M, pk::Camera> ||
                            std::is_same_v<M, pakt::test::Nested>;

template <class M>
void CheckPacked(pakt::ByteView input) {
  M decoded;
  if (!Deserialize(input, decoded, pakt::packed)) return;
  Bytes encoded;
  require(Serialize(decoded, encoded, pakt::packed).ok(), "a decoded packed message re-encodes");
  if constexpr (kCanonical<M>) {
    require(encoded == Bytes(input.data(), input.data() + input.size()), "re-encoding gives the decoded bytes");
  }
  M again;
  require(Deserialize(encoded, again, pakt::packed).ok(), "a re-encoded packed message decodes");
  Bytes encoded_again;
  require(Serialize(again, encoded_again, pakt::packed).ok(), "a decoded packed message re-encodes twice");
  if constexpr (kCanonical<M>) require(encoded_again == encoded, "re-encoding is stable (same bytes)");
}

// The delta entry points of `delta: true` messages (Scene); the generated WritePackedDelta /
// ReadPackedDelta of the others (every message has them: nested messages are delta'd) through the
// runtime's entry points.
template <class M>
pakt::Status DeserializeDelta(pakt::ByteView bytes, const M& base, M& out) {
  if constexpr (std::is_same_v<M, pk::Scene>) return Deserialize(bytes, base, out, pakt::packed);
  else return pakt::packing::DeserializePackedDelta(bytes, base, out);
}
template <class M>
pakt::Status SerializeDelta(const M& m, const M& base, Bytes& out) {
  if constexpr (std::is_same_v<M, pk::Scene>) return Serialize(m, base, out, pakt::packed);
  else return pakt::packing::SerializePackedDelta(m, base, out);
}

template <class M>
void CheckPackedDelta(pakt::ByteView input, const M& base) {
  M decoded = base;
  if (!DeserializeDelta(input, base, decoded)) return;
  Bytes full;
  require(Serialize(decoded, full, pakt::packed).ok(), "a decoded delta re-encodes in full");
  Bytes delta;
  require(SerializeDelta(decoded, base, delta).ok(), "a decoded delta re-encodes as a delta");
  M again;
  require(DeserializeDelta(delta, base, again).ok(), "a re-encoded delta decodes");
  M in_place = base;
  require(DeserializeDelta(delta, in_place, in_place).ok(), "a re-encoded delta decodes in place");
  Bytes full_again, in_place_full;
  require(Serialize(again, full_again, pakt::packed).ok() && Serialize(in_place, in_place_full, pakt::packed).ok(),
          "a re-decoded delta re-encodes");
  require(full_again == in_place_full, "a delta decodes in place as into a copy");
  if constexpr (kCanonical<M>) require(full_again == full, "a delta round trip keeps the value");
}

pk::Numbers NumbersBase() {
  pk::Numbers m;
  m.percent = 50;
  m.big = 1000;
  m.negative = -1;
  m.only = pk::Only::single;
  m.offset = pk::Offset::low;
  return m;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const pakt::ByteView input(data, size);
  CheckPacked<pk::Numbers>(input);
  CheckPacked<pk::Floats>(input);
  CheckPacked<pk::Collections>(input);
  CheckPacked<pk::Cube>(input);
  CheckPacked<pk::Camera>(input);
  CheckPacked<pk::Scene>(input);
  CheckPacked<pakt::test::Nested>(input);
  static const pk::Scene scene = pk::ExampleScene();
  static const pk::Scene scene_without_cubes = [] {
    pk::Scene m = pk::ExampleScene();
    m.cubes.clear();
    m.score.reset();
    return m;
  }();
  CheckPackedDelta(input, scene);
  CheckPackedDelta(input, scene_without_cubes);
  CheckPackedDelta(input, NumbersBase());
  CheckPackedDelta(input, pk::Camera{{1, 2, 3}, 90});
  return 0;
}
