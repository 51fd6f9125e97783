// Serialization without a schema: any aggregate whose members are types the compact/mslima codec
// knows (integers, floats, bool, enums, std::string, std::vector, std::array, std::optional,
// pakt math types, nested aggregates) is encoded field by field, in declaration order, through
// Boost.PFR. For an aggregate that mirrors a schema message field for field, the bytes equal the
// generated code's, because each field goes through the same pakt::Write / pakt::Read overloads.
//
//   std::vector<std::uint8_t> bytes = pakt::Serialize(move, pakt::mslima);
//   pakt::Status s = pakt::Serialize(move, bytes, pakt::mslima);  // reuses bytes' capacity
//   s = pakt::Deserialize(bytes, move, pakt::mslima, {/*max_length=*/64, /*max_count=*/256});
//
// Dispatch order (see reflect.hpp): generated message, then a user hook (pakt_write / pakt_read /
// pakt_wire_size found by ADL), then this reflection. Rejected at compile time, with a
// static_assert that names the problem: classes with constructors, private members or virtual
// functions (not aggregates), C array members, raw pointer members; classes with base classes are
// rejected by Boost.PFR's own static_assert ("Inherited types are not supported").
// Decode limits come from PfrDecodeOptions, since there is no schema. Error paths name fields by
// position ("Move.field2"): Boost 1.81's PFR has no field names.
// Known compiler bug: GCC 12 crashes (internal compiler error in Boost.PFR's field counting) on a
// member std::array<A, N> whose element A is an aggregate with non-trivial members such as
// std::string; std::vector<A> or clang work.
// Godot Array encoding of reflected aggregates is not provided yet.
#pragma once

#include <boost/pfr/core.hpp>
#include <boost/pfr/tuple_size.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "pakt/binary_codec.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/config.hpp"
#include "pakt/cursor_read.hpp"
#include "pakt/format.hpp"
#include "pakt/reader.hpp"
#include "pakt/reflect.hpp"
#include "pakt/status.hpp"
#include "pakt/type_traits.hpp"
#include "pakt/writer.hpp"

namespace pakt {

// Limits for decoding reflected aggregates. Zero means "no limit beyond the bytes that remain".
struct PfrDecodeOptions {
  std::size_t max_length = 0;  // each string and byte vector, in bytes
  std::size_t max_count = 0;   // elements of each list directly inside a reflected aggregate
};

// How deeply reflected aggregates may nest while decoding (only a recursive type such as
// struct Node { std::vector<Node> children; } can reach it).
inline constexpr int kMaxReflectedDepth = 64;

namespace pfr_detail {

// The probe below is unevaluated and may give too few initializers on purpose; clang still warns
// (-Wmissing-field-initializers).
PAKT_CLANG_IGNORE_MISSING_FIELD_INITIALIZERS_BEGIN

// An initializer that converts to any type: Boost.PFR counts fields with it. Only used in
// unevaluated contexts; defined because clang requires a definition for local (no-linkage) U.
struct AnyValue {
  template <class U>
  [[noreturn]] operator U() const {  // NOLINT: implicit by design
    std::terminate();
  }
};

// T{{AnyValue}, ...} with one braced initializer per counted field. A C array member takes one
// braced initializer but Boost.PFR counts one field per element, so the two disagree.
template <class T, std::size_t... I>
constexpr auto braced_init(std::index_sequence<I...>) -> decltype(T{{(void(I), AnyValue{})}...}, true) {
  return true;
}
template <class T>
constexpr bool braced_init(...) {
  return false;
}

PAKT_CLANG_IGNORE_MISSING_FIELD_INITIALIZERS_END

template <class T>
constexpr bool has_no_c_array_members() {
  return braced_init<T>(std::make_index_sequence<boost::pfr::tuple_size_v<T>>{});
}

template <class T>
inline constexpr bool is_library_type_v = std::is_same_v<T, std::string> || is_vector_v<T> || is_std_array_v<T> ||
                                          is_optional_v<T> || is_math_v<T> || is_message_v<T>;

// The classes the codec hands to reflection (whether they can be reflected is asserted later).
template <class T>
inline constexpr bool is_reflection_candidate_v = std::is_class_v<T> && !is_library_type_v<T>;

template <class Field>
constexpr void check_field() {
  static_assert(!std::is_pointer_v<Field>, "pakt: raw pointer members cannot be serialized; hold the value instead");
  static_assert(!std::is_reference_v<Field>, "pakt: reference members cannot be serialized; hold the value instead");
}

template <class T>
constexpr void check_reflectable() {
  static_assert(std::is_aggregate_v<T>,
                "pakt: only aggregates are reflected; this class has user-declared constructors, private or protected "
                "members or virtual functions (give it pakt_write/pakt_read/pakt_wire_size instead)");
  static_assert(has_no_c_array_members<T>(), "pakt: C array members cannot be reflected; use std::array");
}

// Counts reflected aggregates being decoded on this thread, to bound recursion.
class DepthGuard {
 public:
  DepthGuard() noexcept { ++depth(); }
  ~DepthGuard() { --depth(); }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  bool exceeded() const noexcept { return depth() > kMaxReflectedDepth; }

