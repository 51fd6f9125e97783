// The codec's extension points for types that are not generated messages. binary_codec.hpp's
// Write / Read / WireSize try, in this order:
//   1. a generated message (WriteMessage / ReadMessage / MessageWireSize, found by ADL);
//   2. a user hook: three functions found by ADL in the type's namespace,
//        void        pakt_write(pakt::Writer&, const T&, F);
//        bool        pakt_read(pakt::Reader&, T&, F);        // false after r.fail(...)
//        std::size_t pakt_wire_size(const T&, F);            // exactly what pakt_write writes
//      for the format tags F the type supports (pakt::compact_t, pakt::mslima_t);
//   3. reflection: ReflectedCodec<T>, which pakt/pfr.hpp provides for aggregates through
//      Boost.PFR. Without pfr.hpp included, no type is reflected and an aggregate stops at the
//      codec's "no compact/mslima encoding" static_assert.
// This header needs nothing but the standard library, so generated code never pulls in Boost.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

namespace pakt {

class Writer;
class Reader;
struct Limits;

// Specialized by pakt/pfr.hpp. kAvailable tells the codec whether T has a reflected encoding.
template <class T, class Enable = void>
struct ReflectedCodec {
  static constexpr bool kAvailable = false;
};

namespace detail {

template <class T, class F, class = void>
struct has_pakt_write : std::false_type {};
template <class T, class F>
struct has_pakt_write<T, F,
                      std::void_t<decltype(pakt_write(std::declval<Writer&>(), std::declval<const T&>(),
                                                      std::declval<F>()))>> : std::true_type {};

template <class T, class F, class = void>
struct has_pakt_read : std::false_type {};
template <class T, class F>
struct has_pakt_read<
    T, F, std::void_t<decltype(pakt_read(std::declval<Reader&>(), std::declval<T&>(), std::declval<F>()))>>
    : std::true_type {};

template <class T, class F, class = void>
struct has_pakt_wire_size : std::false_type {};
template <class T, class F>
struct has_pakt_wire_size<T, F, std::void_t<decltype(pakt_wire_size(std::declval<const T&>(), std::declval<F>()))>>
    : std::true_type {};

}  // namespace detail

// True when T's namespace defines the user hook for format F.
template <class T, class F>
inline constexpr bool has_user_codec_v =
    detail::has_pakt_write<T, F>::value && detail::has_pakt_read<T, F>::value && detail::has_pakt_wire_size<T, F>::value;

// True when T is encoded by a user hook or by reflection (steps 2 and 3 above). A type with only
// part of the hook counts too, so that check_user_hook_complete reports what is missing.
template <class T, class F>
inline constexpr bool has_extension_codec_v = detail::has_pakt_write<T, F>::value ||
                                              detail::has_pakt_read<T, F>::value ||
                                              detail::has_pakt_wire_size<T, F>::value || ReflectedCodec<T>::kAvailable;

template <class T, class F>
constexpr void check_user_hook_complete() {
  constexpr int declared = int{detail::has_pakt_write<T, F>::value} + int{detail::has_pakt_read<T, F>::value} +
                           int{detail::has_pakt_wire_size<T, F>::value};
  static_assert(declared == 0 || declared == 3,
                "pakt: a user hook needs all three of pakt_write, pakt_read and pakt_wire_size for this format");
}

template <class F, class T>
void WriteExtension(Writer& w, const T& v, F f) {
  check_user_hook_complete<T, F>();
  if constexpr (has_user_codec_v<T, F>) {
    pakt_write(w, v, f);
  } else {
    ReflectedCodec<T>::Write(w, v, f);
  }
}

template <class F, class T>
[[nodiscard]] bool ReadExtension(Reader& r, T& v, F f, const Limits& limits) {
  check_user_hook_complete<T, F>();
  if constexpr (has_user_codec_v<T, F>) {
    (void)limits;
    return pakt_read(r, v, f);
  } else {
    return ReflectedCodec<T>::Read(r, v, f, limits);
  }
}

template <class F, class T>
std::size_t ExtensionWireSize(const T& v, F f) {
  check_user_hook_complete<T, F>();
  if constexpr (has_user_codec_v<T, F>) {
    return pakt_wire_size(v, f);
  } else {
    return ReflectedCodec<T>::WireSize(v, f);
  }
}

}  // namespace pakt
