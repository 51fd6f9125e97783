// Short byte runs copied without a library call, and decoded (already validated) text copied into
// a reused std::string without an out-of-line call.
//
// A memcpy of a length known only at run time is a call into libc; strings and names on the wire
// are mostly shorter than 16 bytes, which a few overlapping word moves copy inline.
// std::string::assign goes through basic_string::_M_replace in libstdc++: out of line, with
// aliasing checks, then a libc memmove call — most of the cost of decoding a short string into a
// string that already holds one. When the new text is no longer than the old, this sets the length
// inline (erase(n)) and copies short text with a few overlapping word moves; longer text, or text
// that needs more room than the string has in use, goes through assign as before.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "pakt/config.hpp"

namespace pakt::detail {

// Copies n bytes from `from` to `to` (not overlapping); n below 16 without a library call.
PAKT_ALWAYS_INLINE void copy_short_bytes(void* to_bytes, const void* from_bytes, std::size_t n) noexcept {
  auto* to = static_cast<unsigned char*>(to_bytes);
  const auto* from = static_cast<const unsigned char*>(from_bytes);
  if (n >= 16) {
    std::memcpy(to, from, n);
  } else if (n >= 8) {  // two 8-byte moves that overlap when n < 16
    std::uint64_t head, tail;
    std::memcpy(&head, from, 8);
    std::memcpy(&tail, from + n - 8, 8);
    std::memcpy(to, &head, 8);
    std::memcpy(to + n - 8, &tail, 8);
  } else if (n >= 4) {
    std::uint32_t head, tail;
    std::memcpy(&head, from, 4);
    std::memcpy(&tail, from + n - 4, 4);
    std::memcpy(to, &head, 4);
    std::memcpy(to + n - 4, &tail, 4);
  } else if (n != 0) {  // 1 to 3 bytes: first, middle, last
    to[0] = from[0];
    to[n / 2] = from[n / 2];
    to[n - 1] = from[n - 1];
  }
}

// Copies n bytes from `from` to `to` (not overlapping) in reverse order (MSLIMA's strings): each
// 8-byte word of `to` is a byte-swapped word of `from`; the last word overlaps the one before it
// rather than finishing byte by byte, and text below 8 bytes takes two overlapping 4-byte words.
// Inlined where strings are read and written: for short text the call cost more than the copy.
PAKT_ALWAYS_INLINE void reverse_copy_bytes(void* to_bytes, const void* from_bytes, std::size_t n) noexcept {
  auto* to = static_cast<unsigned char*>(to_bytes);
  const auto* from = static_cast<const unsigned char*>(from_bytes);
  if (n >= 8) {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, from + n - i - 8, 8);
      word = byte_swap(word);
      std::memcpy(to + i, &word, 8);
    }
    if (i < n) {  // to's last 8 bytes are from's first 8, reversed
      std::uint64_t word;
      std::memcpy(&word, from, 8);
      word = byte_swap(word);
      std::memcpy(to + n - 8, &word, 8);
    }
  } else if (n >= 4) {
    std::uint32_t head, tail;
    std::memcpy(&head, from + n - 4, 4);
    std::memcpy(&tail, from, 4);
    head = byte_swap(head);
    tail = byte_swap(tail);
    std::memcpy(to, &head, 4);
    std::memcpy(to + n - 4, &tail, 4);
  } else if (n != 0) {  // 1 to 3 bytes: first, middle, last
    to[0] = from[n - 1];
    to[n / 2] = from[n - 1 - n / 2];
    to[n - 1] = from[0];
  }
}

// Makes s n bytes long, for the caller to overwrite all of them: no call when s shrinks or keeps
// its length.
inline void resize_for_overwrite(std::string& s, std::size_t n) {
  if (n > s.size()) {
    s.resize(n);
  } else {
    s.erase(n);
  }
}

// s = the n bytes at p.
PAKT_ALWAYS_INLINE void assign_bytes(std::string& s, const std::uint8_t* p, std::size_t n) {
  if (n > s.size()) {
    s.assign(reinterpret_cast<const char*>(p), n);
    return;
  }
  s.erase(n);  // only shortens: sets the length and the terminator, inline
  copy_short_bytes(s.data(), p, n);
}

}  // namespace pakt::detail
