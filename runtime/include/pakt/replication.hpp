// pakt::replication: snapshot replication over the packed delta format (issue 31).
//
// The rules and the wire format are docs/replication.md; the payloads are docs/packed.md ("Delta").
// A Sender (one per receiving peer) turns a tick's snapshot into a packet: the packed delta against
// the newest snapshot the receiver has acknowledged, or the full snapshot when none is held. A
// Receiver applies packets and answers each with an ack. Neither opens sockets.
//
//   pakt::replication::Sender<Room> sender;            // history kDefaultHistory (32)
//   pakt::Status s = sender.encode(tick, room, packet);  // send packet unreliably
//   s = sender.receive_ack(pakt::ByteView(ack));       // when an ack arrives
//
//   pakt::replication::Receiver<Room> receiver;
//   s = receiver.receive(pakt::ByteView(packet), ack); // ok: receiver.snapshot(); send ack back
//
// Memory is fixed: the history's N snapshot slots and one scratch snapshot are made at
// construction; after the snapshots' own containers and the byte buffers have grown to their
// working size, encode, receive and receive_ack allocate nothing (a refusal allocates its Status).
// The history N is 1..255 (a constructor argument); another value throws std::invalid_argument.
//
// A Codec is what the Sender and Receiver know about M (an object: it may hold state, e.g. a
// run-time schema). Its interface, every member callable on a non-const Codec:
//
//   std::uint64_t fingerprint();   // the message's schema fingerprint (docs/replication.md)
//   M make();                      // an empty M (the value of the history's unused slots)
//   pakt::Status encode_full(const M& m, std::vector<std::uint8_t>& out);
//   pakt::Status encode_delta(const M& m, const M& baseline, std::vector<std::uint8_t>& out);
//       // both replace out's contents with the packed payload (docs/packed.md)
//   pakt::Status decode_full(pakt::ByteView payload, M& out);
//   pakt::Status decode_delta(pakt::ByteView payload, const M& baseline, M& out);
//       // out is never baseline here; out's old value may be anything (it is a recycled slot)
//
// GeneratedCodec<M> (the default) is that interface over the generated code of a `delta: true`
// message.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pakt/byte_view.hpp"
#include "pakt/message_traits.hpp"
#include "pakt/packed.hpp"
#include "pakt/status.hpp"

