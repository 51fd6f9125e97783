#include "lossy_relay.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace pakt_soak {
namespace {

std::uint64_t SplitMix64(std::uint64_t x) noexcept {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// The draw-th random number of one packet, uniform in [0, 1).
double Uniform(std::uint64_t packet_key, std::uint64_t draw) noexcept {
  return static_cast<double>(SplitMix64(packet_key ^ SplitMix64(draw)) >> 11) * 0x1.0p-53;
}

}  // namespace

Fate DecideFate(const LinkConditions& link, Direction direction, std::size_t client, std::uint64_t index) noexcept {
  const std::uint64_t key = SplitMix64(SplitMix64(SplitMix64(link.seed) ^ static_cast<std::uint64_t>(direction)) ^
                                       (static_cast<std::uint64_t>(client) << 40) ^ index);
  Fate fate;
  fate.dropped = Uniform(key, 0) < link.loss;
  fate.delay_us[0] = link.delay_us;
  if (Uniform(key, 1) < link.reorder) {
    fate.reordered = true;
    fate.delay_us[0] += link.tick_us * (1 + static_cast<std::int64_t>(Uniform(key, 2) * 3));
  }
  if (Uniform(key, 3) < link.duplicate) {
    fate.copies = 2;
    fate.delay_us[1] = fate.delay_us[0] + link.tick_us * static_cast<std::int64_t>(Uniform(key, 4) * 3);
  }
  return fate;
}

LossyRelay::LossyRelay(const LinkConditions& link, std::size_t clients) : link_(link) {
  next_index_[0].assign(clients, 0);
  next_index_[1].assign(clients, 0);
  heap_.reserve(1024);
}

bool LossyRelay::Later(const Entry& a, const Entry& b) noexcept {
  return a.due_us != b.due_us ? a.due_us > b.due_us : a.sequence > b.sequence;
}

std::size_t LossyRelay::take_slot() {
  if (free_.empty()) {
    pool_.emplace_back();
    free_.reserve(pool_.capacity());
    return pool_.size() - 1;
  }
  const std::size_t slot = free_.back();
  free_.pop_back();
  return slot;
}

void LossyRelay::accept(Direction direction, std::size_t client, const std::uint8_t* data, std::size_t size,
                        std::int64_t now_us) {
  RelayCounts& counts = counts_[static_cast<int>(direction)];
  ++counts.accepted;
  const Fate fate = DecideFate(link_, direction, client, next_index_[static_cast<int>(direction)][client]++);
  if (link_.in_blackout(now_us)) {
    ++counts.blackout_dropped;
    return;
  }
  if (fate.dropped) {
    ++counts.dropped;
    return;
  }
  if (fate.reordered) ++counts.reordered;
  if (fate.copies == 2) ++counts.duplicated;
  for (int copy = 0; copy < fate.copies; ++copy) {
    const std::size_t slot = take_slot();
    Datagram& d = pool_[slot];
    d.bytes.assign(data, data + size);
    d.direction = direction;
    d.client = client;
    d.due_us = now_us + fate.delay_us[copy];
    heap_.push_back(Entry{d.due_us, sequence_++, slot});
    std::push_heap(heap_.begin(), heap_.end(), Later);
  }
}

std::int64_t LossyRelay::next_due() const noexcept {
  return heap_.empty() ? std::numeric_limits<std::int64_t>::max() : heap_.front().due_us;
}

const Datagram* LossyRelay::pop_due(std::int64_t now_us) {
  if (released_ != SIZE_MAX) {
    free_.push_back(released_);
    released_ = SIZE_MAX;
  }
  while (!heap_.empty() && heap_.front().due_us <= now_us) {
    std::pop_heap(heap_.begin(), heap_.end(), Later);
    const Entry entry = heap_.back();
    heap_.pop_back();
    const Datagram& d = pool_[entry.slot];
    if (link_.in_blackout(d.due_us)) {
      ++counts_[static_cast<int>(d.direction)].blackout_dropped;
      free_.push_back(entry.slot);
      continue;
    }
    ++counts_[static_cast<int>(d.direction)].delivered;
    released_ = entry.slot;
    return &d;
  }
  return nullptr;
}

}  // namespace pakt_soak
