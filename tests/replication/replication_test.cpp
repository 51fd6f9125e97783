// The replication layer (runtime/include/pakt/replication.hpp) against docs/replication.md: every
// rule of the sender and the receiver, the wire format, and the doc's worked example (whose hex
// this test reads from the doc).
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "replication_test_util.hpp"

namespace {

using namespace pakt_replication_test;
namespace rep = pakt::replication;
using pakt::test::lamp::Lamp;
using RoomSender = rep::Sender<pd::Room>;
using RoomReceiver = rep::Receiver<pd::Room>;

constexpr std::uint64_t kRoomFingerprint = pakt::MessageTraits<pd::Room>::kFingerprint;

Lamp MakeLamp(bool lit, std::uint8_t level) {
  Lamp l;
  l.lit = lit;
  l.level = level;
  return l;
}

std::uint16_t U16(const Bytes& b, std::size_t at) { return static_cast<std::uint16_t>(b[at] | (b[at + 1] << 8)); }

// Everything observable about a receiver: its newest tick and snapshot, and the ack it now gives.
struct ReceiverState {
  bool has_snapshot;
  std::uint16_t tick;
  Bytes snapshot;
  Bytes ack;
  std::size_t held;
  bool operator==(const ReceiverState& o) const {
    return has_snapshot == o.has_snapshot && tick == o.tick && snapshot == o.snapshot && ack == o.ack &&
           held == o.held;
  }
};
template <class M>
ReceiverState StateOf(const rep::Receiver<M>& r) {
  Bytes ack;
  r.ack(ack);
  return {r.has_snapshot(), r.tick(), Compact(r.snapshot()), ack, r.held_count()};
}

// A sender and a receiver of Rooms with a link between them.
struct Link {
  RoomSender sender;
  RoomReceiver receiver;
  Bytes packet, ack;
  explicit Link(std::size_t history = rep::kDefaultHistory) : sender(history), receiver(history) {}

  // Encodes and delivers tick t; with `ack_back`, the ack reaches the sender.
  void Deliver(std::uint16_t t, const pd::Room& room, bool ack_back) {
    ASSERT_TRUE(sender.encode(t, room, packet).ok());
    const pakt::Status s = receiver.receive(pakt::ByteView(packet), ack);
    ASSERT_TRUE(s.ok()) << s.message();
    if (ack_back) {
      ASSERT_TRUE(sender.receive_ack(pakt::ByteView(ack)).ok());
    }
  }
};

TEST(Replication, HistoryMustBeOneTo255) {
  EXPECT_THROW(RoomSender(0), std::invalid_argument);
  EXPECT_THROW(RoomSender(256), std::invalid_argument);
  EXPECT_THROW(RoomReceiver(0), std::invalid_argument);
  EXPECT_THROW(RoomReceiver(256), std::invalid_argument);
  EXPECT_EQ(RoomSender(1).history(), 1U);
  EXPECT_EQ(RoomReceiver(255).history(), 255U);
  EXPECT_EQ(RoomSender().history(), rep::kDefaultHistory);
  EXPECT_EQ(rep::kDefaultHistory, 32U);
}

TEST(Replication, TickSerialArithmetic) {
  EXPECT_TRUE(rep::tick_newer(1, 0));
  EXPECT_TRUE(rep::tick_newer(32767, 0));
  EXPECT_FALSE(rep::tick_newer(32768, 0));
  EXPECT_FALSE(rep::tick_newer(0, 0));
  EXPECT_TRUE(rep::tick_newer(5, 65530));
  EXPECT_FALSE(rep::tick_newer(65530, 5));
}

TEST(Replication, FirstPacketIsFullWithFingerprint) {
  RoomSender sender;
  Bytes packet;
  const pd::Room room = MakeRoom(3);
  ASSERT_TRUE(sender.encode(700, room, packet).ok());
  EXPECT_TRUE(sender.last_was_full());
  EXPECT_FALSE(sender.last_baseline().has_value());
  ASSERT_GT(packet.size(), 11U);
  EXPECT_EQ(packet[0], 1 | 4);
  std::uint64_t fp = 0;
  for (int i = 0; i < 8; ++i) fp |= std::uint64_t{packet[1 + static_cast<std::size_t>(i)]} << (8 * i);
  EXPECT_EQ(fp, kRoomFingerprint);
  EXPECT_EQ(U16(packet, 9), 700);
  Bytes payload;
  ASSERT_TRUE(Serialize(room, payload, pakt::packed).ok());
  EXPECT_EQ(Bytes(packet.begin() + 11, packet.end()), payload);
  // Until an ack comes back, every packet is full (no acknowledged baseline).
  ASSERT_TRUE(sender.encode(701, room, packet).ok());
  EXPECT_TRUE(sender.last_was_full());
  EXPECT_EQ(packet[0], 1 | 4);
}

TEST(Replication, DeltaAfterAck) {
  Link link;
  pd::Room room = MakeRoom(3);
  link.Deliver(10, room, true);
  EXPECT_EQ(link.sender.acked_count(), 1U);
  room.boss.health = 7;
  ASSERT_TRUE(link.sender.encode(11, room, link.packet).ok());
  EXPECT_FALSE(link.sender.last_was_full());
  EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(10));
  ASSERT_GE(link.packet.size(), 5U);
  EXPECT_EQ(link.packet[0], 2);  // a delta, no fingerprint (an ack was accepted)
  EXPECT_EQ(U16(link.packet, 1), 11);
  EXPECT_EQ(U16(link.packet, 3), 10);
  Bytes delta;
  ASSERT_TRUE(Serialize(room, MakeRoom(3), delta, pakt::packed).ok());
  EXPECT_EQ(Bytes(link.packet.begin() + 5, link.packet.end()), delta);
  ASSERT_TRUE(link.receiver.receive(pakt::ByteView(link.packet), link.ack).ok());
  EXPECT_EQ(link.receiver.tick(), 11);
  EXPECT_EQ(Compact(link.receiver.snapshot()), Compact(room));
  EXPECT_EQ(link.ack, Ack(11, 1));  // 11, and 10 (bit 0)
}