namespace pakt::replication {

inline constexpr std::size_t kDefaultHistory = 32;
inline constexpr std::size_t kMaxHistory = 255;

// Packet kinds: the low two bits of a snapshot packet's first byte; an ack's first byte.
inline constexpr std::uint8_t kKindFull = 1;
inline constexpr std::uint8_t kKindDelta = 2;
inline constexpr std::uint8_t kKindAck = 3;
inline constexpr std::uint8_t kFingerprintBit = 4;
inline constexpr std::uint8_t kVersionBits = 0xF8;  // bits 3-7: the format version, 0
inline constexpr std::size_t kAckSize = 7;
inline constexpr std::size_t kFingerprintSize = 8;

// 16-bit serial arithmetic: a is newer than b when (a - b) mod 65536 is in 1..32767.
constexpr bool tick_newer(std::uint16_t a, std::uint16_t b) noexcept {
  const auto d = static_cast<std::uint16_t>(a - b);
  return d >= 1 && d <= 32767;
}

// The codec of a generated `delta: true` message: the generated Serialize / Deserialize overloads
// with pakt::packed_t (found by argument-dependent lookup) and MessageTraits<M>::kFingerprint.
template <class M>
struct GeneratedCodec {
  std::uint64_t fingerprint() const noexcept { return MessageTraits<M>::kFingerprint; }
  M make() const { return M{}; }
  Status encode_full(const M& m, std::vector<std::uint8_t>& out) const { return Serialize(m, out, packed); }
  Status encode_delta(const M& m, const M& baseline, std::vector<std::uint8_t>& out) const {
    return Serialize(m, baseline, out, packed);
  }
  Status decode_full(ByteView payload, M& out) const { return Deserialize(payload, out, packed); }
  Status decode_delta(ByteView payload, const M& baseline, M& out) const {
    return Deserialize(payload, baseline, out, packed);
  }
};

namespace detail {

inline std::size_t checked_history(std::size_t history) {
  if (history < 1 || history > kMaxHistory) {
    throw std::invalid_argument("pakt::replication: history " + std::to_string(history) +
                                " is outside 1..255");
  }
  return history;
}

inline void put_u16(std::vector<std::uint8_t>& out, std::uint16_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>(v >> 8));
}

inline std::uint16_t get_u16(const std::uint8_t* p) noexcept {
  return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}

inline std::uint32_t get_u32(const std::uint8_t* p) noexcept {
  return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
         (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

inline std::string hex64(std::uint64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(v));
  return text;
}

// "replication: offset 3: tick 17 is not newer than the newest applied tick 20" (message()).
inline Status error(ErrorCode code, std::size_t offset, const std::string& what) {
  return Status::Error(code, offset, "replication", "offset " + std::to_string(offset) + ": " + what);
}

// The last N snapshots of one side, in insertion order (a ring), each with its tick. A slot whose
// `held` flag is clear holds nothing (not yet used, or its tick was reused by a newer entry).
template <class M>
struct History {
  std::vector<M> slots;
  std::vector<std::uint16_t> ticks;
  std::vector<std::uint8_t> held;
  std::vector<std::uint8_t> acked;  // the sender's: the receiver acknowledged this tick
  std::size_t next = 0;             // the slot the next entry goes to (the oldest)

  template <class Codec>
  History(std::size_t n, Codec& codec) : ticks(n, 0), held(n, 0), acked(n, 0) {
    slots.reserve(n);
    for (std::size_t i = 0; i < n; ++i) slots.push_back(codec.make());
  }

  std::size_t size() const noexcept { return slots.size(); }
  // The slot of the k-th newest entry (k = 0: the newest).
  std::size_t newest(std::size_t k) const noexcept { return (next + 2 * size() - 1 - k) % size(); }

  // The held slot with this tick, or -1.
  std::ptrdiff_t find(std::uint16_t tick) const noexcept {
    for (std::size_t i = 0; i < size(); ++i) {
      if (held[i] && ticks[i] == tick) return static_cast<std::ptrdiff_t>(i);
    }
    return -1;
  }

  std::size_t count_held() const noexcept {
    std::size_t n = 0;
    for (std::uint8_t h : held) n += h;
    return n;
  }
  std::size_t count_acked() const noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < size(); ++i) if (held[i] && acked[i]) ++n;
    return n;
  }

  // Makes `value` (swapped in: `value` gets the evicted slot's old contents) the newest entry.
  void push(std::uint16_t tick, M& value) {
    const std::ptrdiff_t same = find(tick);  // only after 16-bit wrap with large tick jumps
    if (same >= 0) held[static_cast<std::size_t>(same)] = 0;
    using std::swap;
    swap(slots[next], value);
    ticks[next] = tick;
    held[next] = 1;
    acked[next] = 0;
    next = (next + 1) % size();
  }
};

}  // namespace detail

// One per receiving peer: encodes each tick's snapshot against the newest acknowledged one.
template <class M, class Codec = GeneratedCodec<M>>
class Sender {
 public:
  explicit Sender(std::size_t history = kDefaultHistory) : Sender(Codec{}, history) {}
  explicit Sender(Codec codec, std::size_t history = kDefaultHistory)
      : codec_(std::move(codec)), history_(detail::checked_history(history), codec_), scratch_(codec_.make()) {}

