// The compact and mslima codecs: one overload set, Write / Read / WireSize / CheckLimits, for every
// type a schema field can have. Generated messages plug in through WriteMessage, ReadMessage,
// MessageWireSize and CheckMessage, found by argument-dependent lookup.
//
//   type            compact (little-endian)            mslima (big-endian, MSLIMA 0.3.2)
//   bool            1 byte, decode accepts 0/1         1 byte, decode: non-zero is true
//   intN/uintN      N/8 bytes                          N/8 bytes BE (only int32 exists in MSLIMA)
//   float32/64      IEEE-754, 4/8 bytes                BE (only float32 exists in MSLIMA)
//   enum            its underlying integer             the same, BE
//   string          int32 byte length + UTF-8          int32 BE length + UTF-8 bytes reversed
//   bytes, T[]      int32 count + items                int32 BE count + items
//   T[N]            N items, no prefix                 the same
//   optional T      1 presence byte (0/1) + T          the same (a pakt extension)
//   Vector2/3, Quaternion (x,y,z,w), Color (r,g,b,a), Vector2i/3i: packed 4-byte components
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pakt/byte_swap.hpp"
#include "pakt/config.hpp"
#include "pakt/error_state.hpp"
#include "pakt/format.hpp"
#include "pakt/message_rules.hpp"
#include "pakt/reader.hpp"
#include "pakt/reflect.hpp"
#include "pakt/byte_copy.hpp"
#include "pakt/type_traits.hpp"
#include "pakt/utf8.hpp"
#include "pakt/writer.hpp"

