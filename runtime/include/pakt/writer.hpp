// Writer: appends bytes into a caller-owned buffer of fixed capacity. Every write is bounds
// checked; a write that does not fit writes nothing and closes the writer: it is marked as
// overflowed and its end moves to where it stopped, so no later write (however small) fits.
// Serialize() sizes the buffer exactly first, so the checks never fire on that path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pakt/config.hpp"

namespace pakt {

class Writer {
 public:
  Writer(std::uint8_t* data, std::size_t capacity) noexcept : begin_(data), pos_(data), end_(data + capacity) {}

  // Copies n bytes; on overflow writes nothing and remembers the failure.
  void write(const void* bytes, std::size_t n) noexcept {
    if (std::uint8_t* dst = reserve(n)) {
      if (n != 0) std::memcpy(dst, bytes, n);
    }
  }
  void write_byte(std::uint8_t b) noexcept {
    if (pos_ == end_) {
      (void)overflow();
      return;
    }
    *pos_++ = b;
  }
  // Claims n bytes and returns where to put them, or nullptr (and overflow) when they do not fit.
  // One comparison: after an overflow the end is the position, so only n == 0 still "fits".
  std::uint8_t* reserve(std::size_t n) noexcept {
    if (n > static_cast<std::size_t>(end_ - pos_)) return overflow();
    std::uint8_t* p = pos_;
    pos_ += n;
    return p;
  }

  std::size_t size() const noexcept { return static_cast<std::size_t>(pos_ - begin_); }
  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end_ - pos_); }
  bool ok() const noexcept { return !overflow_; }
  const std::uint8_t* data() const noexcept { return begin_; }

 private:
  PAKT_COLD std::uint8_t* overflow() noexcept {
    overflow_ = true;
    end_ = pos_;
    return nullptr;
  }

  std::uint8_t* begin_;
  std::uint8_t* pos_;
  std::uint8_t* end_;
  bool overflow_ = false;
};

}  // namespace pakt