  // Writes the packet of `snapshot` at `tick` into `out` (its capacity is reused). `tick` must be
  // newer than the last encoded tick (the first may be any). An error (a stale tick, a value
  // outside its range) changes nothing: `out` and the sender are left as they were.
  [[nodiscard]] Status encode(std::uint16_t tick, const M& snapshot, std::vector<std::uint8_t>& out) {
    if (last_tick_ && !tick_newer(tick, *last_tick_)) {
      return detail::error(ErrorCode::kInvalidValue, 0,
                           "tick " + std::to_string(tick) + " is not newer than the last encoded tick " +
                               std::to_string(*last_tick_));
    }
    const std::ptrdiff_t base = newest_acked();
    const bool full = base < 0;
    if (full) {
      if (Status s = codec_.encode_full(snapshot, payload_); !s) return s;
      if (Status s = codec_.decode_full(ByteView(payload_), scratch_); !s) return s;
    } else {
      const M& baseline = history_.slots[static_cast<std::size_t>(base)];
      if (Status s = codec_.encode_delta(snapshot, baseline, payload_); !s) return s;
      if (Status s = codec_.decode_delta(ByteView(payload_), baseline, scratch_); !s) return s;
    }
    // The fingerprint goes with every full snapshot, and with deltas until an ack was accepted.
    const bool with_fingerprint = full || !ack_accepted_;
    std::uint8_t kind = full ? kKindFull : kKindDelta;
    if (with_fingerprint) kind = static_cast<std::uint8_t>(kind | kFingerprintBit);
    out.clear();
    out.push_back(kind);
    if (with_fingerprint) {
      const std::uint64_t fp = codec_.fingerprint();
      for (std::size_t i = 0; i < kFingerprintSize; ++i) out.push_back(static_cast<std::uint8_t>(fp >> (8 * i)));
    }
    detail::put_u16(out, tick);
    std::optional<std::uint16_t> baseline_tick;
    if (!full) {
      baseline_tick = history_.ticks[static_cast<std::size_t>(base)];
      detail::put_u16(out, *baseline_tick);
    }
    out.insert(out.end(), payload_.begin(), payload_.end());

    history_.push(tick, scratch_);
    last_tick_ = tick;
    last_baseline_ = baseline_tick;
    return Status::Ok();
  }

  // Takes an ack (7 bytes: kind 3, LE u16 newest, LE u32 previous). Marks as acknowledged exactly
  // the ticks it names that this sender holds; ignores the others. A malformed ack is refused and
  // changes nothing.
  [[nodiscard]] Status receive_ack(ByteView ack) {
    if (ack.empty()) return detail::error(ErrorCode::kTruncated, 0, "empty ack (7 bytes expected)");
    if (ack[0] != kKindAck) {
      return detail::error(ErrorCode::kInvalidType, 0,
                           "kind " + std::to_string(ack[0]) + " is not an ack (kind 3)");
    }
    if (ack.size() != kAckSize) {
      return detail::error(ack.size() < kAckSize ? ErrorCode::kTruncated : ErrorCode::kTrailingData,
                           std::min(ack.size(), kAckSize),
                           "an ack is 7 bytes, this one " + std::to_string(ack.size()));
    }
    const std::uint16_t newest = detail::get_u16(ack.data() + 1);
    const std::uint32_t previous = detail::get_u32(ack.data() + 3);
    bool marked = false;
    for (std::size_t i = 0; i < history_.size(); ++i) {
      if (!history_.held[i]) continue;
      const auto back = static_cast<std::uint16_t>(newest - history_.ticks[i]);
      const bool named = back == 0 || (back <= 32 && ((previous >> (back - 1)) & 1U) != 0);
      if (named) {
        history_.acked[i] = 1;
        marked = true;
      }
    }
    if (marked) ack_accepted_ = true;
    return Status::Ok();
  }

