// Fuzz target: the replication layer (runtime/include/pakt/replication.hpp, docs/replication.md).
// The input is offered as a snapshot packet to warmed receivers (tests/schemas/packed_delta.yaml's
// Room and tests/replication/lamp.yaml's Lamp, each after two valid packets) and as an ack to a
// warmed Room sender, as is and with the ack kind byte forced (so that forged acks reach the
// marking). A refused input must leave every observable state as it was; an applied packet must
// advance the tick, return the ack the receiver now gives, and leave a snapshot that re-encodes.
#include <cstdint>
#include <vector>

#include "fuzz_check.hpp"
#include "replication_test_util.hpp"

namespace {

namespace rep = pakt::replication;
namespace rt = pakt_replication_test;
using pakt::fuzz::require;
using pakt::test::lamp::Lamp;
using rt::Bytes;
using rt::pd::Room;

template <class M>
struct ReceiverState {
  bool has_snapshot;
  std::uint16_t tick;
  Bytes snapshot;
  Bytes ack;
  std::size_t held;
  bool verified;
  bool operator==(const ReceiverState& o) const {
    return has_snapshot == o.has_snapshot && tick == o.tick && snapshot == o.snapshot && ack == o.ack &&
           held == o.held && verified == o.verified;
  }
};
template <class M>
ReceiverState<M> StateOf(const rep::Receiver<M>& r) {
  Bytes ack;
  r.ack(ack);
  return {r.has_snapshot(), r.tick(), rt::Compact(r.snapshot()), ack, r.held_count(), r.fingerprint_verified()};
}

template <class M>
void Offer(const rep::Receiver<M>& warmed, pakt::ByteView input) {
  rep::Receiver<M> receiver = warmed;
  const ReceiverState<M> before = StateOf(receiver);
  Bytes ack = {0xA5};
  const pakt::Status s = receiver.receive(input, ack);
  if (!s.ok()) {
    require(ack.empty(), "a refused packet gets no ack");
    require(StateOf(receiver) == before, "a refused packet changes nothing");
    require(s.offset() <= input.size(), "the error offset is inside the packet");
    return;
  }
  require(rep::tick_newer(receiver.tick(), before.tick), "an applied packet's tick is newer");
  Bytes now;
  receiver.ack(now);
  require(ack == now && ack.size() == rep::kAckSize && ack[0] == rep::kKindAck, "an applied packet is acked");
  const auto advance = static_cast<std::uint16_t>(receiver.tick() - before.tick);
  if (advance <= 32) {
    require(((receiver.previous_bits() >> (advance - 1)) & 1U) != 0, "the previous newest is in the ack's field");
  }
  Bytes packed;
  require(Serialize(receiver.snapshot(), packed, pakt::packed).ok(), "an applied snapshot re-encodes");
  // The same packet again is a duplicate.
  Bytes again;
  require(!receiver.receive(input, again).ok() && again.empty(), "a duplicate is refused");
}

struct Warm {
  rep::Receiver<Room> room_receiver{8};
  rep::Receiver<Lamp> lamp_receiver{8};
  rep::Sender<Room> room_sender{8};

  Warm() {
    Bytes packet, ack;
    rep::Sender<Lamp> lamp_sender(8);
    Room room = rt::MakeRoom(2);
    Lamp lamp;
    for (std::uint16_t tick = 10; tick <= 11; ++tick) {
      require(room_sender.encode(tick, room, packet).ok(), "warm-up: encode a room");
      require(room_receiver.receive(packet, ack).ok(), "warm-up: apply a room");
      require(room_sender.receive_ack(ack).ok(), "warm-up: ack a room");
      room.raw += 1.0f;
      lamp.level = static_cast<std::uint8_t>(tick % 16);
      require(lamp_sender.encode(tick, lamp, packet).ok(), "warm-up: encode a lamp");
      require(lamp_receiver.receive(packet, ack).ok(), "warm-up: apply a lamp");
      require(lamp_sender.receive_ack(ack).ok(), "warm-up: ack a lamp");
    }
    require(room_sender.encode(12, room, packet).ok(), "warm-up: encode an unacked room");
  }
};

void OfferAck(const rep::Sender<Room>& warmed, pakt::ByteView input) {
  rep::Sender<Room> sender = warmed;
  rep::Sender<Room> untouched = warmed;
  const Room room = rt::MakeRoom(3);
  Bytes packet, expected;
  const pakt::Status s = sender.receive_ack(input);
  if (!s.ok()) {
    require(input.size() != rep::kAckSize || input[0] != rep::kKindAck, "a well-formed ack is taken");
    require(sender.acked_count() == untouched.acked_count() && sender.held_count() == untouched.held_count() &&
                sender.ack_accepted() == untouched.ack_accepted(),
            "a refused ack changes nothing");
    require(sender.encode(13, room, packet).ok() && untouched.encode(13, room, expected).ok() && packet == expected,
            "a refused ack changes the next packet in nothing");
    return;
  }
  require(input.size() == rep::kAckSize && input[0] == rep::kKindAck, "only a well-formed ack is taken");
  require(sender.acked_count() >= untouched.acked_count() && sender.acked_count() <= sender.held_count(),
          "an ack marks only held ticks, and unmarks none");
  require(sender.encode(13, room, packet).ok(), "the sender encodes after any ack");
  if (!sender.last_was_full()) {
    const std::uint16_t base = *sender.last_baseline();
    require(sender.is_acked(base), "the baseline was acknowledged");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Warm warm;
  const pakt::ByteView input(data, size);
  Offer(warm.room_receiver, input);
  Offer(warm.lamp_receiver, input);
  OfferAck(warm.room_sender, input);
  if (size >= rep::kAckSize) {
    Bytes forced(data, data + rep::kAckSize);
    forced[0] = rep::kKindAck;
    OfferAck(warm.room_sender, pakt::ByteView(forced));
  }
  return 0;
}
