// Fuzz target: generated mslima Deserialize (see generated_round_trip.hpp).
#include "generated_round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pakt::fuzz::FuzzGeneratedMessages(pakt::ByteView(data, size), pakt::mslima);
  return 0;
}
