// Format tags. A tag selects the wire format of Serialize/Deserialize/SerializedSize:
//   pakt::compact — MSLIMA PhotonSerializer layout, little-endian (the default);
//   pakt::mslima  — byte-exact with MSLIMA PhotonSerializer 0.3.2 as Unity runs it: big-endian,
//                   strings' UTF-8 bytes reversed, bool decoded as non-zero.
#pragma once

namespace pakt {

struct compact_t {
  static constexpr bool kBigEndian = false;
  static constexpr bool kReverseStrings = false;
  static constexpr bool kStrictBool = true;  // decode accepts only 0 and 1
  static constexpr const char* kName = "compact";
};
inline constexpr compact_t compact{};

struct mslima_t {
  static constexpr bool kBigEndian = true;
  static constexpr bool kReverseStrings = true;
  static constexpr bool kStrictBool = false;  // BitConverter.ToBoolean: non-zero is true
  static constexpr const char* kName = "mslima";
};
inline constexpr mslima_t mslima{};

}  // namespace pakt
