// Options of encode/decode. The defaults are what GDScript's var_to_bytes / bytes_to_var do on a
// standard (single-precision) Godot 4 build.
#pragma once

#include <cstdint>

#include "pakt/godot/format_version.hpp"

namespace pakt::godot {

// Godot 4's Variant::MAX_RECURSION_DEPTH: the top-level value is depth 0.
inline constexpr int kDefaultMaxDepth = 1024;

struct EncodeOptions {
  Version version = Version::godot4;
  // Write real_t math types as a precision=double build does: float64 components and FLAG_64 in
  // the header. Godot 4 only (no Godot 3 build can write them correctly).
  bool double_precision = false;
  // var_to_bytes_with_objects: full Objects and class/script-typed containers by name. Without
  // it, a full Object cannot be written (pakt has no live instance id for it).
  bool full_objects = false;
  int max_depth = kDefaultMaxDepth;
};

struct DecodeOptions {
  Version version = Version::godot4;
  // bytes_to_var_with_objects. Off: a full-object payload is rejected with kUnauthorized (a
  // security boundary in the engine: decoding it instantiates classes and sets properties).
  bool allow_objects = false;
  // Also applied to Godot 3 input: Godot 3.2.3 has no limit and crashes on deep nesting.
  int max_depth = kDefaultMaxDepth;
};

}  // namespace pakt::godot
