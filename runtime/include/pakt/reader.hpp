// Reader: a cursor over a ByteView that never reads past the end. Decoders ask for bytes with
// take(); on any failure they record one error (code, offset, reason) with fail() and return
// false, and every enclosing level adds its field name to the path while unwinding, so the
// error reads "Player.weapons[2].name: string length 9000 exceeds max_length 32".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "pakt/byte_view.hpp"
#include "pakt/config.hpp"
#include "pakt/error_state.hpp"

namespace pakt {

// The read position and the end of the readable range, as a value. Generated decoders keep it in a
// local (registers) and hand it back to the Reader only around calls that need the Reader itself:
// a position held in memory would be stored and reloaded around every byte the decoder stores into
// a string or a vector, since those stores may alias it (pakt/cursor_read.hpp).
struct ReadCursor {
  const std::uint8_t* pos;
  const std::uint8_t* end;
  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end - pos); }
};

class Reader : public ErrorState {
 public:
  // An empty view may have no data pointer; the Reader then points at a byte of its own, so that
  // a position is never null (functions that return the next position use null for an error).
  explicit Reader(ByteView bytes) noexcept
      : begin_(bytes.data() != nullptr ? bytes.data() : &kNoBytes), pos_(begin_), end_(begin_ + bytes.size()) {}

  std::size_t offset() const noexcept { return static_cast<std::size_t>(pos_ - begin_); }
  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end_ - pos_); }
  bool at_end() const noexcept { return pos_ == end_; }
  bool has(std::size_t n) const noexcept { return n <= remaining(); }

  ReadCursor cursor() const noexcept { return ReadCursor{pos_, end_}; }
  // Moves the position to c.pos, which a cursor taken from this Reader (and its current frame) has
  // advanced by bytes it checked were there.
  void seek(const ReadCursor& c) noexcept { pos_ = c.pos; }

  // The next n bytes, or nullptr after recording a truncation error.
  const std::uint8_t* take(std::size_t n, const char* what = "value") {
    if (n > remaining()) {
      fail_truncated(n, what);
      return nullptr;
    }
    const std::uint8_t* p = pos_;
    pos_ += n;
    return p;
  }

  // The next n bytes without consuming them, or nullptr when fewer remain (no error is recorded:
  // the caller falls back to take(), which records it). skip(n) then consumes what peek(n) gave.
  const std::uint8_t* peek(std::size_t n) const noexcept { return n <= remaining() ? pos_ : nullptr; }
  void skip(std::size_t n) noexcept { pos_ += n; }

  // Frames (extensible messages): narrows reading to the next n bytes, which the caller has
  // checked against remaining(), and returns the outer end for end_frame().
  const std::uint8_t* begin_frame(std::size_t n) noexcept {
    const std::uint8_t* outer_end = end_;
    end_ = pos_ + n;
    return outer_end;
  }
  // Skips what is left of the frame (fields of a newer schema version) and restores the range.
  void end_frame(const std::uint8_t* outer_end) noexcept {
    pos_ = end_;
    end_ = outer_end;
  }

  // Records the first error at the current offset; always returns false.
  [[nodiscard]] bool fail(ErrorCode code, std::string reason) { return fail_at(offset(), code, std::move(reason)); }

 private:
  // The error path, out of line so that take() stays small enough to inline into every decoder.
  PAKT_COLD PAKT_NOINLINE void fail_truncated(std::size_t n, const char* what) {
    // take() reports the failure by returning nullptr; fail() always returns false.
    (void)fail(ErrorCode::kTruncated, std::string("truncated ") + what + ": needs " + std::to_string(n) + " bytes, " +
                                    std::to_string(remaining()) + " remain");
  }

  static constexpr std::uint8_t kNoBytes = 0;

  const std::uint8_t* begin_;
  const std::uint8_t* pos_;
  const std::uint8_t* end_;
};

}  // namespace pakt