TEST(Replication, BaselineIsNewestAcked) {
  Link link;
  pd::Room room = MakeRoom(2);
  link.Deliver(1, room, true);
  link.Deliver(2, room, false);
  Bytes ack2 = link.ack;
  link.Deliver(3, room, true);  // acks 3, 2 and 1
  ASSERT_TRUE(link.sender.encode(4, room, link.packet).ok());
  EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(3));
  // A late ack for an older tick does not move the baseline back.
  ASSERT_TRUE(link.sender.receive_ack(pakt::ByteView(ack2)).ok());
  ASSERT_TRUE(link.sender.encode(5, room, link.packet).ok());
  EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(3));
  // An ack naming only 1 (newest 1): 3 stays the newest acknowledged.
  ASSERT_TRUE(link.sender.receive_ack(pakt::ByteView(Ack(1, 0))).ok());
  ASSERT_TRUE(link.sender.encode(6, room, link.packet).ok());
  EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(3));
  // The ack's bit field marks older ticks too: newest 6 lost, bit 1 names 4.
  ASSERT_TRUE(link.sender.receive_ack(pakt::ByteView(Ack(6, 0b10))).ok());
  EXPECT_TRUE(link.sender.is_acked(6));
  EXPECT_TRUE(link.sender.is_acked(4));
  EXPECT_FALSE(link.sender.is_acked(5));
  ASSERT_TRUE(link.sender.encode(7, room, link.packet).ok());
  EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(6));
}

TEST(Replication, UnackedTickIsNeverABaseline) {
  Link link;
  pd::Room room = MakeRoom(2);
  link.Deliver(100, room, true);
  for (std::uint16_t t = 101; t < 120; ++t) {
    room.raw += 1.0f;
    link.Deliver(t, room, false);  // delivered, but the acks are lost
    EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(100)) << t;
    EXPECT_FALSE(link.sender.is_acked(t));
  }
  EXPECT_EQ(link.sender.acked_count(), 1U);
}

