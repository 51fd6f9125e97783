// pakt runtime version. Generated code checks kRuntimeAbi at compile time and refuses
// to build against a runtime whose wire/API contract differs from the one it was made for.
#pragma once

namespace pakt {

inline constexpr int kVersionMajor = 0;
inline constexpr int kVersionMinor = 1;
inline constexpr int kVersionPatch = 0;

// Bumped whenever generated code and runtime stop fitting together.
inline constexpr int kRuntimeAbi = 2;

}  // namespace pakt
