// A hand-written packed codec of bench/snapshot.yaml's CubeScene: the floor of the generated packed
// code in pakt_bench, the way HandWritten is compact's. Written from docs/packed.md ("Wire format",
// "A worked example"), not from generated output: tick a varint, the cube count ranged over
// [0, 1024] in 11 bits, per cube position 3 x quantized(-256, 256, 256000 steps) in 18 bits,
// rotation smallest-three(9) in 2 + 27 bits, at_rest 1 bit. It checks what a careful engineer
// would: the count's limit, every value's range (NaN too), every read against the bytes that
// remain, the decoded count against the bits that remain before allocating, steps above the
// range, padding and trailing bytes. Errors are a bool (no message): it is a floor, not a codec.
#pragma once

#include <cstdint>
#include <vector>

#include "snapshot.pakt.h"

namespace pakt_bench::snapshot {

// Clears `out` and writes the packed encoding of `scene`; false when a value is outside its range
// or there are more than 1024 cubes.
[[nodiscard]] bool HandPackedSerialize(const pakt::bench::snapshot::CubeScene& scene, std::vector<std::uint8_t>& out);
// Decodes `size` bytes into `scene` (its cubes' capacity reused); false on any malformed input.
[[nodiscard]] bool HandPackedDeserialize(const std::uint8_t* data, std::size_t size,
                                         pakt::bench::snapshot::CubeScene& scene);

}  // namespace pakt_bench::snapshot
