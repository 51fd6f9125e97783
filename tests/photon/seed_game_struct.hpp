// A hand-written message that follows the generated-code contract (WriteMessage / ReadMessage /
// MessageWireSize / CheckMessage found by ADL, MessageTraits with kCode): MSLIMA's sample
// TestStruct, the reference's worked example. Generated headers will replace it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "pakt/pakt.hpp"

namespace seed {

enum class TestEnum : std::int32_t { kA, kB, kC };

struct TestStruct {
  std::int32_t int_1 = 0;
  std::int32_t int_2 = 0;
  float float_1 = 0;
  bool bool_1 = false;
  std::string string_1;
  pakt::Vector3 vector3_1;
  pakt::Vector3 vector3_2;
  pakt::Quaternion quaternion_1;
  TestEnum enum_1 = TestEnum::kA;
};

inline bool operator==(const TestStruct& a, const TestStruct& b) {
  return a.int_1 == b.int_1 && a.int_2 == b.int_2 && a.float_1 == b.float_1 && a.bool_1 == b.bool_1 &&
         a.string_1 == b.string_1 && a.vector3_1 == b.vector3_1 && a.vector3_2 == b.vector3_2 &&
         a.quaternion_1 == b.quaternion_1 && a.enum_1 == b.enum_1;
}

template <class F>
void WriteMessage(pakt::Writer& w, const TestStruct& m, F f) {
  pakt::Write(w, m.int_1, f);
  pakt::Write(w, m.int_2, f);
  pakt::Write(w, m.float_1, f);
  pakt::Write(w, m.bool_1, f);
  pakt::Write(w, m.string_1, f);
  pakt::Write(w, m.vector3_1, f);
  pakt::Write(w, m.vector3_2, f);
  pakt::Write(w, m.quaternion_1, f);
  pakt::Write(w, m.enum_1, f);
}

template <class F>
bool ReadMessage(pakt::Reader& r, TestStruct& m, F f, bool /*top_level*/) {
  if (!pakt::Read(r, m.int_1, f)) return r.in_field("int_1");
  if (!pakt::Read(r, m.int_2, f)) return r.in_field("int_2");
  if (!pakt::Read(r, m.float_1, f)) return r.in_field("float_1");
  if (!pakt::Read(r, m.bool_1, f)) return r.in_field("bool_1");
  if (!pakt::Read(r, m.string_1, f, pakt::Limits{256, 0})) return r.in_field("string_1");
  if (!pakt::Read(r, m.vector3_1, f)) return r.in_field("vector3_1");
  if (!pakt::Read(r, m.vector3_2, f)) return r.in_field("vector3_2");
  if (!pakt::Read(r, m.quaternion_1, f)) return r.in_field("quaternion_1");
  if (!pakt::Read(r, m.enum_1, f)) return r.in_field("enum_1");
  return true;
}

template <class F>
std::size_t MessageWireSize(const TestStruct& m, F f) {
  return 4 + 4 + 4 + 1 + pakt::WireSize(m.string_1, f) + 12 + 12 + 16 + 4;
}

inline bool CheckMessage(pakt::Checker& c, const TestStruct& m) {
  return pakt::CheckLimits(c, m.string_1, pakt::Limits{256, 0}) || c.in_field("string_1");
}

inline float float_from_bits(std::uint32_t bits) {
  float f = 0;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// The values of the reference's worked example.
inline TestStruct reference_value() {
  TestStruct s;
  s.int_1 = 30;
  s.int_2 = 71;
  s.float_1 = float_from_bits(0x3e25e354);
  s.bool_1 = true;
  s.string_1 = "ABC\xea\xb0\x80\xeb\x82\x98\xeb\x8b\xa4";  // "ABC가나다"
  s.vector3_1 = {-23, 62, 26};
  s.vector3_2 = {1, 7, -15};
  s.quaternion_1 = {float_from_bits(0x3e98a47f), float_from_bits(0xbd20c49c), float_from_bits(0x3dfef49d),
                    float_from_bits(0x3f721038)};
  s.enum_1 = TestEnum::kC;
  return s;
}

// Its 73 bytes as the real MSLIMA PhotonSerializer writes them (reference §1.1).
inline constexpr const char* kReferenceBody =
    "0000001e 00000047 3e25e354 01 0000000c a48beb9882eb80b0ea434241 c1b80000 42780000 41d00000 "
    "3f800000 40e00000 c1700000 3e98a47f bd20c49c 3dfef49d 3f721038 00000002";

}  // namespace seed

template <>
struct pakt::MessageTraits<seed::TestStruct> {
  static constexpr const char* kName = "TestStruct";
  static constexpr std::size_t kMinWireSize = 73 - 12;
  static constexpr std::size_t kFixedWireSize = 0;
  static constexpr std::uint8_t kCode = 'A';
};