TEST(Replication, AcksForTicksNotHeldAreIgnored) {
  RoomSender sender(4);
  Bytes packet;
  const pd::Room room = MakeRoom(1);
  ASSERT_TRUE(sender.encode(10, room, packet).ok());
  ASSERT_TRUE(sender.encode(11, room, packet).ok());
  // Never sent (ahead, or between), forged bit fields naming nothing held: accepted, nothing marked.
  for (const Bytes& ack : {Ack(9, 0xFFFFFFFF), Ack(500, 0xFFFFFFFF), Ack(12, 0), Ack(65535, 0), Ack(45, 0xFFFFFFFF)}) {
    ASSERT_TRUE(sender.receive_ack(pakt::ByteView(ack)).ok());
    EXPECT_EQ(sender.acked_count(), 0U);
    EXPECT_FALSE(sender.ack_accepted());
  }
  ASSERT_TRUE(sender.encode(12, room, packet).ok());
  EXPECT_TRUE(sender.last_was_full());
  EXPECT_EQ(packet[0], 1 | 4);
  // An ack naming a held tick among unsent ones marks only the held one.
  ASSERT_TRUE(sender.receive_ack(pakt::ByteView(Ack(13, 0b10))).ok());  // 13 unsent, 11 held
  EXPECT_EQ(sender.acked_count(), 1U);
  EXPECT_TRUE(sender.is_acked(11));
  ASSERT_TRUE(sender.encode(14, room, packet).ok());
  EXPECT_EQ(sender.last_baseline(), std::optional<std::uint16_t>(11));
  // Evicted ticks: history 4 holds 11, 12, 14 and now 15, 16 push 11 and 12 out.
  ASSERT_TRUE(sender.encode(15, room, packet).ok());
  ASSERT_TRUE(sender.encode(16, room, packet).ok());
  EXPECT_EQ(sender.held(10), nullptr);
  EXPECT_EQ(sender.held(11), nullptr);
  ASSERT_TRUE(sender.receive_ack(pakt::ByteView(Ack(10, 0))).ok());
  EXPECT_EQ(sender.acked_count(), 0U);
}

TEST(Replication, AgesOutToFullAfterMoreThanHistoryUnacked) {
  constexpr std::size_t kHistory = 8;
  Link link(kHistory);
  pd::Room room = MakeRoom(2);
  link.Deliver(1, room, true);
  // N - 1 more ticks: 1 is still held and the baseline.
  for (std::uint16_t t = 2; t <= kHistory; ++t) {
    ASSERT_TRUE(link.sender.encode(t, room, link.packet).ok());
    EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(1));
  }
  // Tick N + 1 evicts 1 only once it is stored, so it is still a delta against 1.
  ASSERT_TRUE(link.sender.encode(kHistory + 1, room, link.packet).ok());
  EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(1));
  EXPECT_EQ(link.sender.held(1), nullptr);
  // Now no acknowledged tick is held: full snapshots, with the fingerprint, until an ack.
  ASSERT_TRUE(link.sender.encode(kHistory + 2, room, link.packet).ok());
  EXPECT_TRUE(link.sender.last_was_full());
  EXPECT_EQ(link.packet[0], 1 | 4);
  ASSERT_TRUE(link.receiver.receive(pakt::ByteView(link.packet), link.ack).ok());
  // A late ack of an evicted tick is ignored.
  ASSERT_TRUE(link.sender.receive_ack(pakt::ByteView(Ack(1, 0))).ok());
  ASSERT_TRUE(link.sender.encode(kHistory + 3, room, link.packet).ok());
  EXPECT_TRUE(link.sender.last_was_full());
  ASSERT_TRUE(link.sender.receive_ack(pakt::ByteView(link.ack)).ok());
  ASSERT_TRUE(link.sender.encode(kHistory + 4, room, link.packet).ok());
  EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(kHistory + 2));
}

TEST(Replication, FingerprintUntilFirstAckThenOnlyInFullSnapshots) {
  Link link(4);
  pd::Room room = MakeRoom(1);
  link.Deliver(1, room, false);
  EXPECT_EQ(link.packet[0], 1 | 4);
  link.Deliver(2, room, false);
  EXPECT_EQ(link.packet[0], 1 | 4);
  EXPECT_FALSE(link.sender.ack_accepted());
  ASSERT_TRUE(link.sender.receive_ack(pakt::ByteView(link.ack)).ok());
  EXPECT_TRUE(link.sender.ack_accepted());
  for (std::uint16_t t = 3; t < 10; ++t) {
    link.Deliver(t, room, false);
    // 2 is the baseline until it ages out (after 4 more ticks): then full with the fingerprint.
    if (link.sender.last_was_full()) {
      EXPECT_EQ(link.packet[0], 1 | 4) << t;
    } else {
      EXPECT_EQ(link.packet[0], 2) << t;
    }
  }
  EXPECT_TRUE(link.sender.last_was_full());
  EXPECT_TRUE(link.receiver.fingerprint_verified());
}

