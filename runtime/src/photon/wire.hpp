// Internal to the Photon codecs: an appending encoder and a bounds-checked decoder with the byte
// helpers both protocols share (fixed-width big/little-endian numbers, LEB128 varints).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "pakt/byte_view.hpp"
#include "pakt/photon/protocol.hpp"
#include "pakt/photon/value.hpp"
#include "pakt/reader.hpp"
#include "pakt/status.hpp"

namespace pakt::photon::wire {

class Encoder {
 public:
  explicit Encoder(std::vector<std::uint8_t>& out) : out_(out), start_(out.size()) {}

  void byte(std::uint8_t b) { out_.push_back(b); }
  void bytes(const std::uint8_t* p, std::size_t n) { out_.insert(out_.end(), p, p + n); }
  void bytes(const std::string& s) { bytes(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()); }

  template <class T>
  void big_endian(T v) {
    const auto u = to_unsigned(v);
    for (std::size_t i = sizeof(T); i-- > 0;) byte(static_cast<std::uint8_t>(u >> (8 * i)));
  }
  template <class T>
  void little_endian(T v) {
    const auto u = to_unsigned(v);
    for (std::size_t i = 0; i < sizeof(T); ++i) byte(static_cast<std::uint8_t>(u >> (8 * i)));
  }
  void varint(std::uint64_t v) {
    while (v >= 0x80) {
      byte(static_cast<std::uint8_t>(v | 0x80));
      v >>= 7;
    }
    byte(static_cast<std::uint8_t>(v));
  }

  std::size_t offset() const noexcept { return out_.size() - start_; }
  // Records the first error; always returns false.
  bool fail(ErrorCode code, std::string reason) {
    if (error_ == ErrorCode::kOk) {
      error_ = code;
      error_offset_ = offset();
      reason_ = std::move(reason);
    }
    return false;
  }
  Status status() const {
    if (error_ == ErrorCode::kOk) return Status::Ok();
    return Status::Error(error_, error_offset_, "", reason_);
  }

 private:
  template <class T>
  static auto to_unsigned(T v) {
    if constexpr (sizeof(T) == 2) {
      std::uint16_t u;
      std::memcpy(&u, &v, 2);
      return u;
    } else if constexpr (sizeof(T) == 4) {
      std::uint32_t u;
      std::memcpy(&u, &v, 4);
      return u;
    } else {
      static_assert(sizeof(T) == 8, "2, 4 or 8 byte numbers");
      std::uint64_t u;
      std::memcpy(&u, &v, 8);
      return u;
    }
  }

  std::vector<std::uint8_t>& out_;
  std::size_t start_;
  ErrorCode error_ = ErrorCode::kOk;
  std::size_t error_offset_ = 0;
  std::string reason_;
};

class Decoder : public Reader {
 public:
  Decoder(ByteView bytes, const DecodeOptions& options) : Reader(bytes), max_depth_(options.max_depth) {}

  bool u8(std::uint8_t& v) {
    const std::uint8_t* p = take(1, "byte");
    if (p == nullptr) return false;
    v = *p;
    return true;
  }
  template <class T>
  bool big_endian(T& v) {
    return fixed<T>(v, true);
  }
  template <class T>
  bool little_endian(T& v) {
    return fixed<T>(v, false);
  }
  // An unsigned LEB128 varint of at most max_bits bits.
  bool varint(std::uint64_t& v, unsigned max_bits) {
    const std::size_t at = offset();
    v = 0;
    for (unsigned shift = 0; shift < max_bits; shift += 7) {
      std::uint8_t b = 0;
      if (!u8(b)) return false;
      v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if ((b & 0x80) == 0) return true;
    }
    return fail_at(at, ErrorCode::kInvalidValue, "varint longer than " + std::to_string(max_bits) + " bits");
  }
  // A count or length whose items take at least min_item_size bytes each: checked against the
  // remaining bytes before the caller allocates.
  bool check_count(std::size_t at, std::size_t n, std::size_t min_item_size, const char* what) {
    if (min_item_size != 0 && n > remaining() / min_item_size) {
      return fail_at(at, ErrorCode::kLengthOverflow,
                     std::string(what) + " " + ::pakt::detail::needs_at_least_text(n, min_item_size, remaining()));
    }
    return true;
  }
  bool utf8_string(std::size_t n, std::string& out);

  // Nesting: enter() before decoding a container's items, leave() after.
  bool enter() {
    if (++depth_ > max_depth_) {
      return fail(ErrorCode::kLimitExceeded, "values nest deeper than max_depth " + std::to_string(max_depth_));
    }
    return true;
  }
  void leave() noexcept { --depth_; }

 private:
  template <class T>
  bool fixed(T& v, bool big) {
    const std::uint8_t* p = take(sizeof(T), "number");
    if (p == nullptr) return false;
    std::uint64_t u = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) {
      const std::size_t index = big ? i : sizeof(T) - 1 - i;
      u = (u << 8) | p[index];
    }
    if constexpr (sizeof(T) == 2) {
      const auto narrow = static_cast<std::uint16_t>(u);
      std::memcpy(&v, &narrow, 2);
    } else if constexpr (sizeof(T) == 4) {
      const auto narrow = static_cast<std::uint32_t>(u);
      std::memcpy(&v, &narrow, 4);
    } else {
      std::memcpy(&v, &u, 8);
    }
    return true;
  }

  std::size_t max_depth_;
  std::size_t depth_ = 0;
};

// Runs a whole decode: `read` must consume every byte.
template <class Read>
Status decode_whole(ByteView bytes, const DecodeOptions& options, Read read) {
  Decoder d(bytes, options);
  if (!read(d)) return d.status();
  if (!d.at_end()) {
    return Status::Error(ErrorCode::kTrailingData, d.offset(), "",
                         std::to_string(d.remaining()) + " unexpected bytes after the value");
  }
  return Status::Ok();
}

}  // namespace pakt::photon::wire

// The two protocols, each behind the same functions.
namespace pakt::photon::v16 {
bool write_value(wire::Encoder& e, const Value& v);
bool read_value(wire::Decoder& d, Value& v);
bool write_event(wire::Encoder& e, const EventData& v);
bool write_request(wire::Encoder& e, const OperationRequest& v);
bool write_response(wire::Encoder& e, const OperationResponse& v);
bool read_event(wire::Decoder& d, EventData& v);
bool read_request(wire::Decoder& d, OperationRequest& v);
bool read_response(wire::Decoder& d, OperationResponse& v);
}  // namespace pakt::photon::v16

namespace pakt::photon::v18 {
bool write_value(wire::Encoder& e, const Value& v);
bool read_value(wire::Decoder& d, Value& v);
bool write_event(wire::Encoder& e, const EventData& v);
bool write_request(wire::Encoder& e, const OperationRequest& v);
bool write_response(wire::Encoder& e, const OperationResponse& v);
bool read_event(wire::Decoder& d, EventData& v);
bool read_request(wire::Decoder& d, OperationRequest& v);
bool read_response(wire::Decoder& d, OperationResponse& v);
}  // namespace pakt::photon::v18
