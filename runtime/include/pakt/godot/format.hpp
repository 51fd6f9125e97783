// The Godot format tag of generated messages: a message travels as the Variant that GDScript's
// bytes_to_var() hands the game — a Dictionary keyed by field name, or (godot: array) an Array.
//   Serialize(player, pakt::godot4)   // Godot 4.x var_to_bytes layout
//   Serialize(player, pakt::godot3)   // Godot 3.x var2bytes layout
// (`pakt::godot` itself is the namespace of the Variant codec, hence the versioned names.)
#pragma once

#include "pakt/godot/format_version.hpp"

namespace pakt {

struct godot_t {
  godot::Version version = godot::Version::godot4;
  bool double_precision = false;  // write math types as a precision=double Godot 4 build does
  static constexpr const char* kName = "godot";
};
inline constexpr godot_t godot4{godot::Version::godot4, false};
inline constexpr godot_t godot3{godot::Version::godot3, false};

}  // namespace pakt