TEST(Replication, WrongFingerprintIsRefused) {
  RoomSender sender;
  RoomReceiver receiver;
  Bytes packet, ack = {0xAA};
  ASSERT_TRUE(sender.encode(5, MakeRoom(1), packet).ok());
  for (std::size_t byte = 1; byte <= 8; ++byte) {
    Bytes bad = packet;
    bad[byte] ^= 0x10;
    const pakt::Status s = receiver.receive(pakt::ByteView(bad), ack);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.offset(), 1U);
    EXPECT_NE(s.message().find("fingerprint"), std::string::npos) << s.message();
    EXPECT_TRUE(ack.empty());
    EXPECT_FALSE(receiver.has_snapshot());
  }
  // A Lamp packet to a Room receiver: another schema.
  rep::Sender<Lamp> lamp_sender;
  ASSERT_TRUE(lamp_sender.encode(5, MakeLamp(true, 1), packet).ok());
  EXPECT_FALSE(receiver.receive(pakt::ByteView(packet), ack).ok());
  ASSERT_TRUE(sender.encode(6, MakeRoom(1), packet).ok());
  EXPECT_TRUE(receiver.receive(pakt::ByteView(packet), ack).ok());
}

TEST(Replication, NoFingerprintBeforeAVerifiedOneIsRefused) {
  Link link;
  pd::Room room = MakeRoom(1);
  ASSERT_TRUE(link.sender.encode(1, room, link.packet).ok());
  // The same full snapshot with the fingerprint left out.
  Bytes bare = {1};
  bare.insert(bare.end(), link.packet.begin() + 9, link.packet.end());
  pakt::Status s = link.receiver.receive(pakt::ByteView(bare), link.ack);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), pakt::ErrorCode::kUnauthorized);
  EXPECT_NE(s.message().find("without fingerprint"), std::string::npos) << s.message();
  EXPECT_FALSE(link.receiver.has_snapshot());
  // Once a fingerprinted packet was applied, packets without one are fine.
  ASSERT_TRUE(link.receiver.receive(pakt::ByteView(link.packet), link.ack).ok());
  bare[1] = 2;  // tick 2
  s = link.receiver.receive(pakt::ByteView(bare), link.ack);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(link.receiver.tick(), 2);
}

TEST(Replication, StaleAndDuplicateTicksAreRefused) {
  Link link;
  pd::Room room = MakeRoom(2);
  link.Deliver(20, room, true);
  const Bytes p20 = link.packet;
  ASSERT_TRUE(link.sender.encode(21, room, link.packet).ok());
  const Bytes p21 = link.packet;
  room.raw = 9.0f;
  ASSERT_TRUE(link.sender.encode(22, room, link.packet).ok());
  const Bytes p22 = link.packet;
  ASSERT_TRUE(link.receiver.receive(pakt::ByteView(p22), link.ack).ok());  // 21 arrives late
  const ReceiverState before = StateOf(link.receiver);
  for (const Bytes* late : {&p20, &p21, &p22}) {
    const pakt::Status s = link.receiver.receive(pakt::ByteView(*late), link.ack);
    ASSERT_FALSE(s.ok());
    EXPECT_TRUE(link.ack.empty());
    EXPECT_NE(s.message().find("is not newer than the newest applied tick 22"), std::string::npos) << s.message();
    EXPECT_EQ(StateOf(link.receiver), before);
  }
  const pakt::Status s = link.receiver.receive(pakt::ByteView(p21), link.ack);
  EXPECT_EQ(s.message(), "replication: offset 1: tick 21 is not newer than the newest applied tick 22");
  EXPECT_EQ(s.offset(), 1U);
  // The sender refuses a tick not newer than its last, and stays as it was.
  Bytes packet = {0x42};
  const pakt::Status e = link.sender.encode(22, room, packet);
  EXPECT_FALSE(e.ok());
  EXPECT_NE(e.message().find("tick 22 is not newer than the last encoded tick 22"), std::string::npos);
  EXPECT_FALSE(link.sender.encode(3, room, packet).ok());
  EXPECT_EQ(packet, Bytes{0x42});
  EXPECT_EQ(link.sender.last_tick(), std::optional<std::uint16_t>(22));
  EXPECT_TRUE(link.sender.encode(23, room, packet).ok());
}

