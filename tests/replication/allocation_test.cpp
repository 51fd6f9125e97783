// No allocation per packet once warmed up (runtime/include/pakt/replication.hpp): a counting global
// operator new (soak/allocation_count.cpp, linked into this binary only) counts what
// Sender::encode, Receiver::receive and Sender::receive_ack request after the history has filled and the buffers have grown, over
// snapshots whose lists keep their sizes (a list that grows makes its elements, as any copy does).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "replication_test_util.hpp"
#include "soak/allocation_count.hpp"  // the counting global operator new, shared with the soak

namespace {

using namespace pakt_replication_test;
namespace rep = pakt::replication;

// One tick: encode, deliver (unless lost), ack back (unless lost). Returns false on an error.
bool Tick(rep::Sender<pd::Room>& sender, rep::Receiver<pd::Room>& receiver, std::uint16_t tick,
          const pd::Room& room, Bytes& packet, Bytes& ack, bool lose_packet, bool lose_ack) {
  if (!sender.encode(tick, room, packet).ok()) return false;
  if (lose_packet) return true;
  if (!receiver.receive(pakt::ByteView(packet), ack).ok()) return false;
  if (lose_ack) return true;
  return sender.receive_ack(pakt::ByteView(ack)).ok();
}

TEST(ReplicationAllocation, TheCounterCounts) {
  const std::uint64_t before = pakt_soak::AllocationCount();
  std::vector<std::uint8_t>* volatile grown = new std::vector<std::uint8_t>(100);
  const std::uint64_t allocations = pakt_soak::AllocationCount() - before;
  delete grown;
  EXPECT_EQ(allocations, 2U);  // the vector and its elements
}

TEST(ReplicationAllocation, NoneOnceWarmedUp) {
  for (std::size_t history : {std::size_t{1}, std::size_t{4}, std::size_t{32}}) {
    rep::Sender<pd::Room> sender(history);
    rep::Receiver<pd::Room> receiver(history);
    Rng rng(7);
    pd::Room room = MakeRoom(6);
    Bytes packet, ack;
    packet.reserve(4096);  // the caller's buffers: reused
    ack.reserve(16);
    std::uint16_t tick = 65500;  // across the wrap
    // Warm-up: every slot of both histories and the scratch snapshots get the room's shape, and
    // full snapshots (an ack-less stretch longer than the history) size the payload buffer.
    for (std::size_t i = 0; i < 3 * history + 8; ++i) {
      Step(room, rng, false);
      ASSERT_TRUE(Tick(sender, receiver, ++tick, room, packet, ack, false, i < history + 2));
    }
    const std::uint64_t before = pakt_soak::AllocationCount();
    bool ok = true;
    std::size_t fulls = 0;
    for (int i = 0; i < 2000 && ok; ++i) {
      Step(room, rng, false);  // no allocation: values only
      ok = Tick(sender, receiver, ++tick, room, packet, ack, rng() % 5 == 0, rng() % 3 == 0);
      if (sender.last_was_full()) ++fulls;
    }
    const std::uint64_t allocations = pakt_soak::AllocationCount() - before;
    ASSERT_TRUE(ok);
    EXPECT_EQ(allocations, 0U) << "history " << history << " (" << fulls << " full snapshots)";
  }
}

}  // namespace
