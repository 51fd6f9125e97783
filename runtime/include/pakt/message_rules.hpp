// The message-level wire rules, written once. Generated codecs (header.h.j2 and the templates of
// generator/pakt_gen/cpp) and the run-time codec of `pakt decode` / `pakt encode` / `pakt inspect`
// (tools/pakt/dynamic) both call these, so the two cannot drift apart; tests/cli/differential_test.cpp
// holds them to the same bytes and the same errors.
//
//   presence byte        an optional field is one byte, 0 (absent) or 1 (present), then the value
//   extensible frame     an int32 byte length, then the fields (binary_codec.hpp: ReadFrameLength,
//                        StoreFrameLength); a reader stops at the frame's end and skips the rest
//   version boundaries   a newer reader accepts an older payload that ends exactly at a version
//                        boundary: a top-level payload, or the frame of an extensible message
//   deprecated fields    written as their default (never limit-checked on encode); read like any
//                        field (its type and limits) and dropped: the decoded value holds the
//                        default, whatever the payload carried and whatever the value held before
//                        (decoding into a reused value gives what decoding into a fresh one gives);
//                        the same in every format, Godot included
//   max_length/max_count a string or `bytes` is bounded by max_length (bytes), a list by
//                        max_count (elements); a list's elements inherit max_length
//   minimum element size count x minimum element size <= the bytes that remain, before allocating
//
// The Godot Variant rules (required fields, unknown keys, extra Array elements) are in
// godot/mapping.hpp next to the mapping they belong to.
//
// Everything here is inline and allocation-free on the success path; the error paths are cold and
// out of line so that the checks stay small enough to inline into every decoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "pakt/config.hpp"
#include "pakt/error_state.hpp"
#include "pakt/reader.hpp"
#include "pakt/writer.hpp"