namespace pakt {

namespace detail {

template <std::size_t N>
struct uint_of_size;
template <>
struct uint_of_size<1> {
  using type = std::uint8_t;
};
template <>
struct uint_of_size<2> {
  using type = std::uint16_t;
};
template <>
struct uint_of_size<4> {
  using type = std::uint32_t;
};
template <>
struct uint_of_size<8> {
  using type = std::uint64_t;
};

// True when the format's byte order equals the host's, so arrays can be copied as they are.
template <class F>
inline constexpr bool kNativeOrder = F::kBigEndian == kHostBigEndian;

// Stores a scalar (integer, float or enum) in F's byte order.
template <class F, class T>
inline void store(std::uint8_t* p, T v) noexcept {
  using U = typename uint_of_size<sizeof(T)>::type;
  U u;
  std::memcpy(&u, &v, sizeof(T));
  if constexpr (!kNativeOrder<F>) u = byte_swap(u);
  std::memcpy(p, &u, sizeof(T));
}

template <class F, class T>
inline T load(const std::uint8_t* p) noexcept {
  using U = typename uint_of_size<sizeof(T)>::type;
  U u;
  std::memcpy(&u, p, sizeof(T));
  if constexpr (!kNativeOrder<F>) u = byte_swap(u);
  T v;
  std::memcpy(&v, &u, sizeof(T));
  return v;
}

// A math type as its 4-byte words (all components are float32 or int32, no padding).
template <class T>
inline constexpr std::size_t kWords = sizeof(T) / 4;

template <class F, class T>
inline void store_math(std::uint8_t* p, const T& v) noexcept {
  static_assert(sizeof(T) % 4 == 0, "math types are packed 4-byte components");
  if constexpr (kNativeOrder<F>) {
    std::memcpy(p, &v, sizeof(T));
  } else {
    // Component by component: a word array on the stack, written and then read back in wider
    // moves, would wait on store-to-load forwarding.
    const auto* from = reinterpret_cast<const unsigned char*>(&v);
    for (std::size_t i = 0; i < kWords<T>; ++i) {
      std::uint32_t word;
      std::memcpy(&word, from + 4 * i, 4);
      store<F>(p + 4 * i, word);
    }
  }
}

template <class F, class T>
inline void load_math(const std::uint8_t* p, T& v) noexcept {
  if constexpr (kNativeOrder<F>) {
    std::memcpy(&v, p, sizeof(T));
  } else {
    auto* to = reinterpret_cast<unsigned char*>(&v);
    for (std::size_t i = 0; i < kWords<T>; ++i) {
      const std::uint32_t word = load<F, std::uint32_t>(p + 4 * i);
      std::memcpy(to + 4 * i, &word, 4);
    }
  }
}

// The words an element type is copied as: numbers and enums their own width, math types 4-byte
// components, messages whose memory is their wire form the width of their fields (0: no such).
template <class E>
inline constexpr std::size_t kElementWordSize =
    std::is_enum_v<E> ? sizeof(E) : (is_message_v<E> ? message_memory_word_size_v<E> : word_size<E>());

// ReflectedCodec<E>::kMemoryWordSize (pakt/pfr.hpp: an aggregate of one word width, no padding), else 0.
template <class E, class = void>
struct reflected_word_size : std::integral_constant<std::size_t, 0> {};
template <class E>
struct reflected_word_size<E, std::void_t<decltype(ReflectedCodec<E>::kMemoryWordSize)>>
    : std::integral_constant<std::size_t, ReflectedCodec<E>::kMemoryWordSize> {};

// kElementWordSize in format F, reflected aggregates included when F has no user hook for them.
template <class F, class E>
inline constexpr std::size_t kElementWordSizeIn =
    (ReflectedCodec<E>::kAvailable && !has_pakt_write<E, F>::value && !has_pakt_read<E, F>::value &&
     !has_pakt_wire_size<E, F>::value)
        ? reflected_word_size<E>::value
        : kElementWordSize<E>;

// Copies n elements of a memcpyable or enum type E to or from the wire: the bytes as they are
// (a short list without a library call: copy_short_bytes), or, when F's byte order is not the
// host's, a byte-swapping copy of every word (pakt/byte_swap.hpp).
template <class F, class E>
PAKT_ALWAYS_INLINE void copy_elements(std::uint8_t* to, const std::uint8_t* from, std::size_t n) noexcept {
  if (n == 0) return;
  constexpr std::size_t kUnit = kElementWordSizeIn<F, E>;
  if constexpr (!kNativeOrder<F> && kUnit > 1) {
    byteswap_copy<typename uint_of_size<kUnit>::type>(to, from, n * sizeof(E) / kUnit);
  } else {
    copy_short_bytes(to, from, n * sizeof(E));
  }
}

// Element types whose wire form equals their memory form in native byte order: numbers (not bool),
// math types, and generated messages that say so (MessageTraits::kMemoryWordSize).
template <class T>
inline constexpr bool kMemcpyable = !std::is_enum_v<T> && kElementWordSize<T> != 0;
// The same in format F, reflected aggregates included (list elements copied whole).
template <class F, class T>
inline constexpr bool kMemcpyableIn = !std::is_enum_v<T> && kElementWordSizeIn<F, T> != 0;

template <class F>
inline void write_length(Writer& w, std::size_t n) noexcept {
  if (std::uint8_t* p = w.reserve(4)) store<F>(p, static_cast<std::int32_t>(n));
}

// Reads an int32 length or count and checks it by the message rules (message_rules.hpp:
// AcceptLength): not negative, within the rule's limit, and no more than the remaining bytes allow
// for elements of at least `min_element_size` bytes. Called before anything is allocated.
// Always inlined: min_element_size is then a constant, and the division by it a multiplication.
template <class F>
[[nodiscard]] PAKT_ALWAYS_INLINE bool read_length(Reader& r, std::size_t& n, const LengthRule& rule,
                                                         std::size_t min_element_size) {
  const std::size_t at = r.offset();
  const std::uint8_t* p = r.take(4, "length");
  if (p == nullptr) return false;
  return AcceptLength(r, at, load<F, std::int32_t>(p), rule, min_element_size, n);
}

[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool fail_bool_byte(Reader& r, std::uint8_t byte) {
  return r.fail_at(r.offset() - 1, ErrorCode::kInvalidValue,
                   "bool byte " + std::to_string(byte) + " is neither 0 nor 1");
}
// The error of an encoding longer than its int32 lengths can say. Out of line: a whole-message
// Serialize stays small enough to inline.
PAKT_COLD PAKT_NOINLINE inline Status payload_too_large(std::size_t size, const char* path) {
  return Status::Error(ErrorCode::kLimitExceeded, 0, path, "payload of " + std::to_string(size) + " bytes exceeds 2^31-1");
}
inline constexpr std::size_t kMaxPayloadSize = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max());

[[nodiscard]] PAKT_COLD PAKT_NOINLINE inline bool fail_utf8(Reader& r, std::size_t at, std::size_t bad) {
  return r.fail_at(at, ErrorCode::kInvalidValue, "string is not valid UTF-8 (byte " + std::to_string(bad) + ")");
}

}  // namespace detail

// Extensible messages are framed: an int32 byte length, then the fields. A reader stops at the
// frame's end (older payloads: later fields keep their defaults) and skips what it does not know
// (newer payloads).
template <class F>
[[nodiscard]] bool ReadFrameLength(Reader& r, std::size_t& n, F) {
  return detail::read_length<F>(r, n, kFrameLengthRule, 1);
}
template <class F>
void StoreFrameLength(std::uint8_t* at, std::size_t n, F) noexcept {
  detail::store<F>(at, static_cast<std::int32_t>(n));
}

// ---------------------------------------------------------------------------------------------
// WireSize: exact number of bytes Write produces.
template <class F, class T>
std::size_t WireSize(const T& v, F f) {
  if constexpr (fixed_wire_size<T>() != 0) {
    (void)v;
    (void)f;
    return fixed_wire_size<T>();
  } else if constexpr (std::is_same_v<T, std::string>) {
    return 4 + v.size();
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    if constexpr (fixed_wire_size<E>() != 0) {
      return 4 + v.size() * fixed_wire_size<E>();
    } else {
      std::size_t n = 4;
      for (const auto& e : v) n += WireSize(e, f);
      return n;
    }
  } else if constexpr (is_std_array_v<T>) {
    std::size_t n = 0;
    for (const auto& e : v) n += WireSize(e, f);
    return n;
  } else if constexpr (is_optional_v<T>) {
    return 1 + (v.has_value() ? WireSize(*v, f) : 0);
  } else if constexpr (is_message_v<T>) {
    return MessageWireSize(v, f);
  } else if constexpr (has_extension_codec_v<T, F>) {
    return ExtensionWireSize(v, f);
  } else {
    static_assert(always_false_v<T>, "pakt: this type has no compact/mslima encoding");
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Write: appends v in format F.
template <class F, class T>
void Write(Writer& w, const T& v, F f) {
  if constexpr (std::is_same_v<T, bool>) {
    w.write_byte(v ? 1 : 0);
  } else if constexpr (is_scalar_v<T>) {
    if (std::uint8_t* p = w.reserve(sizeof(T))) detail::store<F>(p, v);
  } else if constexpr (is_math_v<T>) {
    if (std::uint8_t* p = w.reserve(sizeof(T))) detail::store_math<F>(p, v);
  } else if constexpr (std::is_same_v<T, std::string>) {
    // The length and the bytes under one bounds check.
    if (std::uint8_t* p = w.reserve(4 + v.size())) {
      detail::store<F>(p, static_cast<std::int32_t>(v.size()));
      if constexpr (F::kReverseStrings) {
        detail::reverse_copy_bytes(p + 4, v.data(), v.size());
      } else {
        detail::copy_short_bytes(p + 4, v.data(), v.size());
      }
    }
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    if constexpr (detail::kMemcpyableIn<F, E> || std::is_enum_v<E>) {
      // The count and the elements under one bounds check, one copy, then (when F's byte order is
      // not the host's) the byte swaps in place.
      if (std::uint8_t* p = w.reserve(4 + v.size() * sizeof(E))) {
        detail::store<F>(p, static_cast<std::int32_t>(v.size()));
        detail::copy_elements<F, E>(p + 4, reinterpret_cast<const std::uint8_t*>(v.data()), v.size());
      }
    } else {
      detail::write_length<F>(w, v.size());
      for (const auto& e : v) Write(w, static_cast<const E&>(e), f);
    }
  } else if constexpr (is_std_array_v<T>) {
    using E = typename T::value_type;
    if constexpr (detail::kMemcpyableIn<F, E> || std::is_enum_v<E>) {
      // Every element under one bounds check and one copy (no count: the size is the schema's).
      if (std::uint8_t* p = w.reserve(v.size() * sizeof(E))) {
        detail::copy_elements<F, E>(p, reinterpret_cast<const std::uint8_t*>(v.data()), v.size());
      }
    } else {
      for (const auto& e : v) Write(w, e, f);
    }
  } else if constexpr (is_optional_v<T>) {
    WritePresence(w, v.has_value());
    if (v.has_value()) Write(w, *v, f);
  } else if constexpr (is_message_v<T>) {
    WriteMessage(w, v, f);
  } else if constexpr (has_extension_codec_v<T, F>) {
    WriteExtension(w, v, f);
  } else {
    static_assert(always_false_v<T>, "pakt: this type has no compact/mslima encoding");
  }
}

// ---------------------------------------------------------------------------------------------
// write_fields_from: writes a message's fields in order, as Write would one by one, but each run of
// consecutive flat fields (bool, numbers, enums, math types, strings, vectors of numbers, enums or
// math types) is sized first and written under one bounds check through a local pointer, so the
// stores need no further checks and the Writer is not reloaded between them. The Boost.PFR codec
// (pakt/pfr.hpp) calls it with an aggregate's fields.
namespace detail {

template <class T>
constexpr bool is_flat() {
  if constexpr (is_scalar_v<T> || is_math_v<T> || std::is_same_v<T, std::string>) {
    return true;
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    return kMemcpyable<E> || std::is_enum_v<E>;
  } else {
    return false;
  }
}

// Stores a flat value at p, which has room for it; returns the end of what it stored.
template <class F, class T>
inline std::uint8_t* put_flat(std::uint8_t* p, const T& v) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    *p = v ? 1 : 0;
    return p + 1;
  } else if constexpr (is_scalar_v<T>) {
    store<F>(p, v);
    return p + sizeof(T);
  } else if constexpr (is_math_v<T>) {
    store_math<F>(p, v);
    return p + sizeof(T);
  } else if constexpr (std::is_same_v<T, std::string>) {
    store<F>(p, static_cast<std::int32_t>(v.size()));
    if constexpr (F::kReverseStrings) {
      detail::reverse_copy_bytes(p + 4, v.data(), v.size());
    } else {
      detail::copy_short_bytes(p + 4, v.data(), v.size());
    }
    return p + 4 + v.size();
  } else {
    using E = typename T::value_type;
    store<F>(p, static_cast<std::int32_t>(v.size()));
    copy_elements<F, E>(p + 4, reinterpret_cast<const std::uint8_t*>(v.data()), v.size());
    return p + 4 + v.size() * sizeof(E);
  }
}

// How many fields from Begin on are flat.
template <std::size_t Begin, class... Fields>
constexpr std::size_t flat_run_length() {
  constexpr bool flat[] = {is_flat<Fields>()..., false};
  std::size_t n = 0;
  while (flat[Begin + n]) ++n;
  return n;
}

template <std::size_t Begin, class F, class Tuple, std::size_t... I>
inline void write_flat_run(Writer& w, F f, const Tuple& fields, std::index_sequence<I...>) {
  const std::size_t size = (WireSize(std::get<Begin + I>(fields), f) + ...);
  if (std::uint8_t* p = w.reserve(size)) {
    ((p = put_flat<F>(p, std::get<Begin + I>(fields))), ...);
  }
}

template <std::size_t Begin, class F, class... Fields>
inline void write_fields_from(Writer& w, F f, const std::tuple<const Fields&...>& fields) {
  if constexpr (Begin < sizeof...(Fields)) {
    constexpr std::size_t run = flat_run_length<Begin, Fields...>();
    if constexpr (run == 0) {
      Write(w, std::get<Begin>(fields), f);
      write_fields_from<Begin + 1>(w, f, fields);
    } else {
      write_flat_run<Begin>(w, f, fields, std::make_index_sequence<run>{});
      write_fields_from<Begin + run>(w, f, fields);
    }
  }
}

}  // namespace detail

// WriteFlatFields: one run of consecutive flat fields (detail::is_flat), sized first and stored
// under one bounds check, as write_fields_from writes a run. Generated writers call it for each
// run their back end found (a field it cannot tell flat, such as a list of messages, is written
// alone by Write: the same bytes); a pack, not a tuple, so that messages whose runs have the same
// field types share one instantiation.
template <class F, class... Fields>
PAKT_ALWAYS_INLINE void WriteFlatFields(Writer& w, F f, const Fields&... fields) {
  static_assert((detail::is_flat<Fields>() && ...), "pakt: WriteFlatFields takes flat fields only");
  const std::size_t size = (WireSize(fields, f) + ...);
  if (std::uint8_t* p = w.reserve(size)) {
    ((p = detail::put_flat<F>(p, fields)), ...);
  }
}

// ---------------------------------------------------------------------------------------------
// Read: decodes one value of format F into v. On failure records the error in r and returns false.
template <class F, class T>
[[nodiscard]] bool Read(Reader& r, T& v, F f, const Limits& limits = {}) {
  if constexpr (std::is_same_v<T, bool>) {
    const std::uint8_t* p = r.take(1, "bool");
    if (p == nullptr) return false;
    if constexpr (F::kStrictBool) {
      if (*p > 1) return detail::fail_bool_byte(r, *p);
    }
    v = *p != 0;
    return true;
  } else if constexpr (is_scalar_v<T>) {
    const std::uint8_t* p = r.take(sizeof(T), "number");
    if (p == nullptr) return false;
    v = detail::load<F, T>(p);
    return true;
  } else if constexpr (is_math_v<T>) {
    const std::uint8_t* p = r.take(sizeof(T), "vector");
    if (p == nullptr) return false;
    detail::load_math<F>(p, v);
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    std::size_t n = 0;
    if (!detail::read_length<F>(r, n, StringLengthRule(limits), 1)) return false;
    const std::size_t at = r.offset();
    const std::uint8_t* p = r.take(n, "string");  // read_length checked that n bytes remain
    if constexpr (F::kReverseStrings) {
      // Validated on the wire, read backwards, then copied reversed a word at a time.
      const std::size_t bad = utf8::first_invalid_reversed(p, n);
      if (bad != n) return detail::fail_utf8(r, at, bad);
      detail::resize_for_overwrite(v, n);
      detail::reverse_copy_bytes(v.data(), p, n);
    } else {
      // Validated where the bytes are, before the copy: loading back the bytes the copy has just
      // stored stalls store-to-load forwarding (most of this function's time on short strings).
      const std::size_t bad = utf8::first_invalid(p, n);
      if (bad != n) return detail::fail_utf8(r, at, bad);
      detail::assign_bytes(v, p, n);
    }
    return true;
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    std::size_t n = 0;
    if (!detail::read_length<F>(r, n, ListLengthRule(limits, std::is_same_v<E, std::uint8_t>), min_wire_size<E>())) {
      return false;
    }
    v.resize(n);
    if constexpr (detail::kMemcpyableIn<F, E> && detail::kNativeOrder<F>) {
      const std::uint8_t* p = r.take(n * sizeof(E), "array");
      if (p == nullptr) return false;  // elements whose smallest encoding read_length did not know
      if (n != 0) std::memcpy(v.data(), p, n * sizeof(E));
      return true;
    } else if constexpr (std::is_same_v<E, bool>) {
      for (std::size_t i = 0; i < n; ++i) {
        bool b = false;
        if (!Read(r, b, f)) return r.in_index(i);
        v[i] = b;
      }
      return true;
    } else if constexpr (detail::kMemcpyableIn<F, E> || std::is_enum_v<E>) {
      const std::uint8_t* p = r.take(n * sizeof(E), "array");
      if (p == nullptr) return false;
      detail::copy_elements<F, E>(reinterpret_cast<std::uint8_t*>(v.data()), p, n);
      return true;
    } else {
      const Limits element_limits = ElementLimits(limits);
      for (std::size_t i = 0; i < n; ++i) {
        if (!Read(r, v[i], f, element_limits)) return r.in_index(i);
      }
      return true;
    }
  } else if constexpr (is_std_array_v<T>) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!Read(r, v[i], f, limits)) return r.in_index(i);
    }
    return true;
  } else if constexpr (is_optional_v<T>) {
    bool present = false;
    if (!ReadPresence(r, present)) return false;
    if (!present) {
      v.reset();
      return true;
    }
    if (!v.has_value()) v.emplace();
    return Read(r, *v, f, limits);
  } else if constexpr (is_message_v<T>) {
    return ReadMessage(r, v, f, /*top_level=*/false);
  } else if constexpr (has_extension_codec_v<T, F>) {
    return ReadExtension(r, v, f, limits);
  } else {
    static_assert(always_false_v<T>, "pakt: this type has no compact/mslima encoding");
    return false;
  }
}

