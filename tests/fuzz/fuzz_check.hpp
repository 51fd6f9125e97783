// Shared by the fuzz targets: the libFuzzer entry point every target defines, and the check that
// turns a broken property (a round trip that changes the value) into a crash the fuzzer records.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace pakt::fuzz {

// Aborts with `property` when it does not hold: libFuzzer saves the input as a crash, the replay
// test fails.
inline void require(bool holds, const char* property) {
  if (!holds) {
    std::fprintf(stderr, "fuzz property violated: %s\n", property);
    std::abort();
  }
}

}  // namespace pakt::fuzz
