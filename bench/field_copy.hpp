// Copies between two aggregates with the same fields in the same order (a generated message and a
// mirror of it, or the same message generated in two namespaces), field by field through
// Boost.PFR. Used to set up inputs and to compare decoded values, never inside a timed loop.
#pragma once

#include <boost/pfr/core.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

#include "pakt/type_traits.hpp"

namespace pakt_bench {

template <class From, class To>
void CopyFields(const From& from, To& to);

template <class From, class To>
void CopyValue(const From& from, To& to) {
  if constexpr (std::is_same_v<From, To>) {
    to = from;
  } else if constexpr (std::is_enum_v<From>) {
    to = static_cast<To>(from);
  } else if constexpr (pakt::is_vector_v<From>) {
    to.resize(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) CopyValue(from[i], to[i]);
  } else {
    CopyFields(from, to);
  }
}

template <class From, class To, std::size_t... Index>
void CopyFieldsAt(const From& from, To& to, std::index_sequence<Index...>) {
  (CopyValue(boost::pfr::get<Index>(from), boost::pfr::get<Index>(to)), ...);
}

template <class From, class To>
void CopyFields(const From& from, To& to) {
  static_assert(boost::pfr::tuple_size_v<From> == boost::pfr::tuple_size_v<To>, "the same fields on both sides");
  CopyFieldsAt(from, to, std::make_index_sequence<boost::pfr::tuple_size_v<From>>{});
}

template <class To, class From>
To Converted(const From& from) {
  To to{};
  CopyFields(from, to);
  return to;
}

}  // namespace pakt_bench
