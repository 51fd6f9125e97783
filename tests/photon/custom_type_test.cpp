// Custom types end to end: the reference's worked envelopes (MSLIMA TestStruct as parameter 4 of
// event 1, from real MSLIMA/Photon bytes), PUN2's built-in bodies, and the type registry's rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "pakt_internal/hex.hpp"
#include "pakt/photon/protocol.hpp"
#include "pakt/photon/pun_types.hpp"
#include "pakt/photon/type_registry.hpp"
#include "seed_game_struct.hpp"

namespace {

using pakt::internal::hex_bytes;
using namespace pakt::photon;

std::vector<std::uint8_t> concat(std::vector<std::uint8_t> a, const std::vector<std::uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

EventData event_with_seed(const pakt::photon::TypeRegistry& registry) {
  pakt::photon::Wrapped wrapped = registry.Wrap(seed::reference_value());
  EXPECT_TRUE(wrapped.status) << wrapped.status.to_string();
  return EventData{1, {{4, wrapped.value}}};
}

TEST(CustomTypes, Protocol16EnvelopeMatchesTheReference) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(registry.RegisterMessage<seed::TestStruct>());
  std::vector<std::uint8_t> out;
  ASSERT_TRUE(EncodeEvent(event_with_seed(registry), Protocol::k16, out));
  // event code 1, one parameter: 04 63 41 0049 <73 bytes>
  EXPECT_EQ(out, concat(hex_bytes("01 0001 04 63 41 0049"), hex_bytes(seed::kReferenceBody)));
}

TEST(CustomTypes, Protocol18EnvelopeMatchesTheReference) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(registry.RegisterMessage<seed::TestStruct>());
  std::vector<std::uint8_t> out;
  ASSERT_TRUE(EncodeEvent(event_with_seed(registry), Protocol::k18, out));
  EXPECT_EQ(out, concat(hex_bytes("01 01 04 c1 49"), hex_bytes(seed::kReferenceBody)));

  pakt::photon::TypeRegistry high;
  ASSERT_TRUE(high.Register<seed::TestStruct>(200));
  out.clear();
  ASSERT_TRUE(EncodeEvent(event_with_seed(high), Protocol::k18, out));
  EXPECT_EQ(out, concat(hex_bytes("01 01 04 13 c8 49"), hex_bytes(seed::kReferenceBody)));
}

TEST(CustomTypes, ReferenceEventDecodesToTheStruct) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(registry.RegisterMessage<seed::TestStruct>());
  EventData event;
  ASSERT_TRUE(DecodeEvent(concat(hex_bytes("01 0001 04 63 41 0049"), hex_bytes(seed::kReferenceBody)), Protocol::k16, event));
  ASSERT_EQ(event.parameters.size(), 1u);
  const Custom* custom = event.parameters[0].value.get_if<Custom>();
  ASSERT_NE(custom, nullptr);
  std::variant<pakt::photon::UnknownCustom, seed::TestStruct, pakt::pun::Player> decoded;
  ASSERT_TRUE(registry.Decode(*custom, decoded));
  ASSERT_TRUE(std::holds_alternative<seed::TestStruct>(decoded));
  EXPECT_EQ(std::get<seed::TestStruct>(decoded), seed::reference_value());
}

TEST(CustomTypes, CustomArrayEnvelopes) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(pakt::pun::RegisterPunTypes(registry));
  const pakt::photon::Wrapped players = registry.WrapArray(std::vector<pakt::pun::Player>{{1}, {258}});
  ASSERT_TRUE(players.status);
  std::vector<std::uint8_t> out;
  ASSERT_TRUE(EncodeValue(players.value, Protocol::k16, out));
  EXPECT_EQ(out, hex_bytes("79 0002 63 50 0004 00000001 0004 00000102"));
  out.clear();
  ASSERT_TRUE(EncodeValue(players.value, Protocol::k18, out));
  EXPECT_EQ(out, hex_bytes("53 02 50 04 00000001 04 00000102"));
}

TEST(CustomTypes, PunBuiltInsHavePunsBodies) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(pakt::pun::RegisterPunTypes(registry));
  std::vector<std::uint8_t> out;
  // The docs' sizes: Vector2 12, Vector3 16, Quaternion 20, Player 8 bytes with the 4-byte envelope.
  ASSERT_TRUE(EncodeValue(registry.Wrap(pakt::Vector2{1, 2}).value, Protocol::k16, out));
  EXPECT_EQ(out, hex_bytes("63 57 0008 3f800000 40000000"));
  out.clear();
  ASSERT_TRUE(EncodeValue(registry.Wrap(pakt::Vector3{1, 2, -1}).value, Protocol::k16, out));
  EXPECT_EQ(out, hex_bytes("63 56 000c 3f800000 40000000 bf800000"));
  out.clear();
  const pakt::Quaternion q{0.5f, 0.25f, -1, 2};  // x, y, z, w
  ASSERT_TRUE(EncodeValue(registry.Wrap(q).value, Protocol::k16, out));
  EXPECT_EQ(out, hex_bytes("63 51 0010 40000000 3f000000 3e800000 bf800000"));  // w first
  out.clear();
  ASSERT_TRUE(EncodeValue(registry.Wrap(pakt::pun::Player{7}).value, Protocol::k18, out));
  EXPECT_EQ(out, hex_bytes("d0 04 00000007"));  // 0x80 + 'P', and the body stays big-endian

  pakt::Quaternion back;
  ASSERT_TRUE(registry.Unwrap(Custom{'Q', hex_bytes("40000000 3f000000 3e800000 bf800000")}, back));
  EXPECT_EQ(back, q);
  EXPECT_EQ(registry.Unwrap(Custom{'Q', hex_bytes("40000000")}, back).code(), pakt::ErrorCode::kInvalidValue);
}

