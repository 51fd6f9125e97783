// ErrorState: the first error of a decode or a check, plus the field path built while unwinding.
// Reader (decoding) and Checker (encode-side limit checks) share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "pakt/config.hpp"
#include "pakt/status.hpp"

namespace pakt {

namespace detail {

// "N needs at least M bytes, R remain": the error text of a count or length of N items of at least
// `unit` bytes each that the R remaining bytes cannot hold. M is computed in 64 bits whatever the
// width of size_t (on a 32-bit host N * unit wraps); beyond 64 bits it says "more than 2^64 - 1".
inline std::string needs_at_least_text(std::uint64_t n, std::uint64_t unit, std::uint64_t remaining) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::string needed = unit != 0 && n > kMax / unit ? "more than " + std::to_string(kMax)
                                                          : "at least " + std::to_string(n * unit);
  return std::to_string(n) + " needs " + needed + " bytes, " + std::to_string(remaining) + " remain";
}

}  // namespace detail

// Until an error happens it is one null pointer, so that a Reader or Checker costs nothing to make
// and destroy on the success path; the first error allocates its details.
class ErrorState {
 public:
  ErrorState() noexcept = default;
  ErrorState(const ErrorState&) = delete;
  ErrorState& operator=(const ErrorState&) = delete;
  ~ErrorState() {
    if (error_ != nullptr) release();  // the test inline, the delete out of line
  }

  bool ok() const noexcept { return error_ == nullptr; }

  // Records the first error; always returns false so callers can `return fail_at(...)`.
  [[nodiscard]] bool fail_at(std::size_t at, ErrorCode code, std::string reason) {
    if (error_ == nullptr) error_ = new Details{code, at, {}, std::move(reason)};
    return false;
  }

  // Called while unwinding after a failure: prefix the path with a field name or an index.
  bool in_field(const char* name) {
    std::string& path = details().path;
    if (path.empty() || path.front() == '[') {
      path.insert(0, name);
    } else {
      path.insert(0, std::string(name) + ".");
    }
    return false;
  }
  bool in_index(std::size_t index) {
    std::string& path = details().path;
    const bool needs_dot = !path.empty() && path.front() != '[';
    path.insert(0, "[" + std::to_string(index) + "]" + (needs_dot ? "." : ""));
    return false;
  }

  Status status() const {
    if (ok()) return Status::Ok();
    return Status::Error(error_->code, error_->offset, error_->path, error_->reason);
  }

 private:
  struct Details {
    ErrorCode code;
    std::size_t offset;
    std::string path;
    std::string reason;
  };
  // A path added without an error recorded first still has somewhere to go (a caller bug; the
  // status then reads as an error with no reason rather than as ok).
  Details& details() {
    if (error_ == nullptr) error_ = new Details{ErrorCode::kInvalidValue, 0, {}, {}};
    return *error_;
  }
  PAKT_COLD PAKT_NOINLINE void release() noexcept { delete error_; }

  Details* error_ = nullptr;  // owned
};

// Encode-side validation of schema limits (max_length, max_count) before writing.
class Checker : public ErrorState {
 public:
  [[nodiscard]] bool fail(ErrorCode code, std::string reason) { return fail_at(0, code, std::move(reason)); }
};

}  // namespace pakt
