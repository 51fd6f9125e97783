// What a snapshot's packed decode must satisfy against the value encoded: every quantized value
// within half its step (the schema's precision) of the input, rotations the same within their step,
// everything else exact. Returns the first violation as text, or "".
#pragma once

#include <string>

#include "snapshot.pakt.h"

namespace pakt_bench::snapshot {

std::string QuantizationError(const pakt::bench::snapshot::CubeScene& input,
                              const pakt::bench::snapshot::CubeScene& decoded);
std::string QuantizationError(const pakt::bench::snapshot::PlayerSnapshot& input,
                              const pakt::bench::snapshot::PlayerSnapshot& decoded);

}  // namespace pakt_bench::snapshot