TEST(TypeRegistry, DuplicatesAreRefusedAndReported) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(registry.Register<seed::TestStruct>(0x41));
  const pakt::Status same_code = registry.Register<pakt::pun::Player>(0x41, &pakt::pun::WritePlayer,
                                                                      &pakt::pun::ReadPlayer);
  EXPECT_FALSE(same_code);
  EXPECT_NE(same_code.reason().find("already registered for TestStruct"), std::string::npos) << same_code.reason();
  const pakt::Status same_type = registry.Register<seed::TestStruct>(0x42);
  EXPECT_FALSE(same_type);
  EXPECT_NE(same_type.reason().find("code 65"), std::string::npos) << same_type.reason();
  EXPECT_FALSE(registry.contains(0x42));
}

TEST(TypeRegistry, PunCodesNeedPunsBuiltIns) {
  for (const std::uint8_t code : {pakt::pun::kVector2Code, pakt::pun::kVector3Code, pakt::pun::kQuaternionCode,
                                   pakt::pun::kPlayerCode}) {
    pakt::photon::TypeRegistry registry;
    const pakt::Status s = registry.Register<seed::TestStruct>(code);
    EXPECT_EQ(s.code(), pakt::ErrorCode::kUnauthorized) << code;
    EXPECT_NE(s.reason().find("RegisterPunTypes"), std::string::npos);
  }
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(pakt::pun::RegisterPunTypes(registry));
  EXPECT_TRUE(registry.contains('W'));
  EXPECT_TRUE(registry.contains<pakt::pun::Player>());
  EXPECT_FALSE(pakt::pun::RegisterPunTypes(registry)) << "registering the built-ins twice is a duplicate";
}

TEST(TypeRegistry, UnknownCodesKeepTheirBytesAndAlignment) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(pakt::pun::RegisterPunTypes(registry));
  // object[] { custom 0x7e (unregistered, 3 bytes), Player 5, int 9 } in Protocol 1.6.
  Value v;
  ASSERT_TRUE(DecodeValue(hex_bytes("7a 0003 63 7e 0003 010203 63 50 0004 00000005 69 00000009"), Protocol::k16, v));
  const ObjectArray& items = *v.get_if<ObjectArray>();
  ASSERT_EQ(items.items.size(), 3u);
  EXPECT_EQ(items.items[2], Value(std::int32_t{9}));

  std::variant<pakt::photon::UnknownCustom, pakt::pun::Player> first;
  const pakt::Status unknown = registry.Decode(*items.items[0].get_if<Custom>(), first);
  EXPECT_FALSE(unknown);
  EXPECT_NE(unknown.reason().find("not registered"), std::string::npos);
  ASSERT_TRUE(std::holds_alternative<pakt::photon::UnknownCustom>(first));
  EXPECT_EQ(std::get<pakt::photon::UnknownCustom>(first).body, hex_bytes("010203"));

  std::variant<pakt::photon::UnknownCustom, pakt::pun::Player> second;
  ASSERT_TRUE(registry.Decode(*items.items[1].get_if<Custom>(), second));
  EXPECT_EQ(std::get<pakt::pun::Player>(second).actor_number, 5);

  std::variant<pakt::photon::UnknownCustom, pakt::Vector3> not_asked_for;
  EXPECT_FALSE(registry.Decode(*items.items[1].get_if<Custom>(), not_asked_for));
  EXPECT_TRUE(std::holds_alternative<pakt::photon::UnknownCustom>(not_asked_for));
}

struct Room {
  std::vector<std::int32_t> joined;
  std::vector<std::uint8_t> unknown_codes;
};

void on_player(const pakt::pun::Player& p, Room& room) { room.joined.push_back(p.actor_number); }
void on_unknown(const pakt::photon::UnknownCustom& c, Room& room) { room.unknown_codes.push_back(c.code); }

TEST(TypeRegistry, DispatcherCallsHandlersByCode) {
  pakt::photon::TypeRegistry registry;
  ASSERT_TRUE(pakt::pun::RegisterPunTypes(registry));
  pakt::photon::CustomDispatcher<Room> dispatcher(registry);
  ASSERT_TRUE(dispatcher.On<pakt::pun::Player>(&on_player));
  EXPECT_FALSE(dispatcher.On<pakt::pun::Player>(&on_player));
  EXPECT_FALSE(dispatcher.On<seed::TestStruct>(nullptr)) << "TestStruct is not registered";
  dispatcher.OnUnknown(&on_unknown);

  Room room;
  EXPECT_TRUE(dispatcher.Dispatch(Custom{'P', hex_bytes("0000000c")}, room));
  EXPECT_FALSE(dispatcher.Dispatch(Custom{0x7e, hex_bytes("01")}, room));
  EXPECT_FALSE(dispatcher.Dispatch(Custom{'V', hex_bytes("01")}, room)) << "registered but no handler";
  EXPECT_EQ(room.joined, std::vector<std::int32_t>{12});
  EXPECT_EQ(room.unknown_codes, (std::vector<std::uint8_t>{0x7e, 'V'}));
}

}  // namespace
