// Generated messages as Photon custom types: photon_seed.yaml's SeedGameStruct registers itself
// under its schema code 'A' and travels in the envelopes of the reference's worked example, whose
// 69-byte body is the real MSLIMA TestStruct without its trailing enum.
#include <gtest/gtest.h>

#include <cstdint>
#include <variant>
#include <vector>

#include "game.pakt.h"
#include "pakt_internal/hex.hpp"
#include "pakt/photon/protocol.hpp"
#include "pakt/photon/type_registry.hpp"
#include "photon_seed.pakt.h"
#include "seed_game_struct.hpp"

namespace {

using pakt::internal::hex_bytes;
using namespace pakt::photon;

// MSLIMA's 73-byte TestStruct without the 4 enum bytes at its end.
std::vector<std::uint8_t> reference_body() {
  std::vector<std::uint8_t> body = hex_bytes(seed::kReferenceBody);
  body.resize(69);
  return body;
}

photon::seed::SeedGameStruct reference_value() {
  const seed::TestStruct s = seed::reference_value();
  photon::seed::SeedGameStruct m;
  m.int_1 = s.int_1;
  m.int_2 = s.int_2;
  m.float_1 = s.float_1;
  m.bool_1 = s.bool_1;
  m.string_1 = s.string_1;
  m.vector3_1 = s.vector3_1;
  m.vector3_2 = s.vector3_2;
  m.quaternion_1 = s.quaternion_1;
  return m;
}

std::vector<std::uint8_t> concat(std::vector<std::uint8_t> a, const std::vector<std::uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(GeneratedCustomTypes, SeedGameStructInBothEnvelopes) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(registry.RegisterMessage<photon::seed::SeedGameStruct>());
  EXPECT_TRUE(registry.contains('A'));
  const pakt::photon::Wrapped wrapped = registry.Wrap(reference_value());
  ASSERT_TRUE(wrapped.status);
  const EventData event{1, {{4, wrapped.value}}};

  std::vector<std::uint8_t> v16;
  ASSERT_TRUE(EncodeEvent(event, Protocol::k16, v16));
  EXPECT_EQ(v16, concat(hex_bytes("01 0001 04 63 41 0045"), reference_body()));
  std::vector<std::uint8_t> v18;
  ASSERT_TRUE(EncodeEvent(event, Protocol::k18, v18));
  EXPECT_EQ(v18, concat(hex_bytes("01 01 04 c1 45"), reference_body()));

  EventData back;
  ASSERT_TRUE(DecodeEvent(v16, Protocol::k16, back));
  std::variant<pakt::photon::UnknownCustom, photon::seed::SeedGameStruct> decoded;
  ASSERT_TRUE(registry.Decode(*back.parameters[0].value.get_if<Custom>(), decoded));
  EXPECT_EQ(std::get<photon::seed::SeedGameStruct>(decoded), reference_value());
}

TEST(GeneratedCustomTypes, SchemaCodesRegisterAndDispatch) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(registry.RegisterMessage<game::net::Player>());
  ASSERT_TRUE(registry.RegisterMessage<game::net::MoveUpdate>());
  ASSERT_TRUE(registry.RegisterMessage<game::net::Chat>(pakt::compact));
  EXPECT_FALSE(registry.RegisterMessage<game::net::Chat>()) << "a type registers once";

  const game::net::MoveUpdate move = game::net::ExampleMoveUpdate();
  const pakt::photon::Wrapped wrapped = registry.Wrap(move);
  ASSERT_TRUE(wrapped.status);
  EXPECT_EQ(wrapped.value.get_if<Custom>()->code, pakt::MessageTraits<game::net::MoveUpdate>::kCode);

  std::variant<pakt::photon::UnknownCustom, game::net::Player, game::net::MoveUpdate, game::net::Chat> decoded;
  ASSERT_TRUE(registry.Decode(*wrapped.value.get_if<Custom>(), decoded));
  EXPECT_EQ(std::get<game::net::MoveUpdate>(decoded), move);
}

}  // namespace
