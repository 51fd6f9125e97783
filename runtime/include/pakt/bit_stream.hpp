// BitWriter and BitReader: the packed format's bit streams (docs/packed.md "Bits"). Bits go least
// significant first: the first bit is bit 0 of byte 0, and an n-bit value is written from its
// bit 0 up. The reader never reads past the end: every read is checked against the bits that
// remain, and errors carry the byte offset, the bit offset in the reason, and the field path.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "pakt/byte_view.hpp"
#include "pakt/config.hpp"
#include "pakt/error_state.hpp"

namespace pakt {

// The number of bits that hold v (0 for 0): the bits of a ranged value of span v.
constexpr int BitWidth(std::uint64_t v) noexcept {
  int n = 0;
  while (v != 0) {
    ++n;
    v >>= 1;
  }
  return n;
}

constexpr std::uint64_t LowBits(int n) noexcept { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

// Appends bits to a vector (cleared by the caller; its capacity is reused). Bits gather in a 64-bit
// word that is stored whole; the vector is grown (to its capacity first) once per many words and
// cut to the bytes written by finish() (or the destructor). Encode-side errors (a value outside its range) are
// recorded like a Checker's: offset 0, the field path.
class BitWriter : public ErrorState {
 public:
  explicit BitWriter(std::vector<std::uint8_t>& out) noexcept : out_(out), start_(out.size()), end_(out.size()) {}
  BitWriter(const BitWriter&) = delete;
  BitWriter& operator=(const BitWriter&) = delete;
  ~BitWriter() { out_.resize(end_); }  // without finish() (an error): the whole bytes written

  // Writes the low n bits of v (0 <= n <= 64).
  PAKT_ALWAYS_INLINE void write(std::uint64_t v, int n) {
    v &= LowBits(n);
    acc_ |= v << used_;
    used_ += n;
    if (used_ < 64) return;
    store_word(acc_);
    used_ -= 64;  // bits of v that did not fit in the word
    acc_ = used_ != 0 ? v >> (n - used_) : 0;
  }
  PAKT_ALWAYS_INLINE void write_bool(bool b) { write(b ? 1 : 0, 1); }

  // n bytes, 8 bits each (aligned or not).
  void write_bytes(const std::uint8_t* p, std::size_t n) {
    if (used_ % 8 == 0) {
      flush_whole_bytes();
      reserve(n);
      if (n != 0) std::memcpy(out_.data() + end_, p, n);
      end_ += n;
      return;
    }
    for (std::size_t i = 0; i < n; ++i) write(p[i], 8);
  }

  std::size_t bit_count() const noexcept { return (end_ - start_) * 8 + static_cast<std::size_t>(used_); }

  // Writes the last partial byte (its high bits 0) and cuts the vector to the bytes written. Call
  // once, after the last write.
  void finish() {
    flush_whole_bytes();
    if (used_ != 0) {
      reserve(1);
      out_[end_++] = static_cast<std::uint8_t>(acc_);
    }
    out_.resize(end_);
    acc_ = 0;
    used_ = 0;
  }

  [[nodiscard]] bool fail(ErrorCode code, std::string reason) { return fail_at(0, code, std::move(reason)); }

 private:
  PAKT_ALWAYS_INLINE void store_word(std::uint64_t word) {
    reserve(8);
    if constexpr (::pakt::detail::kHostBigEndian) word = ::pakt::detail::byte_swap(word);  // the words are little-endian
    std::memcpy(out_.data() + end_, &word, 8);
    end_ += 8;
  }
  void flush_whole_bytes() {
    while (used_ >= 8) {
      reserve(1);
      out_[end_++] = static_cast<std::uint8_t>(acc_);
      acc_ >>= 8;
      used_ -= 8;
    }
  }
  void reserve(std::size_t n) {
    if (out_.size() - end_ < n) grow(n);
  }
  PAKT_NOINLINE void grow(std::size_t n) {
    std::size_t size = std::max(out_.capacity(), out_.size() * 2);
    size = std::max(size, end_ + std::max<std::size_t>(n, 256));
    out_.resize(size);
  }

  std::vector<std::uint8_t>& out_;
  std::size_t start_;  // the vector's size before the first bit
  std::size_t end_;    // the bytes written: out_ is longer (zeros) until finish()
  std::uint64_t acc_ = 0;
  int used_ = 0;  // bits in acc_, < 64
};

class BitReader : public ErrorState {
 public:
  explicit BitReader(ByteView bytes) noexcept : data_(bytes.data()), size_(bytes.size()) {}

  std::size_t bit_offset() const noexcept { return bit_; }
  std::size_t remaining_bits() const noexcept { return size_ * 8 - bit_; }

  // Reads n bits (0 <= n <= 64) into v; on too few bits records a truncation and returns false.
  [[nodiscard]] PAKT_ALWAYS_INLINE bool read(std::uint64_t& v, int n, const char* what = "value") {
    if (static_cast<std::size_t>(n) > remaining_bits()) return fail_truncated(n, what);
    v = get(n);
    return true;
  }
  [[nodiscard]] PAKT_ALWAYS_INLINE bool read_bool(bool& b, const char* what = "bool") {
    std::uint64_t v = 0;
    if (!read(v, 1, what)) return false;
    b = v != 0;
    return true;
  }
  // The next n bits (0 <= n <= 64) without reading them: false (and nothing recorded) when fewer remain.
  // With skip(n) after it, the same as read(v, n).
  [[nodiscard]] PAKT_ALWAYS_INLINE bool peek(std::uint64_t& v, int n) noexcept {
    if (static_cast<std::size_t>(n) > remaining_bits()) return false;
    const std::size_t at = bit_;
    v = get(n);
    bit_ = at;
    return true;
  }
  PAKT_ALWAYS_INLINE void skip(int n) noexcept { bit_ += static_cast<std::size_t>(n); }  // bits peek() saw
  // n bytes (the caller checked them against remaining_bits()).
  void read_bytes(std::uint8_t* p, std::size_t n) noexcept {
    if (bit_ % 8 == 0) {
      if (n != 0) std::memcpy(p, data_ + bit_ / 8, n);
      bit_ += n * 8;
      return;
    }
    for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(get(8));
  }
  // Where the bytes of an aligned run start, else nullptr (then read_bytes copies them).
  const std::uint8_t* aligned_bytes() const noexcept { return bit_ % 8 == 0 ? data_ + bit_ / 8 : nullptr; }

  // After the message: fewer than 8 bits may remain, all 0 (the last byte's padding).
  [[nodiscard]] bool finish() {
    const std::size_t left = remaining_bits();
    if (left >= 8) {
      return fail_at_bit(bit_, ErrorCode::kTrailingData,
                         std::to_string(left / 8) + " unexpected bytes after the message");
    }
    if (left != 0 && get(static_cast<int>(left)) != 0) {
      return fail_at_bit(size_ * 8 - left, ErrorCode::kInvalidValue, "padding bits after the message are not 0");
    }
    return true;
  }

  // Records the first error at bit `at`: the Status offset is its byte, the reason names the bit.
  [[nodiscard]] bool fail_at_bit(std::size_t at, ErrorCode code, std::string reason) {
    return fail_at(at / 8, code, std::move(reason) + " (bit " + std::to_string(at) + ")");
  }
  [[nodiscard]] bool fail(ErrorCode code, std::string reason) { return fail_at_bit(bit_, code, std::move(reason)); }

 private:
  // n bits that are known to remain.
  PAKT_ALWAYS_INLINE std::uint64_t get(int n) noexcept {
    const std::size_t byte = bit_ / 8;
    const int shift = static_cast<int>(bit_ % 8);
    if (n + shift > 64 || byte + 8 > size_) return get_near_end(n);
    std::uint64_t word;
    std::memcpy(&word, data_ + byte, 8);
    if constexpr (::pakt::detail::kHostBigEndian) word = ::pakt::detail::byte_swap(word);  // the words are little-endian
    bit_ += static_cast<std::size_t>(n);
    return (word >> shift) & LowBits(n);
  }
  // The last 7 bytes, or a value of more than 56 bits: byte by byte.
  PAKT_NOINLINE std::uint64_t get_near_end(int n) noexcept {
    std::uint64_t v = 0;
    int got = 0;
    std::size_t at = bit_;
    while (got < n) {
      const int off = static_cast<int>(at % 8);
      const int take = std::min(8 - off, n - got);
      v |= ((std::uint64_t{data_[at / 8]} >> off) & LowBits(take)) << got;
      got += take;
      at += static_cast<std::size_t>(take);
    }
    bit_ += static_cast<std::size_t>(n);
    return v;
  }
  PAKT_COLD PAKT_NOINLINE bool fail_truncated(int n, const char* what) {
    return fail(ErrorCode::kTruncated, std::string("truncated ") + what + ": needs " + std::to_string(n) + " bits, " +
                                           std::to_string(remaining_bits()) + " remain");
  }

  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t bit_ = 0;
};

}  // namespace pakt
