// Fuzz target: the Photon Protocol 1.8 message decoder (see photon_round_trip.hpp).
#include "photon_round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pakt::fuzz::FuzzPhotonDecoder(pakt::ByteView(data, size), pakt::photon::Protocol::k18);
  return 0;
}
