// Status: the result of a decode (or a checked encode). True when ok; otherwise it carries an
// error code, the byte offset where decoding stopped, the field path and the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
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

// An ok Status is one null pointer: returning and destroying it costs a store and a test, which
// matters on the success path of every Serialize and Deserialize. The details of an error live in
// one heap block made when the error is.
class [[nodiscard]] Status {
 public:
  Status() noexcept = default;  // ok
  Status(const Status& other) : error_(other.error_ ? std::make_unique<Details>(*other.error_) : nullptr) {}
  Status(Status&&) noexcept = default;
  Status& operator=(const Status& other) {
    if (this != &other) error_ = other.error_ ? std::make_unique<Details>(*other.error_) : nullptr;
    return *this;
  }
  Status& operator=(Status&&) noexcept = default;
  ~Status() = default;

  static Status Ok() noexcept { return Status(); }
  static Status Error(ErrorCode code, std::size_t offset, std::string path, std::string reason) {
    Status s;
    s.error_ = std::make_unique<Details>(Details{code, offset, std::move(path), std::move(reason)});
    return s;
  }

  bool ok() const noexcept { return error_ == nullptr; }
  explicit operator bool() const noexcept { return ok(); }
  ErrorCode code() const noexcept { return error_ ? error_->code : ErrorCode::kOk; }
  std::size_t offset() const noexcept { return error_ ? error_->offset : 0; }
  const std::string& path() const noexcept { return error_ ? error_->path : empty(); }
  const std::string& reason() const noexcept { return error_ ? error_->reason : empty(); }

  // "Player.weapons[2].name: string length 9000 exceeds max_length 32"
  std::string message() const {
    if (ok()) return "ok";
    if (error_->path.empty()) return error_->reason;
    return error_->path + ": " + error_->reason;
  }
  // "offset 17: Player.weapons[2].name: ..."
  std::string to_string() const {
    if (ok()) return "ok";
    return "offset " + std::to_string(error_->offset) + ": " + message();
  }

 private:
  struct Details {
    ErrorCode code;
    std::size_t offset;
    std::string path;
    std::string reason;
  };
  static const std::string& empty() noexcept {
    static const std::string kEmpty;
    return kEmpty;
  }

  std::unique_ptr<Details> error_;
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