// Helpers of ReadFixedFields (pakt/cursor_read.hpp): consecutive fixed-size fields (numbers, bools,
// enums, math types) read under one bounds check.
namespace detail {

template <class T>
constexpr bool is_fixed_flat() {
  return is_scalar_v<T> || is_math_v<T>;
}

// Loads a fixed-size value at p and advances p; false for a bool byte other than 0 or 1 (strict formats).
template <class F, class T>
inline bool get_fixed(const std::uint8_t*& p, T& v) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    const std::uint8_t byte = *p++;
    v = byte != 0;
    return !F::kStrictBool || byte <= 1;
  } else if constexpr (is_scalar_v<T>) {
    v = load<F, T>(p);
    p += sizeof(T);
    return true;
  } else {
    load_math<F>(p, v);
    p += sizeof(T);
    return true;
  }
}

// ReadFixedFields' slow path: the fields one by one, so that the one at fault records its error.
template <class F, class... Fields>
[[nodiscard]] PAKT_COLD PAKT_NOINLINE bool read_fixed_one_by_one(Reader& r, F f, std::initializer_list<const char*> names,
                                                                   Fields&... fields) {
  const char* const* name = names.begin();
  bool ok = true;
  ((ok = ok && (Read(r, fields, f) ? (++name, true) : r.in_field(*name))), ...);
  return ok;
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------
// CheckLimits: encode-side check of max_length / max_count before anything is written.
// Encode-side errors have no offset (0).
template <class T>
[[nodiscard]] bool CheckLimits(Checker& c, const T& v, const Limits& limits) {
  if constexpr (std::is_same_v<T, std::string>) {
    return CheckLength(c, 0, StringLengthRule(limits), v.size());
  } else if constexpr (is_vector_v<T>) {
    using E = typename T::value_type;
    if (!CheckLength(c, 0, ListLengthRule(limits, std::is_same_v<E, std::uint8_t>), v.size())) return false;
    if constexpr (std::is_same_v<E, std::string> || is_message_v<E> || is_vector_v<E> || is_optional_v<E> ||
                  is_std_array_v<E>) {
      const Limits element_limits = ElementLimits(limits);
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (!CheckLimits(c, v[i], element_limits)) return c.in_index(i);
      }
    }
    return true;
  } else if constexpr (is_std_array_v<T>) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!CheckLimits(c, v[i], limits)) return c.in_index(i);
    }
    return true;
  } else if constexpr (is_optional_v<T>) {
    return !v.has_value() || CheckLimits(c, *v, limits);
  } else if constexpr (is_message_v<T>) {
    return CheckMessage(c, v);
  } else {
    (void)c;
    (void)v;
    (void)limits;
    return true;
  }
}

}  // namespace pakt