TEST(Replication, UnknownBaselineIsRefused) {
  Link link(4);
  pd::Room room = MakeRoom(1);
  link.Deliver(10, room, true);
  link.Deliver(11, room, true);
  ASSERT_TRUE(link.sender.encode(12, room, link.packet).ok());
  ASSERT_EQ(link.packet[0], 2);
  const ReceiverState before = StateOf(link.receiver);
  // Never applied (9, 12 in the future, 5000), and evicted (see below).
  for (std::uint16_t baseline : {std::uint16_t{9}, std::uint16_t{12}, std::uint16_t{13}, std::uint16_t{5000}}) {
    Bytes bad = link.packet;
    bad[3] = static_cast<std::uint8_t>(baseline & 0xFF);
    bad[4] = static_cast<std::uint8_t>(baseline >> 8);
    const pakt::Status s = link.receiver.receive(pakt::ByteView(bad), link.ack);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.offset(), 3U);
    EXPECT_EQ(s.message(), "replication: offset 3: baseline tick " + std::to_string(baseline) +
                               " is not held (never applied, evicted, or in the future)");
    EXPECT_EQ(StateOf(link.receiver), before);
  }
  ASSERT_TRUE(link.receiver.receive(pakt::ByteView(link.packet), link.ack).ok());
  // History 4: after 13, 14, 15 tick 11 is evicted at the receiver.
  for (std::uint16_t t = 13; t <= 15; ++t) link.Deliver(t, room, false);
  EXPECT_EQ(link.receiver.held(11), nullptr);
  Bytes bad = link.packet;  // tick 15 against 11: make it tick 16
  bad[1] = 16;
  ASSERT_EQ(U16(bad, 3), 11);
  EXPECT_FALSE(link.receiver.receive(pakt::ByteView(bad), link.ack).ok());
}

TEST(Replication, MalformedKindsAreRefused) {
  Link link;
  pd::Room room = MakeRoom(1);
  link.Deliver(1, room, true);
  ASSERT_TRUE(link.sender.encode(2, room, link.packet).ok());
  const ReceiverState before = StateOf(link.receiver);
  for (std::uint8_t kind : {std::uint8_t{0}, std::uint8_t{3}, std::uint8_t{4}, std::uint8_t{7}, std::uint8_t{0x0A},
                            std::uint8_t{0x12}, std::uint8_t{0x82}, std::uint8_t{0xFF}}) {
    Bytes bad = link.packet;
    bad[0] = kind;
    const pakt::Status s = link.receiver.receive(pakt::ByteView(bad), link.ack);
    EXPECT_FALSE(s.ok()) << int{kind};
    EXPECT_EQ(s.offset(), 0U);
    EXPECT_EQ(StateOf(link.receiver), before);
  }
  Bytes empty;
  EXPECT_FALSE(link.receiver.receive(pakt::ByteView(empty), link.ack).ok());
  // An ack is not a snapshot.
  EXPECT_FALSE(link.receiver.receive(pakt::ByteView(Ack(2, 0)), link.ack).ok());
  EXPECT_TRUE(link.receiver.receive(pakt::ByteView(link.packet), link.ack).ok());
}

TEST(Replication, PayloadThatDoesNotDecodeIsRefused) {
  Link link;
  link.Deliver(1, MakeRoom(1), true);
  pd::Room room = MakeRoom(1);
  room.raw = 3.0f;
  ASSERT_TRUE(link.sender.encode(2, room, link.packet).ok());
  const ReceiverState before = StateOf(link.receiver);
  Bytes trailing = link.packet;
  trailing.push_back(0);
  pakt::Status s = link.receiver.receive(pakt::ByteView(trailing), link.ack);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.offset(), link.packet.size());  // the offset is in the packet, not the payload
  EXPECT_NE(s.message().find("delta payload of tick 2"), std::string::npos) << s.message();
  EXPECT_EQ(StateOf(link.receiver), before);
  // A Lamp: the level's 4 bits above 15 cannot happen, but padding bits must be 0.
  rep::Sender<Lamp> ls;
  rep::Receiver<Lamp> lr;
  Bytes packet, ack;
  ASSERT_TRUE(ls.encode(1, MakeLamp(true, 15), packet).ok());
  packet.back() |= 0x80;  // a padding bit
  s = lr.receive(pakt::ByteView(packet), ack);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.offset(), packet.size() - 1) << s.message();
  EXPECT_FALSE(lr.has_snapshot());
}

TEST(Replication, EveryTruncationIsRefusedWithoutStateChange) {
  for (bool delta : {false, true}) {
    Link link;
    pd::Room room = MakeRoom(3);
    link.Deliver(30, room, delta);
    room.players[1].name = "renamed";
    room.raw = -2.0f;
    ASSERT_TRUE(link.sender.encode(31, room, link.packet).ok());
    ASSERT_EQ(link.sender.last_was_full(), !delta);
    const Bytes good = link.packet;
    const ReceiverState before = StateOf(link.receiver);
    for (std::size_t n = 0; n < good.size(); ++n) {
      const Bytes cut(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n));
      Bytes ack = {1, 2, 3};
      const pakt::Status s = link.receiver.receive(pakt::ByteView(cut), ack);
      ASSERT_FALSE(s.ok()) << "delta " << delta << ", " << n << " of " << good.size() << " bytes";
      EXPECT_TRUE(ack.empty());
      ASSERT_EQ(StateOf(link.receiver), before) << n;
    }
    // The good packet still applies, with the ack it would have had.
    ASSERT_TRUE(link.receiver.receive(pakt::ByteView(good), link.ack).ok());
    EXPECT_EQ(link.ack, Ack(31, 1));
    EXPECT_EQ(Compact(link.receiver.snapshot()), Compact(room));
  }
}

