// No allocation per packet once warmed up (runtime/include/pakt/replication.hpp): a counting global
// operator new (this binary only) counts what Sender::encode, Receiver::receive and
// Sender::receive_ack request after the history has filled and the buffers have grown, over
// snapshots whose lists keep their sizes (a list that grows makes its elements, as any copy does).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <new>
#include <vector>

#include "replication_test_util.hpp"

namespace {
bool counting = false;
std::size_t allocations = 0;

void* Allocate(std::size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) { return Allocate(size); }
void* operator new[](std::size_t size) { return Allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

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
  allocations = 0;
  counting = true;
  std::vector<std::uint8_t>* volatile grown = new std::vector<std::uint8_t>(100);
  counting = false;
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
    allocations = 0;
    counting = true;
    bool ok = true;
    std::size_t fulls = 0;
    for (int i = 0; i < 2000 && ok; ++i) {
      Step(room, rng, false);  // no allocation: values only
      ok = Tick(sender, receiver, ++tick, room, packet, ack, rng() % 5 == 0, rng() % 3 == 0);
      if (sender.last_was_full()) ++fulls;
    }
    counting = false;
    ASSERT_TRUE(ok);
    EXPECT_EQ(allocations, 0U) << "history " << history << " (" << fulls << " full snapshots)";
  }
}

}  // namespace