 private:
  static int& depth() noexcept {
    thread_local int current = 0;
    return current;
  }
};

inline std::string field_name(std::size_t index) { return "field" + std::to_string(index); }

// Names field `index` in r's error path; false. Out of line: the name is a std::string built only
// on the error path, kept out of the inlined readers' bodies.
PAKT_COLD PAKT_NOINLINE inline bool fail_in_field(Reader& r, std::size_t index) {
  return r.in_field(field_name(index).c_str());
}

// Field-type facts of an aggregate, by Boost.PFR's field types.
template <class T, std::size_t... I>
constexpr bool all_fields_flat(std::index_sequence<I...>) {  // numbers, vectors, strings, number lists
  return (pakt::detail::is_flat<boost::pfr::tuple_element_t<I, T>>() && ...);
}
template <class T, std::size_t... I>
constexpr bool all_fields_fixed(std::index_sequence<I...>) {  // fixed-size: numbers and vectors
  return sizeof...(I) > 0 && (pakt::detail::is_fixed_flat<boost::pfr::tuple_element_t<I, T>>() && ...);
}
// The word width when every field is a number (not bool) or math type of one word width and T
// has no padding (its fields then lie at their compact wire offsets), else 0.
template <class T, std::size_t... I>
constexpr std::size_t memory_word_size(std::index_sequence<I...>) {
  if constexpr (sizeof...(I) == 0) {
    return 0;
  } else {
    constexpr std::size_t widths[] = {pakt::word_size<boost::pfr::tuple_element_t<I, T>>()...};
    constexpr std::size_t sizes[] = {sizeof(boost::pfr::tuple_element_t<I, T>)...};
    std::size_t total = 0;
    for (std::size_t i = 0; i < sizeof...(I); ++i) {
      if (widths[i] == 0 || widths[i] != widths[0]) return 0;
      total += sizes[i];
    }
    return total == sizeof(T) ? widths[0] : 0;
  }
}
template <class T>
constexpr std::size_t memory_word_size() {
  if constexpr (!std::is_aggregate_v<T> || !std::is_trivially_copyable_v<T> || !std::is_standard_layout_v<T>) {
    return 0;  // not reflected (or not plain memory): never copied whole
  } else {
    return memory_word_size<T>(std::make_index_sequence<boost::pfr::tuple_size_v<T>>{});
  }
}
template <class T>
inline constexpr bool kFlatFields = all_fields_flat<T>(std::make_index_sequence<boost::pfr::tuple_size_v<T>>{});
template <class T>
inline constexpr bool kFixedFields = all_fields_fixed<T>(std::make_index_sequence<boost::pfr::tuple_size_v<T>>{});

// All fields fixed-size: one bounds check for the whole aggregate (pakt::detail::get_fixed_run).
// False (nothing consumed) when the bytes are short or a bool byte is invalid: the caller then
// reads field by field for the error.
template <class F, class Tied, std::size_t... I>
[[nodiscard]] PAKT_ALWAYS_INLINE bool read_fixed_fields(ReadCursor& c, Tied fields, std::index_sequence<I...>) {
  return pakt::detail::get_fixed_run<F>(c, std::get<I>(fields)...);
}

// The fields one after the other at c, the one at fault naming itself in the error path. A fold
// over the tied fields rather than boost::pfr::for_each_field: a lambda holding c by reference
// would keep c in memory wherever the lambda is not inlined.
template <class F, class Tied, std::size_t... I>
[[nodiscard]] PAKT_ALWAYS_INLINE bool read_fields_at(ReadCursor& c, Reader& r, Tied fields, F f,
                                                            const Limits& limits, std::index_sequence<I...>) {
  bool ok = true;
  ((ok = ok && (pakt::Read(c, r, std::get<I>(fields), f, limits) || fail_in_field(r, I))), ...);
  (void)fields;  // an aggregate with no fields
  (void)f;
  return ok;
}

// An aggregate of numbers, bools, enums, math types, strings and lists of numbers only (it cannot
// nest: no depth count): one bounds check when every field has a fixed size, else field by field.
// Inlined where the aggregate is read, as generated decoders inline a leaf message of their own file.
template <class T, class F>
[[nodiscard]] PAKT_ALWAYS_INLINE const std::uint8_t* read_flat_fields_at(Reader& r, ReadCursor c, T& v, F f,
                                                                                const Limits& limits) {
  constexpr auto indexes = std::make_index_sequence<boost::pfr::tuple_size_v<T>>{};
  if constexpr (kFixedFields<T>) {
    if (read_fixed_fields<F>(c, boost::pfr::structure_tie(v), indexes)) return c.pos;
    // else field by field, for the error
  }
  return read_fields_at(c, r, boost::pfr::structure_tie(v), f, limits, indexes) ? c.pos : nullptr;
}

}  // namespace pfr_detail

// Field-by-field encoding of any aggregate T through Boost.PFR, in declaration order. The codec
// reaches these through ReflectedCodec; they also work on a generated message's struct, whose
// bytes they reproduce (tests compare the two paths).
template <class T, class F>
void WriteFields(Writer& w, const T& v, F f) {
  pfr_detail::check_reflectable<T>();
  boost::pfr::for_each_field(v, [](const auto& field) {
    pfr_detail::check_field<std::remove_cv_t<std::remove_reference_t<decltype(field)>>>();
  });
  // Runs of numbers, strings and number lists under one bounds check: the bytes generated code writes.
  detail::write_fields_from<0>(w, f, boost::pfr::structure_tie(v));
}

template <class T, class F>
std::size_t FieldsWireSize(const T& v, F f) {
  pfr_detail::check_reflectable<T>();
  std::size_t n = 0;
  boost::pfr::for_each_field(v, [&](const auto& field) { n += pakt::WireSize(field, f); });
  return n;
}

// Reads T's fields at cursor c of r, as a generated decoder reads a message's (pakt/cursor_read.hpp):
// where they ended, or nullptr after recording an error in r.
template <class T, class F>
[[nodiscard]] const std::uint8_t* ReadFieldsAt(Reader& r, ReadCursor c, T& v, F f, const Limits& limits = {}) {
  pfr_detail::check_reflectable<T>();
  if constexpr (pfr_detail::kFlatFields<T>) {
    return pfr_detail::read_flat_fields_at(r, c, v, f, limits);
  } else {
    // An aggregate with an aggregate (or a list or optional of one) inside can nest: its depth is
    // counted.
    const pfr_detail::DepthGuard guard;
    if (guard.exceeded()) {
      r.seek(c);
      (void)r.fail(ErrorCode::kLimitExceeded, "reflected aggregates nest deeper than " + std::to_string(kMaxReflectedDepth));
      return nullptr;
    }
    const bool ok = pfr_detail::read_fields_at(c, r, boost::pfr::structure_tie(v), f, limits,
                                               std::make_index_sequence<boost::pfr::tuple_size_v<T>>{});
    return ok ? c.pos : nullptr;
  }
}

template <class T, class F>
[[nodiscard]] bool ReadFields(Reader& r, T& v, F f, const Limits& limits = {}) {
  ReadCursor c = r.cursor();
  c.pos = ReadFieldsAt(r, c, v, f, limits);
  if (c.pos == nullptr) return false;
  r.seek(c);
  return true;
}

template <class T>
struct ReflectedCodec<T, std::enable_if_t<pfr_detail::is_reflection_candidate_v<T>>> {
  static constexpr bool kAvailable = true;
  // Nonzero: T's memory is its compact wire form in words of this width, so lists of T are copied
  // whole (binary_codec.hpp).
  static constexpr std::size_t kMemoryWordSize = pfr_detail::memory_word_size<T>();

