// Write at a cursor: how generated encoders (and pakt/pfr.hpp's) write their fields.
//
// A Writer keeps its position in memory, and every byte an encoder stores may be that position as
// far as the compiler knows: it reloads the position after each string or list it copies and
// stores it back, a store-to-load wait per field. Generated encoders therefore keep the position in
// a local WriteCursor (registers) and write each field here:
//   - runs of flat fields (bool, numbers, enums, math types, strings, lists of numbers, enums and
//     math types) are sized first and stored under one bounds check (WriteFields);
//   - a generated message, or a list of them, is written by its generated WriteMessageAt, which
//     takes the cursor by value and returns the position after the message (one register: a
//     returned cursor pair went through the stack and stalled on store forwarding);
//   - anything else (optionals, fixed arrays, lists of strings, extension types) is written
//     through the Writer.
// A write that does not fit writes nothing and marks the Writer as overflowed, and the encode
// fails (Serialize reports the buffer too small). Fields after it may still be written into the
// room that is left; nothing is ever written past the cursor's end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pakt/binary_codec.hpp"
#include "pakt/message_traits.hpp"
#include "pakt/type_traits.hpp"
#include "pakt/writer.hpp"

namespace pakt {

// True when WriteMessageAt(Writer&, WriteCursor, const M&, F) is declared for M (every generated
// message; a hand-written WriteMessage without it is written through the Writer).
template <class M, class F, class = void>
struct has_write_message_at : std::false_type {};
template <class M, class F>
struct has_write_message_at<M, F,
                            std::void_t<decltype(WriteMessageAt(std::declval<Writer&>(), std::declval<WriteCursor>(),
                                                                std::declval<const M&>(), std::declval<F>()))>>
    : std::true_type {};

// Claims n bytes at c and returns where to put them, or nullptr after marking w as overflowed.
[[nodiscard, gnu::always_inline]] inline std::uint8_t* Reserve(WriteCursor& c, Writer& w, std::size_t n) noexcept {
  if (n > c.remaining()) {
    w.set_overflow();
    c.end = c.pos;
    return nullptr;
  }
  std::uint8_t* p = c.pos;
  c.pos += n;
  return p;
}

namespace detail {

// Writes v through the Writer from c's position and returns the position after it.
template <class F, class T>
std::uint8_t* write_through_writer(Writer& w, WriteCursor c, const T& v, F f) {
  w.seek(c);
  Write(w, v, f);
  return w.cursor().pos;
}

template <class F, class E>
constexpr bool writes_messages_at_cursor() {
  return is_message_v<E> && has_write_message_at<E, F>::value && !kMemcpyableIn<F, E>;
}

}  // namespace detail

// Writes one value at c in format F and advances c.
template <class F, class T>
[[gnu::always_inline]] inline void Write(WriteCursor& c, Writer& w, const T& v, F f) {
  if constexpr (detail::is_flat<T>()) {
    if (std::uint8_t* p = Reserve(c, w, WireSize(v, f))) detail::put_flat<F>(p, v);
  } else if constexpr (is_message_v<T> && has_write_message_at<T, F>::value) {
    c.pos = WriteMessageAt(w, c, v, f);
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    if constexpr (detail::writes_messages_at_cursor<F, E>()) {
      std::uint8_t* p = Reserve(c, w, 4);
      if (p == nullptr) return;
      detail::store<F>(p, static_cast<std::int32_t>(v.size()));
      for (const E& e : v) c.pos = WriteMessageAt(w, c, e, f);
    } else {
      c.pos = detail::write_through_writer(w, c, v, f);
    }
  } else {
    c.pos = detail::write_through_writer(w, c, v, f);
  }
}

namespace detail {

// How many fields from Begin on are flat.
template <std::size_t Begin, class... Fields>
constexpr std::size_t flat_run_length() {
  constexpr bool flat[] = {is_flat<Fields>()..., false};
  std::size_t n = 0;
  while (flat[Begin + n]) ++n;
  return n;
}

template <std::size_t Begin, class F, class Tuple, std::size_t... I>
[[gnu::always_inline]] inline void write_flat_run(WriteCursor& c, Writer& w, const Tuple& fields,
                                                  std::index_sequence<I...>) {
  const std::size_t size = (WireSize(std::get<Begin + I>(fields), F{}) + ...);
  if (std::uint8_t* p = Reserve(c, w, size)) {
    ((p = put_flat<F>(p, std::get<Begin + I>(fields))), ...);
  }
}

template <std::size_t Begin, class F, class... Fields>
[[gnu::always_inline]] inline void write_fields_from(WriteCursor& c, Writer& w, F f,
                                                     const std::tuple<const Fields&...>& fields) {
  if constexpr (Begin < sizeof...(Fields)) {
    constexpr std::size_t run = flat_run_length<Begin, Fields...>();
    if constexpr (run == 0) {
      Write(c, w, std::get<Begin>(fields), f);
      write_fields_from<Begin + 1>(c, w, f, fields);
    } else {
      write_flat_run<Begin, F>(c, w, fields, std::make_index_sequence<run>{});
      write_fields_from<Begin + run>(c, w, f, fields);
    }
  }
}

}  // namespace detail

// Writes a message's fields in order at c, as Write would one by one, each run of consecutive flat
// fields under one bounds check. Generated code calls it.
template <class F, class... Fields>
[[gnu::always_inline]] inline void WriteFields(WriteCursor& c, Writer& w, F f, const Fields&... fields) {
  detail::write_fields_from<0>(c, w, f, std::tuple<const Fields&...>(fields...));
}

}  // namespace pakt
