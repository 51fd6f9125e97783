// ErrorState: the first error of a decode or a check, plus the field path built while unwinding.
// Reader (decoding) and Checker (encode-side limit checks) share it.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include "pakt/status.hpp"

namespace pakt {

class ErrorState {
 public:
  bool ok() const noexcept { return code_ == ErrorCode::kOk; }

  // Records the first error; always returns false so callers can `return fail_at(...)`.
  [[nodiscard]] bool fail_at(std::size_t at, ErrorCode code, std::string reason) {
    if (code_ == ErrorCode::kOk) {
      code_ = code;
      error_offset_ = at;
      reason_ = std::move(reason);
    }
    return false;
  }

  // Called while unwinding after a failure: prefix the path with a field name or an index.
  bool in_field(const char* name) {
    if (path_.empty() || path_.front() == '[') {
      path_.insert(0, name);
    } else {
      path_.insert(0, std::string(name) + ".");
    }
    return false;
  }
  bool in_index(std::size_t index) {
    const bool needs_dot = !path_.empty() && path_.front() != '[';
    path_.insert(0, "[" + std::to_string(index) + "]" + (needs_dot ? "." : ""));
    return false;
  }

  Status status() const {
    if (ok()) return Status::Ok();
    return Status::Error(code_, error_offset_, path_, reason_);
  }

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::size_t error_offset_ = 0;
  std::string path_;
  std::string reason_;
};

// Encode-side validation of schema limits (max_length, max_count) before writing.
class Checker : public ErrorState {
 public:
  [[nodiscard]] bool fail(ErrorCode code, std::string reason) { return fail_at(0, code, std::move(reason)); }
};

}  // namespace pakt
