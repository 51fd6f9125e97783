// Fuzz target: the Godot 3 Variant decoder, objects allowed (bytes_to_var_with_objects).
#include "godot_round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pakt::fuzz::FuzzGodotDecoder(pakt::ByteView(data, size), pakt::godot::Version::godot3, /*allow_objects=*/true);
  return 0;
}