  std::size_t history() const noexcept { return history_.size(); }
  std::size_t held_count() const noexcept { return history_.count_held(); }
  std::size_t acked_count() const noexcept { return history_.count_acked(); }
  // Whether an ack has named a held tick (after which deltas go without the fingerprint).
  bool ack_accepted() const noexcept { return ack_accepted_; }
  std::optional<std::uint16_t> last_tick() const noexcept { return last_tick_; }
  // The last packet encoded: full, or a delta against last_baseline().
  bool last_was_full() const noexcept { return last_tick_.has_value() && !last_baseline_.has_value(); }
  std::optional<std::uint16_t> last_baseline() const noexcept { return last_baseline_; }
  // The snapshot kept for a held tick (what the receiver holds after applying it), or nullptr.
  const M* held(std::uint16_t tick) const noexcept {
    const std::ptrdiff_t i = history_.find(tick);
    return i < 0 ? nullptr : &history_.slots[static_cast<std::size_t>(i)];
  }
  bool is_acked(std::uint16_t tick) const noexcept {
    const std::ptrdiff_t i = history_.find(tick);
    return i >= 0 && history_.acked[static_cast<std::size_t>(i)] != 0;
  }
  const Codec& codec() const noexcept { return codec_; }

 private:
  // The most recently sent held entry that is acknowledged (insertion order: wrap-safe), or -1.
  std::ptrdiff_t newest_acked() const noexcept {
    for (std::size_t k = 0; k < history_.size(); ++k) {
      const std::size_t i = history_.newest(k);
      if (history_.held[i] && history_.acked[i]) return static_cast<std::ptrdiff_t>(i);
    }
    return -1;
  }

  Codec codec_;
  detail::History<M> history_;
  M scratch_;                           // the next entry, decoded before it is swapped in
  std::vector<std::uint8_t> payload_;   // the payload, encoded before it is copied into a packet
  std::optional<std::uint16_t> last_tick_;
  std::optional<std::uint16_t> last_baseline_;
  bool ack_accepted_ = false;
};

// Applies snapshot packets newer than the newest applied, and acknowledges them.
template <class M, class Codec = GeneratedCodec<M>>
class Receiver {
 public:
  explicit Receiver(std::size_t history = kDefaultHistory) : Receiver(Codec{}, history) {}
  explicit Receiver(Codec codec, std::size_t history = kDefaultHistory)
      : codec_(std::move(codec)), history_(detail::checked_history(history), codec_), scratch_(codec_.make()) {}