  template <class F>
  static void Write(Writer& w, const T& v, F f) {
    pakt::WriteFields(w, v, f);
  }
  template <class F>
  static std::size_t WireSize(const T& v, F f) {
    return pakt::FieldsWireSize(v, f);
  }
  template <class F>
  [[nodiscard]] static bool Read(Reader& r, T& v, F f, const Limits& limits) {
    return pakt::ReadFields(r, v, f, limits);
  }
  // A flat aggregate (no aggregate inside) is read inline where it is used, a list's loop
  // included; any other out of line.
  template <class F>
  [[nodiscard]] PAKT_ALWAYS_INLINE static const std::uint8_t* ReadAt(Reader& r, ReadCursor c, T& v, F f,
                                                                     const Limits& limits) {
    if constexpr (pfr_detail::kFlatFields<T>) {
      pfr_detail::check_reflectable<T>();
      return pfr_detail::read_flat_fields_at(r, c, v, f, limits);
    } else {
      return pakt::ReadFieldsAt(r, c, v, f, limits);
    }
  }
};

namespace pfr_detail {

// The size pass and the writes of a whole value, each compiled as one function with every call
// inside it inlined (a recursive type's recursion stays a call), as a generated message's
// Serialize is with its nested messages. Otherwise the writes of a list of aggregates with lists
// inside (Monster's weapons) stay an out-of-line function that holds the writer by reference and
// reloads its position after every byte it stores, since a byte store may alias the writer; here
// the writer is a local in registers.
template <class T, class F>
PAKT_FLATTEN std::size_t whole_wire_size(const T& v, F f) {
  return pakt::WireSize(v, f);
}
template <class T, class F>
PAKT_FLATTEN bool write_whole(std::uint8_t* data, std::size_t size, const T& v, F f) {
  Writer w(data, size);
  pakt::Write(w, v, f);
  return w.ok();
}

}  // namespace pfr_detail

// The exact number of bytes Serialize produces.
template <class T, class F, class = std::enable_if_t<!is_message_v<T>>>
std::size_t SerializedSize(const T& v, F f) {
  return pfr_detail::whole_wire_size(v, f);
}

// Encodes v in format F (pakt::compact or pakt::mslima) into out, resized to fit: its capacity is
// reused, so a buffer kept between calls is not reallocated once it is large enough. Fails only
// when the encoding would exceed 2^31-1 bytes (out is then left empty).
template <class T, class F, class = std::enable_if_t<!is_message_v<T>>>
Status Serialize(const T& v, std::vector<std::uint8_t>& out, F f) {
  const std::size_t size = pfr_detail::whole_wire_size(v, f);
  if (size > detail::kMaxPayloadSize) {
    out.clear();
    return detail::payload_too_large(size, "");
  }
  out.resize(size);
  (void)pfr_detail::write_whole(out.data(), out.size(), v, f);  // sized exactly: cannot overflow
  return Status::Ok();
}

// Encodes v in format F into a new buffer.
template <class T, class F, class = std::enable_if_t<!is_message_v<T>>>
std::vector<std::uint8_t> Serialize(const T& v, F f) {
  std::vector<std::uint8_t> out(pfr_detail::whole_wire_size(v, f));
  (void)pfr_detail::write_whole(out.data(), out.size(), v, f);
  return out;
}

// Decodes a whole payload into out; every byte must belong to the value.
template <class T, class F, class = std::enable_if_t<!is_message_v<T>>>
Status Deserialize(ByteView bytes, T& out, F f, const PfrDecodeOptions& options = {}) {
  Reader r(bytes);
  if (!pakt::Read(r, out, f, Limits{options.max_length, options.max_count})) return r.status();
  if (!r.at_end()) {
    return Status::Error(ErrorCode::kTrailingData, r.offset(), "",
                         std::to_string(r.remaining()) + " unexpected bytes after the value");
  }
  return Status::Ok();
}

}  // namespace pakt
