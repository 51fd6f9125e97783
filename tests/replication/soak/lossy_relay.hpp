// The deterministic lossy link between the server and each client: every packet's fate (dropped,
// duplicated, delayed by the base delay plus 1-3 ticks when reordered) is a function of the seed,
// the direction, the client and the packet's index on that path, never of wall-clock timing. During
// the blackout everything is dropped, both ways: what arrives then and what would be delivered then.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pakt_soak {

enum class Direction : std::uint8_t { kToClient = 0, kToServer = 1 };

struct LinkConditions {
  double loss = 0;       // probability that a packet is dropped
  double duplicate = 0;  // probability that a delivered packet arrives twice (the copy 0-2 ticks later)
  double reorder = 0;    // probability that a packet is held 1-3 ticks longer than the base delay
  std::int64_t delay_us = 0;        // the base one-way delay
  std::int64_t tick_us = 16667;     // the unit of the extra delays
  std::int64_t blackout_from_us = -1, blackout_until_us = -1;  // [from, until); none when from < 0
  std::uint64_t seed = 1;

  bool in_blackout(std::int64_t t_us) const noexcept {
    return blackout_from_us >= 0 && t_us >= blackout_from_us && t_us < blackout_until_us;
  }
};

// What the link does to one packet.
struct Fate {
  bool dropped = false;
  bool reordered = false;
  int copies = 1;               // 2 when duplicated
  std::int64_t delay_us[2] = {0, 0};
};

Fate DecideFate(const LinkConditions& link, Direction direction, std::size_t client, std::uint64_t index) noexcept;

// A packet in flight: its bytes and where it goes.
struct Datagram {
  std::vector<std::uint8_t> bytes;  // capacity kept: slots are recycled
  Direction direction = Direction::kToClient;
  std::size_t client = 0;
  std::int64_t due_us = 0;
};

struct RelayCounts {
  std::uint64_t accepted = 0, dropped = 0, blackout_dropped = 0, duplicated = 0, reordered = 0, delivered = 0;
};

class LossyRelay {
 public:
  LossyRelay(const LinkConditions& link, std::size_t clients);

  // A packet reached the relay at now_us on the path (direction, client): schedules its copies.
  void accept(Direction direction, std::size_t client, const std::uint8_t* data, std::size_t size, std::int64_t now_us);
  // The earliest due time of a packet in flight, or INT64_MAX.
  std::int64_t next_due() const noexcept;
  // The next packet due at or before now_us (in due order, ties in acceptance order), or nullptr.
  // Packets due in the blackout are dropped on the way. The datagram stays valid until the next call.
  const Datagram* pop_due(std::int64_t now_us);

  const RelayCounts& counts(Direction direction) const noexcept { return counts_[static_cast<int>(direction)]; }
  std::size_t pool_size() const noexcept { return pool_.size(); }

 private:
  struct Entry {
    std::int64_t due_us;
    std::uint64_t sequence;
    std::size_t slot;
  };
  static bool Later(const Entry& a, const Entry& b) noexcept;  // the heap's order: a is due after b
  std::size_t take_slot();

  LinkConditions link_;
  std::vector<std::uint64_t> next_index_[2];  // per direction, per client: the next packet's index
  std::vector<Datagram> pool_;
  std::vector<std::size_t> free_;
  std::vector<Entry> heap_;  // a min-heap on (due_us, sequence)
  std::uint64_t sequence_ = 0;
  std::size_t released_ = SIZE_MAX;  // the slot pop_due returned last, freed on the next call
  RelayCounts counts_[2];
};

}  // namespace pakt_soak
