// Read at a cursor: how generated decoders (and pakt/pfr.hpp's) read their fields.
//
// A Reader keeps its position in memory, and a compiler must assume that any byte a decoder stores
// into a string or a vector may be that position: it stores and reloads it around every such
// store, a store-to-load wait per field. Generated decoders therefore keep the position in a local
// ReadCursor (registers) and read each field here:
//   - bools, numbers, enums, math types, strings, lists of numbers, enums and math types, and runs
//     of fixed-size fields are read at the cursor, inline, with the same checks as the Reader's
//     codec (binary_codec.hpp) but without recording anything;
//   - when one of those checks fails, the value is read again through the Reader from the same
//     offset (out of line, cold), which records the exact error — so a payload gets the same error,
//     offset and field path on both paths; a list's count or array shortfall is recorded by
//     fail_list_at, the Reader's same checks without its element type (one copy per format);
//   - a generated message, or a list of them, is read by its generated ReadMessageAt, which takes
//     the cursor by value and returns where the message ended (nullptr after an error); a
//     reflected aggregate (pakt/pfr.hpp) the same way by ReflectedCodec::ReadAt; a message of the
//     same schema file with no message inside it is read by its own always-inline reader instead,
//     in the parent's body or the list's loop (ReadMessageList), which saves a call per element;
//   - anything else (optionals, fixed arrays, lists of strings, extension types) is read through
//     the Reader.
// The cursor's end is always the Reader's end (generated code takes a new cursor after it opens or
// closes an extensible message's frame).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>

#include "pakt/binary_codec.hpp"
#include "pakt/byte_copy.hpp"
#include "pakt/config.hpp"
#include "pakt/message_rules.hpp"
#include "pakt/message_traits.hpp"
#include "pakt/reader.hpp"
#include "pakt/reflect.hpp"
#include "pakt/type_traits.hpp"
#include "pakt/utf8.hpp"