  // Applies `packet` and writes the ack to send back into `ack_out` (its capacity is reused). A
  // refused packet (the Status says what and at which byte) changes nothing and empties ack_out.
  [[nodiscard]] Status receive(ByteView packet, std::vector<std::uint8_t>& ack_out) {
    ack_out.clear();
    const std::size_t size = packet.size();
    if (size < 1) return detail::error(ErrorCode::kTruncated, 0, "empty packet");
    const std::uint8_t kind = packet[0];
    if ((kind & kVersionBits) != 0) {
      return detail::error(ErrorCode::kUnsupported, 0,
                           "kind byte " + std::to_string(kind) + " has bits 3-7 set (format version " +
                               std::to_string(kind >> 3) + ", only 0 is known)");
    }
    const std::uint8_t type = kind & 3;
    if (type != kKindFull && type != kKindDelta) {
      return detail::error(ErrorCode::kInvalidType, 0,
                           "kind " + std::to_string(type) + " is not a snapshot (1 full, 2 delta)");
    }
    const bool full = type == kKindFull;
    const bool with_fingerprint = (kind & kFingerprintBit) != 0;
    std::size_t pos = 1;
    if (with_fingerprint) {
      if (size < pos + kFingerprintSize) return truncated(pos, "fingerprint");
      std::uint64_t fp = 0;
      for (std::size_t i = 0; i < kFingerprintSize; ++i) fp |= std::uint64_t{packet[pos + i]} << (8 * i);
      if (fp != codec_.fingerprint()) {
        return detail::error(ErrorCode::kInvalidValue, pos,
                             "fingerprint " + detail::hex64(fp) + " is not this schema's " +
                                 detail::hex64(codec_.fingerprint()));
      }
      pos += kFingerprintSize;
    } else if (!verified_) {
      return detail::error(ErrorCode::kUnauthorized, 0,
                           "a packet without fingerprint before one with the schema's fingerprint was applied");
    }
    if (size < pos + 2) return truncated(pos, "tick");
    const std::uint16_t tick = detail::get_u16(packet.data() + pos);
    if (newest_ && !tick_newer(tick, *newest_)) {
      return detail::error(ErrorCode::kInvalidValue, pos,
                           "tick " + std::to_string(tick) + " is not newer than the newest applied tick " +
                               std::to_string(*newest_));
    }
    pos += 2;
    std::ptrdiff_t base = -1;
    if (!full) {
      if (size < pos + 2) return truncated(pos, "baseline tick");
      const std::uint16_t baseline_tick = detail::get_u16(packet.data() + pos);
      base = history_.find(baseline_tick);
      if (base < 0) {
        return detail::error(ErrorCode::kInvalidValue, pos,
                             "baseline tick " + std::to_string(baseline_tick) +
                                 " is not held (never applied, evicted, or in the future)");
      }
      pos += 2;
    }
    const ByteView payload = packet.subview(pos);
    Status decoded = full ? codec_.decode_full(payload, scratch_)
                          : codec_.decode_delta(payload, history_.slots[static_cast<std::size_t>(base)], scratch_);
    if (!decoded) {
      return detail::error(decoded.code(), pos + decoded.offset(),
                           std::string(full ? "full snapshot" : "delta") + " payload of tick " +
                               std::to_string(tick) + ": " + decoded.message());
    }

    // Apply: from here on nothing can fail.
    history_.push(tick, scratch_);
    if (newest_) {
      const auto advance = static_cast<std::uint16_t>(tick - *newest_);
      const std::uint64_t shifted = advance >= 33 ? 0 : (std::uint64_t{previous_} << advance) | (std::uint64_t{1} << (advance - 1));
      previous_ = static_cast<std::uint32_t>(shifted & 0xFFFFFFFFU);
    }
    newest_ = tick;
    if (with_fingerprint) verified_ = true;
    write_ack(ack_out);
    return Status::Ok();
  }

  bool has_snapshot() const noexcept { return newest_.has_value(); }
  // The newest applied tick (0 before any).
  std::uint16_t tick() const noexcept { return newest_.value_or(0); }
  // The newest applied snapshot (an empty M before any).
  const M& snapshot() const noexcept { return history_.slots[history_.newest(0)]; }
  // The ack of the current state (what the last applied packet returned); empty before any.
  void ack(std::vector<std::uint8_t>& out) const {
    out.clear();
    if (newest_) write_ack(out);
  }
  // The 32-bit field of the ack: bit i is set when tick newest - 1 - i was applied.
  std::uint32_t previous_bits() const noexcept { return previous_; }
  bool fingerprint_verified() const noexcept { return verified_; }
  std::size_t history() const noexcept { return history_.size(); }
  std::size_t held_count() const noexcept { return history_.count_held(); }
  // The snapshot applied at a held tick, or nullptr.
  const M* held(std::uint16_t tick) const noexcept {
    const std::ptrdiff_t i = history_.find(tick);
    return i < 0 ? nullptr : &history_.slots[static_cast<std::size_t>(i)];
  }
  const Codec& codec() const noexcept { return codec_; }

 private:
  static Status truncated(std::size_t offset, const char* field) {
    return detail::error(ErrorCode::kTruncated, offset, std::string("packet ends before the ") + field);
  }

  void write_ack(std::vector<std::uint8_t>& out) const {
    out.push_back(kKindAck);
    detail::put_u16(out, *newest_);
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(previous_ >> (8 * i)));
  }

  Codec codec_;
  detail::History<M> history_;
  M scratch_;  // the packet's snapshot, decoded before it is swapped in
  std::optional<std::uint16_t> newest_;
  std::uint32_t previous_ = 0;
  bool verified_ = false;  // a packet with the schema's fingerprint was applied
};

}  // namespace pakt::replication