TEST(Replication, MalformedAckIsRefusedWithoutStateChange) {
  RoomSender sender;
  Bytes packet;
  ASSERT_TRUE(sender.encode(8, MakeRoom(1), packet).ok());
  const Bytes good = Ack(8, 0);
  for (std::size_t n = 0; n < good.size(); ++n) {
    EXPECT_FALSE(sender.receive_ack(pakt::ByteView(good.data(), n)).ok()) << n;
  }
  Bytes longer = good;
  longer.push_back(0);
  pakt::Status s = sender.receive_ack(pakt::ByteView(longer));
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("an ack is 7 bytes, this one 8"), std::string::npos) << s.message();
  for (std::uint8_t kind : {std::uint8_t{0}, std::uint8_t{1}, std::uint8_t{2}, std::uint8_t{0x83}}) {
    Bytes bad = good;
    bad[0] = kind;
    EXPECT_FALSE(sender.receive_ack(pakt::ByteView(bad)).ok());
  }
  EXPECT_EQ(sender.acked_count(), 0U);
  EXPECT_FALSE(sender.ack_accepted());
  ASSERT_TRUE(sender.encode(9, MakeRoom(1), packet).ok());
  EXPECT_TRUE(sender.last_was_full());
  ASSERT_TRUE(sender.receive_ack(pakt::ByteView(good)).ok());
  EXPECT_EQ(sender.acked_count(), 1U);
}

TEST(Replication, EncodeErrorChangesNothing) {
  Link link;
  pd::Room room = MakeRoom(2);
  link.Deliver(40, room, true);
  pd::Room bad = room;
  bad.players[0].health = 101;  // range [-10, 100]
  Bytes packet = {0x55};
  pakt::Status s = link.sender.encode(41, bad, packet);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("health"), std::string::npos) << s.message();
  EXPECT_EQ(packet, Bytes{0x55});
  EXPECT_EQ(link.sender.last_tick(), std::optional<std::uint16_t>(40));
  EXPECT_EQ(link.sender.held(41), nullptr);
  EXPECT_EQ(link.sender.held_count(), 1U);
  EXPECT_TRUE(link.sender.last_was_full());  // still 40's
  // Tick 41 was not used up, and the next packet is the same as without the error.
  RoomSender fresh;
  Bytes expected;
  ASSERT_TRUE(fresh.encode(40, room, expected).ok());
  ASSERT_TRUE(fresh.receive_ack(pakt::ByteView(Ack(40, 0))).ok());
  room.raw = 4.0f;
  ASSERT_TRUE(fresh.encode(41, room, expected).ok());
  ASSERT_TRUE(link.sender.encode(41, room, packet).ok());
  EXPECT_EQ(packet, expected);
  // A full snapshot's encode error, too (a Lamp level of 16).
  rep::Sender<Lamp> lamp;
  s = lamp.encode(1, MakeLamp(false, 16), packet);
  EXPECT_FALSE(s.ok());
  EXPECT_FALSE(lamp.last_tick().has_value());
  EXPECT_EQ(lamp.held_count(), 0U);
  EXPECT_TRUE(lamp.encode(1, MakeLamp(false, 15), packet).ok());
}

TEST(Replication, AckBitsShiftAsTheNewestAdvances) {
  rep::Sender<Lamp> sender(64);
  rep::Receiver<Lamp> receiver(64);
  Bytes packet, ack;
  std::map<int, bool> applied;
  const int ticks[] = {1, 2, 4, 5, 9, 20, 33, 34, 36, 70, 71, 100};
  for (int t : ticks) {
    ASSERT_TRUE(sender.encode(static_cast<std::uint16_t>(t), MakeLamp(t % 2 == 0, 3), packet).ok());
    ASSERT_TRUE(receiver.receive(pakt::ByteView(packet), ack).ok());
    applied[t] = true;
    std::uint32_t expected = 0;
    for (int i = 0; i < 32; ++i) {
      if (applied.count(t - 1 - i)) expected |= std::uint32_t{1} << i;
    }
    EXPECT_EQ(ack, Ack(static_cast<std::uint16_t>(t), expected)) << t;
    EXPECT_EQ(receiver.previous_bits(), expected);
  }
}