namespace pakt {

// True when ReadMessageAt(Reader&, ReadCursor, M&, F) is declared for M (every generated message;
// a hand-written ReadMessage without it is read through the Reader).
template <class M, class F, class = void>
struct has_read_message_at : std::false_type {};
template <class M, class F>
struct has_read_message_at<M, F,
                           std::void_t<decltype(ReadMessageAt(std::declval<Reader&>(), std::declval<ReadCursor>(),
                                                              std::declval<M&>(), std::declval<F>()))>>
    : std::true_type {};

// True when T is a reflected aggregate (pakt/pfr.hpp: ReflectedCodec<T>::ReadAt) with no user
// hook for F.
template <class T, class F, class = void>
struct reads_reflected_at : std::false_type {};
template <class T, class F>
struct reads_reflected_at<T, F,
                          std::void_t<decltype(ReflectedCodec<T>::ReadAt(std::declval<Reader&>(), std::declval<ReadCursor>(),
                                                                         std::declval<T&>(), std::declval<F>(),
                                                                         std::declval<const Limits&>()))>>
    : std::bool_constant<!detail::has_pakt_write<T, F>::value && !detail::has_pakt_read<T, F>::value &&
                         !detail::has_pakt_wire_size<T, F>::value> {};

namespace detail {

// Values read as a unit at a cursor by a function that takes it by value and returns where the
// value ended: generated messages (ReadMessageAt) and reflected aggregates (ReflectedCodec::ReadAt).
template <class F, class T>
constexpr bool reads_unit_at_cursor() {
  if constexpr (is_message_v<T>) {
    return has_read_message_at<T, F>::value;
  } else {
    return reads_reflected_at<T, F>::value;
  }
}
template <class F, class T>
[[nodiscard]] PAKT_ALWAYS_INLINE const std::uint8_t* read_unit_at(Reader& r, ReadCursor c, T& v, F f,
                                                                         const Limits& limits) {
  if constexpr (is_message_v<T>) {
    return ReadMessageAt(r, c, v, f);
  } else {
    return ReflectedCodec<T>::ReadAt(r, c, v, f, limits);
  }
}

// Reads an int32 length at c and advances c past it when the message rules accept it
// (LengthFits, message_rules.hpp).
template <class F>
[[nodiscard]] PAKT_ALWAYS_INLINE bool length_at(ReadCursor& c, std::size_t& n, const LengthRule& rule,
                                                       std::size_t min_element_size) noexcept {
  if (c.remaining() < 4) return false;
  if (!LengthFits(load<F, std::int32_t>(c.pos), rule, min_element_size, c.remaining() - 4, n)) return false;
  c.pos += 4;
  return true;
}

// Resizes a list only when its size changes (a decode into a reused value keeps its storage).
template <class V>
PAKT_ALWAYS_INLINE void resize_list(V& v, std::size_t n) {
  if (v.size() != n) v.resize(n);
}

// The types read at the cursor inline.
template <class F, class T>
constexpr bool reads_at_cursor() {
  if constexpr (is_scalar_v<T> || is_math_v<T> || std::is_same_v<T, std::string>) {
    return true;
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    return !std::is_same_v<E, bool> && (kMemcpyableIn<F, E> || std::is_enum_v<E>);
  } else {
    return false;
  }
}

// Reads v at c; returns the end of its bytes, or nullptr when a check fails (nothing recorded; v
// may be partly written).
template <class F, class T>
[[nodiscard]] PAKT_ALWAYS_INLINE const std::uint8_t* read_at(const ReadCursor& c, T& v,
                                                                    const Limits& limits) {
  if constexpr (std::is_same_v<T, bool>) {
    if (c.remaining() < 1) return nullptr;
    const std::uint8_t byte = *c.pos;
    if (F::kStrictBool && byte > 1) return nullptr;
    v = byte != 0;
    return c.pos + 1;
  } else if constexpr (is_scalar_v<T>) {
    if (c.remaining() < sizeof(T)) return nullptr;
    v = load<F, T>(c.pos);
    return c.pos + sizeof(T);
  } else if constexpr (is_math_v<T>) {
    if (c.remaining() < sizeof(T)) return nullptr;
    load_math<F>(c.pos, v);
    return c.pos + sizeof(T);
  } else if constexpr (std::is_same_v<T, std::string>) {
    ReadCursor at = c;
    std::size_t n = 0;
    if (!length_at<F>(at, n, StringLengthRule(limits), 1)) return nullptr;
    if constexpr (F::kReverseStrings) {
      if (utf8::first_invalid_reversed(at.pos, n) != n) return nullptr;
      resize_for_overwrite(v, n);
      reverse_copy_bytes(v.data(), at.pos, n);
    } else {
      // Validated where the bytes are, before the copy (binary_codec.hpp's Read says why).
      if (utf8::first_invalid(at.pos, n) != n) return nullptr;
      assign_bytes(v, at.pos, n);
    }
    return at.pos + n;
  } else {
    using E = typename T::value_type;
    ReadCursor at = c;
    std::size_t n = 0;
    if (!length_at<F>(at, n, ListLengthRule(limits, std::is_same_v<E, std::uint8_t>), min_wire_size<E>())) {
      return nullptr;
    }
    if (n > at.remaining() / sizeof(E)) return nullptr;
    resize_list(v, n);
    copy_elements<F, E>(reinterpret_cast<std::uint8_t*>(v.data()), at.pos, n);
    return at.pos + n * sizeof(E);
  }
}

// Consecutive fixed-size fields at c under one bounds check: advances c when the bytes are there
// and every bool byte is 0 or 1; otherwise consumes nothing and records nothing (the caller reads
// the fields again one by one, for the error).
template <class F, class... Fields>
[[nodiscard]] PAKT_ALWAYS_INLINE bool get_fixed_run(ReadCursor& c, Fields&... fields) noexcept {
  static_assert((is_fixed_flat<Fields>() && ...), "pakt: a run of fixed-size fields takes fixed-size fields only");
  constexpr std::size_t size = (std::size_t{0} + ... + fixed_wire_size<Fields>());
  if (c.remaining() < size) return false;
  const std::uint8_t* p = c.pos;
  bool valid = true;
  ((valid &= get_fixed<F>(p, fields)), ...);
  if (valid) c.pos = p;
  return valid;
}

// Lists whose elements are read one by one at the cursor as units (a list the format copies as
// one block is read through the Reader, which does).
template <class F, class E>
constexpr bool reads_units_at_cursor() {
  return reads_unit_at_cursor<F, E>() && !kMemcpyableIn<F, E>;
}

// Reads v through the Reader from c's position: the error path of read_at (it records the error)
// and the path of every type read_at does not take. Returns where v ended, or nullptr.
template <class F, class T>
[[nodiscard]] const std::uint8_t* read_through_reader(Reader& r, ReadCursor c, T& v, F f, const Limits& limits) {
  r.seek(c);
  if (!Read(r, v, f, limits)) return nullptr;
  return r.cursor().pos;
}
template <class F, class T>
[[nodiscard]] PAKT_COLD PAKT_NOINLINE const std::uint8_t* reread_through_reader(Reader& r, ReadCursor c, T& v, F f,
                                                                                  Limits limits) {
  return read_through_reader(r, c, v, f, limits);
}

// The error of a list at c that the cursor refused: its count (read_length, as Read through the
// Reader reads it) or, for elements copied as one array (element_size != 0), fewer bytes than n
// elements (the Reader's "array" take). The same error Read through the Reader records, from code
// that does not depend on the element type: one copy per format, not one per list type.
template <class F>
[[nodiscard]] PAKT_COLD PAKT_NOINLINE const std::uint8_t* fail_list_at(Reader& r, ReadCursor c, LengthRule rule,
                                                                         std::size_t min_element_size,
                                                                         std::size_t element_size) {
  r.seek(c);
  std::size_t n = 0;
  if (!read_length<F>(r, n, rule, min_element_size)) return nullptr;
  if (element_size != 0 && r.take(n * element_size, "array") == nullptr) return nullptr;
  (void)r.fail(ErrorCode::kInvalidValue, "list refused at the cursor, accepted by the reader");  // not reached
  return nullptr;
}

// How read_units_at reads one element: where it ended, or nullptr after recording its error.
// Static functions rather than lambdas, so that always_inline holds (a lambda's call operator
// cannot carry it portably, and one not inlined cost a call per element).
struct ReadUnitAt {  // ReadMessageAt or ReflectedCodec::ReadAt
  template <class F, class E>
  [[nodiscard]] PAKT_ALWAYS_INLINE static const std::uint8_t* read(ReadCursor at, Reader& r, E& e, F f,
                                                                   const Limits& limits) {
    return read_unit_at(r, at, e, f, limits);
  }
};
template <auto ReadMessageBody>
struct ReadMessageInline {  // a generated message's always-inline ReadX
  template <class F, class E>
  [[nodiscard]] PAKT_ALWAYS_INLINE static const std::uint8_t* read(ReadCursor at, Reader& r, E& e, F f,
                                                                   const Limits&) {
    return ReadMessageBody(at, r, e, f, /*top_level=*/false) ? at.pos : nullptr;
  }
};

// Reads a list of units at c: the count (the message rules), then each element by
// ElementReader::read. Returns where the list ended, or nullptr after recording the error.
template <class ElementReader, class F, class V>
[[nodiscard]] PAKT_ALWAYS_INLINE const std::uint8_t* read_units_at(ReadCursor c, Reader& r, V& v, F f,
                                                                          const Limits& limits) {
  ReadCursor at = c;
  std::size_t n = 0;
  const LengthRule rule = ListLengthRule(limits, false);
  constexpr std::size_t min_element_size = min_wire_size<typename V::value_type>();
  if (!length_at<F>(at, n, rule, min_element_size)) return fail_list_at<F>(r, c, rule, min_element_size, 0);
  resize_list(v, n);
  const Limits element_limits = ElementLimits(limits);
  for (std::size_t i = 0; i < n; ++i) {
    at.pos = ElementReader::read(at, r, v[i], f, element_limits);
    if (at.pos == nullptr) {
      (void)r.in_index(i);
      return nullptr;
    }
  }
  return at.pos;
}

}  // namespace detail

// Reads one field at c in format F and advances c; on failure records the error in r (at the
// field's offset) and returns false.
template <class F, class T>
[[nodiscard]] PAKT_ALWAYS_INLINE bool Read(ReadCursor& c, Reader& r, T& v, F f, const Limits& limits = {}) {
  const std::uint8_t* next = nullptr;
  if constexpr (detail::reads_at_cursor<F, T>()) {
    next = detail::read_at<F>(c, v, limits);
    if (next == nullptr) {
      if constexpr (is_vector_v<T>) {
        using E = typename T::value_type;
        next = detail::fail_list_at<F>(r, c, ListLengthRule(limits, std::is_same_v<E, std::uint8_t>),
                                       min_wire_size<E>(), sizeof(E));
      } else {
        next = detail::reread_through_reader(r, c, v, f, limits);
      }
    }
  } else if constexpr (detail::reads_unit_at_cursor<F, T>()) {
    next = detail::read_unit_at(r, c, v, f, limits);
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    if constexpr (detail::reads_units_at_cursor<F, E>()) {
      next = detail::read_units_at<detail::ReadUnitAt>(c, r, v, f, limits);
    } else {
      next = detail::read_through_reader(r, c, v, f, limits);
    }
  } else {
    next = detail::read_through_reader(r, c, v, f, limits);
  }
  if (next == nullptr) return false;
  c.pos = next;
  return true;
}

// A list of generated messages read by ReadElement, their message's always-inline reader
// (`ReadX(ReadCursor&, Reader&, M&, F, bool top_level)`, which generated code passes for a message
// of its own schema file): the elements are read in the list's loop instead of by a call of
// ReadMessageAt each. The same bytes, checks and errors as Read, which it is for lists it would
// not read element by element.
template <auto ReadElement, class F, class V>
[[nodiscard]] PAKT_ALWAYS_INLINE bool ReadMessageList(ReadCursor& c, Reader& r, V& v, F f,
                                                              const Limits& limits = {}) {
  using E = typename V::value_type;
  if constexpr (detail::reads_units_at_cursor<F, E>()) {
    const std::uint8_t* next = detail::read_units_at<detail::ReadMessageInline<ReadElement>>(c, r, v, f, limits);
    if (next == nullptr) return false;
    c.pos = next;
    return true;
  } else {
    return Read(c, r, v, f, limits);
  }
}

// Consecutive fixed-size fields (numbers, bools, enums, math types) read under one bounds check.
// When fewer bytes remain or a bool byte is neither 0 nor 1, the fields are read again one by one
// through the Reader from the same offset, which records the exact error of the field at fault
// (`names` are the fields' names, in order). Generated code calls it for runs of two or more.
template <class F, class... Fields>
[[nodiscard]] PAKT_ALWAYS_INLINE bool ReadFixedFields(ReadCursor& c, Reader& r, F f,
                                                              std::initializer_list<const char*> names,
                                                              Fields&... fields) {
  if (detail::get_fixed_run<F>(c, fields...)) return true;
  r.seek(c);
  const bool ok = detail::read_fixed_one_by_one(r, f, names, fields...);
  c.pos = r.cursor().pos;
  return ok;
}

// A deprecated field (message_rules.hpp): read as a T, within its limits, and dropped; the caller
// then sets the member to its default. Writers write the default in its place.
template <class T, class F>
[[nodiscard]] PAKT_ALWAYS_INLINE bool ReadDeprecated(ReadCursor& c, Reader& r, F f, const Limits& limits = {}) {
  T ignored{};
  return Read(c, r, ignored, f, limits);
}

}  // namespace pakt
