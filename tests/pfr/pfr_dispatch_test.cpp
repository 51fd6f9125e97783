// Dispatch order: a generated message's own functions, then a user hook, then reflection. And an
// aggregate that mirrors a message field for field encodes to the message's bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pakt/pfr.hpp"
#include "pakt/serialize.hpp"

namespace game {

// Written by hand the way the generator writes a message: fields through pakt::Write/Read, in
// schema order, plus the MessageTraits specialization.
struct Chat {
  std::int32_t sender = 0;
  std::string text;
  std::vector<std::uint16_t> mentions;
};

template <class F>
void WriteMessage(pakt::Writer& w, const Chat& m, F f) {
  pakt::Write(w, m.sender, f);
  pakt::Write(w, m.text, f);
  pakt::Write(w, m.mentions, f);
}
template <class F>
bool ReadMessage(pakt::Reader& r, Chat& m, F f, bool /*top_level*/) {
  if (!pakt::Read(r, m.sender, f)) return r.in_field("sender");
  if (!pakt::Read(r, m.text, f, pakt::Limits{140, 0})) return r.in_field("text");
  if (!pakt::Read(r, m.mentions, f, pakt::Limits{0, 16})) return r.in_field("mentions");
  return true;
}
template <class F>
std::size_t MessageWireSize(const Chat& m, F f) {
  return pakt::WireSize(m.sender, f) + pakt::WireSize(m.text, f) + pakt::WireSize(m.mentions, f);
}
inline bool CheckMessage(pakt::Checker& c, const Chat& m) {
  if (!pakt::CheckLimits(c, m.text, pakt::Limits{140, 0})) return c.in_field("text");
  return pakt::CheckLimits(c, m.mentions, pakt::Limits{0, 16}) || c.in_field("mentions");
}

// A hook that would write something else: the generated functions must win over it.
template <class F>
void pakt_write(pakt::Writer& w, const Chat&, F) {
  w.write_byte(0xEE);
}
template <class F>
bool pakt_read(pakt::Reader&, Chat&, F) {
  return false;
}
template <class F>
std::size_t pakt_wire_size(const Chat&, F) {
  return 1;
}

// An aggregate with a user hook: one byte per flag set, instead of PFR's field-by-field form.
struct Flags {
  bool a = false;
  bool b = false;
};
template <class F>
void pakt_write(pakt::Writer& w, const Flags& v, F) {
  w.write_byte(static_cast<std::uint8_t>((v.a ? 1 : 0) | (v.b ? 2 : 0)));
}
template <class F>
bool pakt_read(pakt::Reader& r, Flags& v, F) {
  const std::uint8_t* p = r.take(1, "flags");
  if (p == nullptr) return false;
  v.a = (*p & 1) != 0;
  v.b = (*p & 2) != 0;
  return true;
}
template <class F>
std::size_t pakt_wire_size(const Flags&, F) {
  return 1;
}

}  // namespace game

template <>
struct pakt::MessageTraits<game::Chat> {
  static constexpr const char* kName = "Chat";
  static constexpr std::size_t kMinWireSize = 12;
  static constexpr std::size_t kFixedWireSize = 0;
};

namespace {

// The same fields as game::Chat, with no functions of its own.
struct ChatMirror {
  std::int32_t sender = 0;
  std::string text;
  std::vector<std::uint16_t> mentions;
};

struct Envelope {
  game::Chat chat;
  game::Flags flags;
  ChatMirror mirror;
};

template <class F>
void expect_mirror_matches_message(F format) {
  const game::Chat chat{42, "héllo", {3, 4}};
  const ChatMirror mirror{42, "héllo", {3, 4}};
  std::vector<std::uint8_t> message_bytes;
  ASSERT_TRUE(pakt::SerializeInto(chat, message_bytes, format));
  EXPECT_EQ(pakt::Serialize(mirror, format), message_bytes);
  EXPECT_EQ(pakt::SerializedSize(mirror, format), message_bytes.size());
}

TEST(PfrDispatch, MirrorOfAMessageEncodesToTheMessageBytesCompact) { expect_mirror_matches_message(pakt::compact); }
TEST(PfrDispatch, MirrorOfAMessageEncodesToTheMessageBytesMslima) { expect_mirror_matches_message(pakt::mslima); }

TEST(PfrDispatch, GeneratedFunctionsBeatTheHookAndTheHookBeatsReflection) {
  Envelope e;
  e.chat = {1, "a", {}};
  e.flags = {true, true};
  e.mirror = {2, "b", {}};
  const std::vector<std::uint8_t> expected = {
      1, 0, 0, 0, 1, 0, 0, 0, 'a', 0, 0, 0, 0,  // chat through WriteMessage, not the 0xEE hook
      3,                                        // flags through the hook, not two PFR bools
      2, 0, 0, 0, 1, 0, 0, 0, 'b', 0, 0, 0, 0,  // mirror through reflection
  };
  EXPECT_EQ(pakt::Serialize(e, pakt::compact), expected);
  Envelope back;
  ASSERT_TRUE(pakt::Deserialize(expected, back, pakt::compact));
  EXPECT_EQ(back.chat.text, "a");
  EXPECT_TRUE(back.flags.a);
  EXPECT_TRUE(back.flags.b);
  EXPECT_EQ(back.mirror.sender, 2);
}

TEST(PfrDispatch, NestedMessageKeepsItsSchemaLimits) {
  Envelope e;
  e.chat.text = std::string(141, 'x');
  const std::vector<std::uint8_t> bytes = pakt::Serialize(e, pakt::compact);
  Envelope back;
  const pakt::Status s = pakt::Deserialize(bytes, back, pakt::compact);
  EXPECT_EQ(s.code(), pakt::ErrorCode::kLimitExceeded);
  EXPECT_EQ(s.path(), "field0.text");
}

}  // namespace
