// Type classification shared by the codecs.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "pakt/math_types.hpp"
#include "pakt/message_traits.hpp"

namespace pakt {

template <class T>
inline constexpr bool always_false_v = false;

template <class T>
struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T>
inline constexpr bool is_vector_v = is_vector<T>::value;

template <class T>
struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};
template <class T>
inline constexpr bool is_std_array_v = is_std_array<T>::value;

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
inline constexpr bool is_optional_v = is_optional<T>::value;

// Vector2, Vector3, Quaternion, Color, Vector2i, Vector3i: packed 4-byte components.
template <class T>
inline constexpr bool is_math_v = std::is_same_v<T, Vector2> || std::is_same_v<T, Vector3> ||
                                  std::is_same_v<T, Quaternion> || std::is_same_v<T, Color> ||
                                  std::is_same_v<T, Vector2i> || std::is_same_v<T, Vector3i>;

// bool, integers, floats and enums: written as one fixed-width number.
template <class T>
inline constexpr bool is_scalar_v = std::is_arithmetic_v<T> || std::is_enum_v<T>;

// The width of the words a plain number or math type is made of (math types: 4-byte components),
// or 0 for anything else (bool included: its wire byte is checked).
template <class T>
constexpr std::size_t word_size() {
  if constexpr (is_math_v<T>) {
    return 4;
  } else if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
    return sizeof(T);
  } else {
    return 0;
  }
}

// For generated MessageTraits<M>::kMemoryWordSize: the width W when every field of M is a word of
// W bytes (or a math type of 4-byte words, W = 4), the fields lie at their compact wire offsets
// and M has no padding, so M's memory is its compact wire form and a list of M is copied whole
// (MSLIMA: byte-swapped per word); 0 otherwise. `offsets` are offsetof(M, field), in field order.
template <class M, class... Fields, std::size_t N>
constexpr std::size_t memory_word_size(const std::size_t (&offsets)[N]) {
  static_assert(N == sizeof...(Fields), "pakt: one offset per field");
  constexpr std::size_t widths[] = {word_size<Fields>()...};
  constexpr std::size_t sizes[] = {sizeof(Fields)...};
  if (!std::is_trivially_copyable_v<M>) return 0;
  std::size_t at = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (widths[i] == 0 || widths[i] != widths[0] || offsets[i] != at) return 0;
    at += sizes[i];
  }
  return at == sizeof(M) ? widths[0] : 0;
}

// MessageTraits<M>::kMemoryWordSize where the generator emitted it, else 0.
template <class M, class = void>
struct message_memory_word_size : std::integral_constant<std::size_t, 0> {};
template <class M>
struct message_memory_word_size<M, std::void_t<decltype(MessageTraits<M>::kMemoryWordSize)>>
    : std::integral_constant<std::size_t, MessageTraits<M>::kMemoryWordSize> {};
template <class M>
inline constexpr std::size_t message_memory_word_size_v = message_memory_word_size<M>::value;

// The exact compact/mslima size of every value of T, or 0 when it depends on the value.
template <class T>
constexpr std::size_t fixed_wire_size() {
  if constexpr (std::is_enum_v<T>) {
    return sizeof(std::underlying_type_t<T>);
  } else if constexpr (std::is_arithmetic_v<T> || is_math_v<T>) {
    return sizeof(T);
  } else if constexpr (is_std_array_v<T>) {
    return std::tuple_size_v<T> * fixed_wire_size<typename T::value_type>();
  } else if constexpr (is_message_v<T>) {
    return MessageTraits<T>::kFixedWireSize;
  } else {
    return 0;
  }
}

// The smallest compact/mslima encoding of any value of T (used to bound counts before allocating).
template <class T>
constexpr std::size_t min_wire_size() {
  if constexpr (fixed_wire_size<T>() != 0) {
    return fixed_wire_size<T>();
  } else if constexpr (std::is_same_v<T, std::string> || is_vector_v<T>) {
    return 4;
  } else if constexpr (is_optional_v<T>) {
    return 1;
  } else if constexpr (is_std_array_v<T>) {
    return std::tuple_size_v<T> * min_wire_size<typename T::value_type>();
  } else if constexpr (is_message_v<T>) {
    return MessageTraits<T>::kMinWireSize;
  } else {
    return 0;
  }
}

}  // namespace pakt