TEST(Replication, TicksWrapAround) {
  Link link(8);
  pd::Room room = MakeRoom(2);
  std::uint16_t t = 65530;
  link.Deliver(t, room, true);
  for (int i = 0; i < 12; ++i) {  // 65531 .. 5
    const std::uint16_t prev = t;
    t = static_cast<std::uint16_t>(t + 1);
    room.raw = static_cast<float>(i);
    const bool ack_back = i % 3 != 1;
    link.Deliver(t, room, ack_back);
    EXPECT_FALSE(link.sender.last_was_full()) << t;
    // The baseline is the newest acked in sending order (65535 before 0), not the largest number.
    const std::uint16_t expected_base = (i % 3 == 2) ? static_cast<std::uint16_t>(prev - 1) : prev;
    EXPECT_EQ(link.sender.last_baseline(), std::optional<std::uint16_t>(expected_base)) << t;
    EXPECT_EQ(link.receiver.tick(), t);
    EXPECT_EQ(Compact(link.receiver.snapshot()), Compact(room));
    EXPECT_EQ(Compact(*link.sender.held(t)), Compact(link.receiver.snapshot()));
  }
  EXPECT_EQ(t, 6);
  // The ack field across the wrap: 5, 4, ..., 0, 65535, ..., 65530 (bits 0-11) were applied.
  EXPECT_EQ(link.ack, Ack(6, 0xFFF)) << "applied 65530..6";
  // 65535 is older than 6: refused.
  ASSERT_TRUE(link.sender.encode(7, room, link.packet).ok());
  Bytes old = link.packet;
  old[1] = 0xFF;
  old[2] = 0xFF;
  EXPECT_FALSE(link.receiver.receive(pakt::ByteView(old), link.ack).ok());
  EXPECT_FALSE(link.sender.encode(65535, room, link.packet).ok());
}

// A lossy, reordering, duplicating link (seeded): after every step, each snapshot the receiver holds
// is bit for bit the one the sender kept for that tick, and every applied tick's value is the input.
TEST(Replication, LossyRandomRunAgrees) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    for (std::size_t history : {std::size_t{1}, std::size_t{5}, std::size_t{32}}) {
      Rng rng(seed);
      RoomSender sender(history);
      RoomReceiver receiver(history);
      pd::Room room = MakeRoom(4);
      std::vector<Bytes> in_flight, acks_in_flight;
      std::map<std::uint16_t, Bytes> sent_values;  // compact bytes of each tick's input
      std::uint16_t tick = static_cast<std::uint16_t>(65000 + seed * 100);
      std::size_t applied = 0, deltas = 0;
      for (int step = 0; step < 1500; ++step) {
        Step(room, rng, true);
        tick = static_cast<std::uint16_t>(tick + 1 + (rng() % 10 == 0 ? rng() % 40 : 0));
        Bytes packet;
        ASSERT_TRUE(sender.encode(tick, room, packet).ok());
        if (!sender.last_was_full()) ++deltas;
        sent_values[tick] = Compact(room);
        ASSERT_EQ(Compact(*sender.held(tick)), sent_values[tick]);
        if (rng() % 4 != 0) in_flight.push_back(packet);           // 25% lost
        if (rng() % 10 == 0) in_flight.push_back(packet);          // duplicated
        // Deliver some packets in a random order.
        while (!in_flight.empty() && rng() % 3 != 0) {
          const std::size_t i = rng() % in_flight.size();
          Bytes p = in_flight[i];
          in_flight.erase(in_flight.begin() + static_cast<std::ptrdiff_t>(i));
          Bytes ack;
          const pakt::Status s = receiver.receive(pakt::ByteView(p), ack);
          if (s.ok()) {
            ++applied;
            const std::uint16_t t = receiver.tick();
            ASSERT_EQ(Compact(receiver.snapshot()), sent_values[t]) << "seed " << seed << " tick " << t;
            if (const pd::Room* kept = sender.held(t)) {
              ASSERT_EQ(Compact(receiver.snapshot()), Compact(*kept)) << t;
            }
            if (rng() % 3 != 0) acks_in_flight.push_back(ack);
          } else {
            ASSERT_TRUE(ack.empty());
          }
        }
        while (!acks_in_flight.empty() && rng() % 2 == 0) {
          const std::size_t i = rng() % acks_in_flight.size();
          ASSERT_TRUE(sender.receive_ack(pakt::ByteView(acks_in_flight[i])).ok());
          acks_in_flight.erase(acks_in_flight.begin() + static_cast<std::ptrdiff_t>(i));
        }
        if (in_flight.size() > 50) in_flight.clear();
        // Every tick both hold: the same bytes.
        for (std::uint16_t back = 0; back < 64; ++back) {
          const std::uint16_t t = static_cast<std::uint16_t>(receiver.tick() - back);
          const pd::Room* r = receiver.held(t);
          const pd::Room* s = sender.held(t);
          if (r != nullptr && s != nullptr) {
            ASSERT_EQ(Compact(*r), Compact(*s)) << t;
          }
        }
      }
      EXPECT_GT(applied, 500U) << seed;
      if (history > 1) {
        EXPECT_GT(deltas, 300U) << seed;
      }
    }
  }
}

