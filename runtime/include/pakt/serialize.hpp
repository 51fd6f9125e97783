// Whole-message entry points behind the generated Serialize / Deserialize / SerializedSize.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "pakt/binary_codec.hpp"
#include "pakt/config.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/status.hpp"

namespace pakt {

// Thrown by the vector-returning Serialize when a value breaks a schema limit.
class EncodeError : public std::runtime_error {
 public:
  explicit EncodeError(Status status) : std::runtime_error(status.message()), status_(std::move(status)) {}
  const Status& status() const noexcept { return status_; }

 private:
  Status status_;
};

template <class M, class F>
std::size_t SerializedSizeOf(const M& m, F f) {
  return WireSize(m, f);
}

// SerializeInto with m's size and writer given: size_of(m, f) and write(w, m, f). A generated
// Serialize passes its message's own, so that they inline into it with the Writer in registers even
// where the message's MessageWireSize / WriteMessage are out of line (a message holding messages).
template <class M, class F, class SizeOf, class Write>
Status SerializeInto(const M& m, std::vector<std::uint8_t>& out, F f, SizeOf size_of, Write write) {
  Checker checker;
  if (!CheckMessage(checker, m)) {
    checker.in_field(MessageTraits<M>::kName);
    return checker.status();
  }
  const std::size_t size = size_of(m, f);
  if (size > detail::kMaxPayloadSize) return detail::payload_too_large(size, MessageTraits<M>::kName);
  out.resize(size);
  Writer w(out.data(), size);
  write(w, m, f);
  return Status::Ok();
}

// Encodes m into out (resized to fit; its capacity is reused). Checks schema limits first.
template <class M, class F>
Status SerializeInto(const M& m, std::vector<std::uint8_t>& out, F f) {
  return SerializeInto(
      m, out, f, [](const M& v, F g) { return WireSize(v, g); }, [](Writer& w, const M& v, F g) { WriteMessage(w, v, g); });
}

// Encodes m into a caller buffer; returns the bytes written through `written`.
template <class M, class F>
Status SerializeTo(const M& m, std::uint8_t* buffer, std::size_t capacity, std::size_t& written, F f) {
  written = 0;
  Checker checker;
  if (!CheckMessage(checker, m)) {
    checker.in_field(MessageTraits<M>::kName);
    return checker.status();
  }
  Writer w(buffer, capacity);
  WriteMessage(w, m, f);
  if (!w.ok()) {
    return Status::Error(ErrorCode::kBufferTooSmall, capacity, MessageTraits<M>::kName,
                         "needs " + std::to_string(WireSize(m, f)) + " bytes, buffer holds " + std::to_string(capacity));
  }
  written = w.size();
  return Status::Ok();
}

// What the vector-returning Serialize of a generated header does with the Status-returning one's
// answer: nothing, or throw it as EncodeError. Not a template: a header of N messages instantiates
// nothing for its N vector-returning Serialize functions.
inline void ThrowIfError(Status status) {
  if (!status) throw EncodeError(std::move(status));
}

namespace detail {

// Why a whole-payload read failed: the reader's error under the message's name, or the bytes left
// over. One out-of-line copy for every message and format (not one per Deserialize).
PAKT_NOINLINE PAKT_COLD inline Status deserialize_failure(Reader& r, bool read, const char* message) {
  if (!read) {
    r.in_field(message);
    return r.status();
  }
  return Status::Error(ErrorCode::kTrailingData, r.offset(), message,
                       std::to_string(r.remaining()) + " unexpected bytes after the message");
}

}  // namespace detail

// Decodes a whole payload: every byte must belong to the message. A top-level payload written by
// an older schema version may end at a version boundary; later fields keep their defaults.
template <class M, class F>
[[nodiscard]] Status DeserializeFrom(ByteView bytes, M& out, F f) {
  Reader r(bytes);
  const bool read = ReadMessage(r, out, f, /*top_level=*/true);
  if (read && r.at_end()) return Status::Ok();
  return detail::deserialize_failure(r, read, MessageTraits<M>::kName);
}

}  // namespace pakt
