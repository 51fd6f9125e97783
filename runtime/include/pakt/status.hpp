// Status: the result of a decode (or a checked encode). True when ok; otherwise it carries an
// error code, the byte offset where decoding stopped, the field path and the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace pakt {

enum class ErrorCode : std::uint8_t {
  kOk = 0,
  kTruncated,        // the payload ends inside a value
  kLengthOverflow,   // a length or count is negative or larger than the bytes that remain
  kLimitExceeded,    // a schema or option limit (max_length, max_count, depth) is exceeded
  kInvalidValue,     // a byte pattern that is not a value of the type (bool 2, bad UTF-8, ...)
  kInvalidType,      // a type tag that is unknown or not the one expected
  kUnsupported,      // a value the format cannot carry
  kUnauthorized,     // a payload the options forbid (e.g. Godot full objects)
  kBufferTooSmall,   // an encode into a caller buffer that is too small
  kTrailingData,     // bytes left after a complete value where none are allowed
};

const char* to_string(ErrorCode code) noexcept;

class [[nodiscard]] Status {
 public:
  Status() noexcept = default;  // ok
  static Status Ok() noexcept { return Status(); }
  static Status Error(ErrorCode code, std::size_t offset, std::string path, std::string reason) {
    Status s;
    s.code_ = code;
    s.offset_ = offset;
    s.path_ = std::move(path);
    s.reason_ = std::move(reason);
    return s;
  }

  bool ok() const noexcept { return code_ == ErrorCode::kOk; }
  explicit operator bool() const noexcept { return ok(); }
  ErrorCode code() const noexcept { return code_; }
  std::size_t offset() const noexcept { return offset_; }
  const std::string& path() const noexcept { return path_; }
  const std::string& reason() const noexcept { return reason_; }

  // "Player.weapons[2].name: string length 9000 exceeds max_length 32"
  std::string message() const {
    if (ok()) return "ok";
    if (path_.empty()) return reason_;
    return path_ + ": " + reason_;
  }
  // "offset 17: Player.weapons[2].name: ..."
  std::string to_string() const {
    if (ok()) return "ok";
    return "offset " + std::to_string(offset_) + ": " + message();
  }

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::size_t offset_ = 0;
  std::string path_;
  std::string reason_;
};

inline const char* to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kOk: return "ok";
    case ErrorCode::kTruncated: return "truncated";
    case ErrorCode::kLengthOverflow: return "length overflow";
    case ErrorCode::kLimitExceeded: return "limit exceeded";
    case ErrorCode::kInvalidValue: return "invalid value";
    case ErrorCode::kInvalidType: return "invalid type";
    case ErrorCode::kUnsupported: return "unsupported";
    case ErrorCode::kUnauthorized: return "unauthorized";
    case ErrorCode::kBufferTooSmall: return "buffer too small";
    case ErrorCode::kTrailingData: return "trailing data";
  }
  return "unknown";
}

}  // namespace pakt