// docs/replication.md's "Worked example": the hex lines of the doc (P<n> packets, A<n> acks).
std::map<std::string, Bytes> DocExample() {
  std::ifstream in(PAKT_REPLICATION_DOC);
  std::map<std::string, Bytes> found;
  std::string line;
  bool in_section = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## Worked example";
    if (!in_section) continue;
    // "P1  05 a9 67 5f 74 03 05 3e 98 64 00 0b" (in a ``` block)
    if (line.size() > 3 && (line[0] == 'P' || line[0] == 'A') && line[1] >= '1' && line[1] <= '9' && line[2] == ' ') {
      found[line.substr(0, 2)] = FromHex(line.substr(3));
    }
  }
  return found;
}

TEST(Replication, WorkedExampleOfTheDoc) {
  const std::map<std::string, Bytes> doc = DocExample();
  for (const char* name : {"P1", "A1", "P2", "P3", "A3", "P4", "A4"}) {
    ASSERT_EQ(doc.count(name), 1U) << name << " missing from " << PAKT_REPLICATION_DOC;
  }
  EXPECT_EQ(pakt::MessageTraits<Lamp>::kFingerprint, 0x6FF2BE32D6AFA4A4ULL);  // the doc's, from pakt describe

  rep::Sender<Lamp> sender;
  rep::Receiver<Lamp> receiver;
  Bytes packet, ack;
  // Tick 100: full.
  ASSERT_TRUE(sender.encode(100, MakeLamp(true, 5), packet).ok());
  EXPECT_EQ(packet, doc.at("P1"));
  ASSERT_TRUE(receiver.receive(pakt::ByteView(doc.at("P1")), ack).ok());
  EXPECT_EQ(ack, doc.at("A1"));
  EXPECT_EQ(receiver.snapshot(), MakeLamp(true, 5));
  ASSERT_TRUE(sender.receive_ack(pakt::ByteView(doc.at("A1"))).ok());
  // Tick 101: delta against 100, lost.
  ASSERT_TRUE(sender.encode(101, MakeLamp(true, 9), packet).ok());
  EXPECT_EQ(packet, doc.at("P2"));
  // Tick 102: delta against 100 (101 was never acknowledged).
  ASSERT_TRUE(sender.encode(102, MakeLamp(false, 9), packet).ok());
  EXPECT_EQ(packet, doc.at("P3"));
  ASSERT_TRUE(receiver.receive(pakt::ByteView(doc.at("P3")), ack).ok());
  EXPECT_EQ(ack, doc.at("A3"));
  EXPECT_EQ(receiver.snapshot(), MakeLamp(false, 9));
  ASSERT_TRUE(sender.receive_ack(pakt::ByteView(doc.at("A3"))).ok());
  // Tick 103: delta against 102.
  ASSERT_TRUE(sender.encode(103, MakeLamp(false, 10), packet).ok());
  EXPECT_EQ(packet, doc.at("P4"));
  ASSERT_TRUE(receiver.receive(pakt::ByteView(doc.at("P4")), ack).ok());
  EXPECT_EQ(ack, doc.at("A4"));
  EXPECT_EQ(receiver.snapshot(), MakeLamp(false, 10));
  // P2, arriving late, is stale.
  EXPECT_FALSE(receiver.receive(pakt::ByteView(doc.at("P2")), ack).ok());
  // A fresh receiver applies P2 against P1 too (its own order).
  rep::Receiver<Lamp> other;
  ASSERT_TRUE(other.receive(pakt::ByteView(doc.at("P1")), ack).ok());
  ASSERT_TRUE(other.receive(pakt::ByteView(doc.at("P2")), ack).ok());
  EXPECT_EQ(other.snapshot(), MakeLamp(true, 9));
}

}  // namespace
