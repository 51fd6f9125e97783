// Fuzz target: the generated Godot 3 mapping, Deserialize(bytes, m, pakt::godot3) (see
// generated_round_trip.hpp).
#include "generated_round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pakt::fuzz::FuzzGeneratedMessages(pakt::ByteView(data, size), pakt::godot3);
  return 0;
}
