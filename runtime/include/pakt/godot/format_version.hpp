// Which engine generation's Variant wire format to read or write. The bytes carry no version
// marker, and the type ids differ from id 6 upward, so the caller must say which one it is.
#pragma once

namespace pakt::godot {

enum class Version { godot4, godot3 };

}  // namespace pakt::godot