namespace pakt {

// Decode limits of one field, from the schema (or from options where there is no schema).
// Zero means "no limit beyond the bytes that remain".
struct Limits {
  std::size_t max_length = 0;  // strings and bytes, in bytes (applies to each element of a list)
  std::size_t max_count = 0;   // list elements
};

// ------------------------------------------------------------------------- max_length vs max_count
// The limit that bounds one length or count, and how an error names it.
struct LengthRule {
  const char* what;        // "string length", "length" (bytes), "count" (list elements)
  const char* limit_name;  // "max_length", "max_count"
  std::size_t limit;       // 0: none
};

// A string: its byte length, by max_length.
[[nodiscard]] constexpr LengthRule StringLengthRule(const Limits& limits) noexcept {
  return LengthRule{"string length", "max_length", limits.max_length};
}

// A vector: `bytes` (uint8 elements and no max_count) by max_length; any other list — uint8[]
// included, which has max_count and never max_length — by max_count.
[[nodiscard]] constexpr LengthRule ListLengthRule(const Limits& limits, bool uint8_elements) noexcept {
  if (uint8_elements && limits.max_count == 0) return LengthRule{"length", "max_length", limits.max_length};
  return LengthRule{"count", "max_count", limits.max_count};
}

// The limits of a list's elements: max_length applies to each, max_count only to the list.
[[nodiscard]] constexpr Limits ElementLimits(const Limits& limits) noexcept { return Limits{limits.max_length, 0}; }

namespace detail {

[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool fail_length_limit(ErrorState& s, std::size_t at, const LengthRule& rule,
                                                            std::size_t n) {
  return s.fail_at(at, ErrorCode::kLimitExceeded, std::string(rule.what) + " " + std::to_string(n) + " exceeds " +
                                                      rule.limit_name + " " + std::to_string(rule.limit));
}
[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool fail_negative_length(Reader& r, std::size_t at, const char* what,
                                                               std::int32_t len) {
  return r.fail_at(at, ErrorCode::kLengthOverflow, std::string("negative ") + what + " " + std::to_string(len));
}
[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool fail_length_remaining(Reader& r, std::size_t at, const char* what,
                                                                std::size_t n, std::size_t unit) {
  return r.fail_at(at, ErrorCode::kLengthOverflow,
                   std::string(what) + " " + detail::needs_at_least_text(n, unit, r.remaining()));
}
[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool fail_presence_byte(Reader& r, std::uint8_t byte) {
  return r.fail_at(r.offset() - 1, ErrorCode::kInvalidValue,
                   "presence byte " + std::to_string(byte) + " is neither 0 nor 1");
}

}  // namespace detail

// n within the rule's limit; otherwise records "count 9 exceeds max_count 8" at `at` (a Checker
// passes 0: encode-side errors have no offset).
[[nodiscard]] inline bool CheckLength(ErrorState& s, std::size_t at, const LengthRule& rule, std::size_t n) {
  if (rule.limit != 0 && n > rule.limit) return detail::fail_length_limit(s, at, rule, n);
  return true;
}

// ------------------------------------------------------------------------- minimum element size
// An int32 length or count is accepted when it is not negative, within the rule's limit, and no
// more than the remaining bytes allow for elements of at least `min_element_size` bytes — checked
// before anything is allocated. Elements that take no bytes (empty messages) are bounded by the
// limit alone when there is one.

// The bytes each element is counted as against the remaining bytes; 0: not counted.
[[nodiscard]] PAKT_ALWAYS_INLINE constexpr std::size_t LengthUnit(const LengthRule& rule,
                                                                  std::size_t min_element_size) noexcept {
  return min_element_size != 0 ? min_element_size : rule.limit != 0 ? 0 : 1;
}

// The rule as a test that records nothing (the cursor path of generated decoders,
// pakt/cursor_read.hpp): `remaining` is what is left after the length itself; n is the length.
[[nodiscard]] PAKT_ALWAYS_INLINE constexpr bool LengthFits(std::int32_t len, const LengthRule& rule,
                                                           std::size_t min_element_size, std::size_t remaining,
                                                           std::size_t& n) noexcept {
  if (len < 0) return false;
  n = static_cast<std::size_t>(len);
  if (rule.limit != 0 && n > rule.limit) return false;
  const std::size_t unit = LengthUnit(rule, min_element_size);
  return unit == 0 || n <= remaining / unit;
}

namespace detail {
// Records which part of the rule a refused length broke, at `at`.
[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool fail_length(Reader& r, std::size_t at, std::int32_t len,
                                                      const LengthRule& rule, std::size_t min_element_size) {
  if (len < 0) return fail_negative_length(r, at, rule.what, len);
  const auto n = static_cast<std::size_t>(len);
  if (!CheckLength(r, at, rule, n)) return false;
  return fail_length_remaining(r, at, rule.what, n, LengthUnit(rule, min_element_size));
}
}  // namespace detail

// The rule on a length read at `at` through r (r.remaining() is what follows the length); records
// the error when it is refused.
[[nodiscard]] PAKT_ALWAYS_INLINE bool AcceptLength(Reader& r, std::size_t at, std::int32_t len, const LengthRule& rule,
                                       std::size_t min_element_size, std::size_t& n) {
  if (LengthFits(len, rule, min_element_size, r.remaining(), n)) return true;
  return detail::fail_length(r, at, len, rule, min_element_size);
}

// The rule of an extensible message's frame length: no limit, at least one byte per byte.
inline constexpr LengthRule kFrameLengthRule{"message length", "", 0};

// ------------------------------------------------------------------------- presence byte
[[nodiscard]] inline bool ReadPresence(Reader& r, bool& present) {
  const std::uint8_t* p = r.take(1, "presence byte");
  if (p == nullptr) return false;
  if (*p > 1) return detail::fail_presence_byte(r, *p);
  present = *p == 1;
  return true;
}
inline void WritePresence(Writer& w, bool present) noexcept { w.write_byte(present ? 1 : 0); }

// ------------------------------------------------------------------------- version boundaries
// Called at each version boundary of a message (the first field of each later `since`): true when
// the payload ends exactly there, so the fields from here on keep their defaults. Only a top-level
// payload or an extensible message's frame may end early; a nested plain message never does
// (its end is not marked, the bytes after it belong to its parent).
[[nodiscard]] inline bool EndsAtVersionBoundary(const Reader& r, bool top_level, bool framed) noexcept {
  return (top_level || framed) && r.at_end();
}
// The same at a generated decoder's cursor (pakt/cursor_read.hpp), which ends where its Reader does.
[[nodiscard]] inline bool EndsAtVersionBoundary(const ReadCursor& c, bool top_level, bool framed) noexcept {
  return (top_level || framed) && c.pos == c.end;
}

}  // namespace pakt
