// Test helpers for generated messages: seeded random values (with edge cases), bitwise deep
// equality (NaN equals NaN of the same bits), and the list of every message type under test.
#pragma once

#include <boost/pfr.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

#include "evolution_v2.pakt.h"
#include "framed.pakt.h"
#include "game.pakt.h"
#include "photon_seed.pakt.h"
#include "rich.pakt.h"
#include "gtest/gtest.h"

namespace pakt_test {

using Rng = std::mt19937_64;

// Godot ints are int64: uint64 values above INT64_MAX cannot travel, so the Godot tests turn
// this on to keep random uint64 values in range.
inline bool g_int64_range_only = false;

inline bool chance(Rng& rng, int one_in) { return rng() % static_cast<unsigned>(one_in) == 0; }

template <class T>
T random_integer(Rng& rng) {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_same_v<T, std::uint64_t>) {
    if (g_int64_range_only) return rng() >> 1;
  }
  switch (rng() % 8) {
    case 0: return L::min();
    case 1: return L::max();
    case 2: return T(0);
    case 3: return static_cast<T>(L::is_signed ? -1 : 1);
    default: return static_cast<T>(rng());  // the low bits: the same value on every byte order
  }
}

template <class T>
T random_float(Rng& rng) {
  using L = std::numeric_limits<T>;
  switch (rng() % 12) {
    case 0: return L::quiet_NaN();
    case 1: return L::infinity();
    case 2: return -L::infinity();
    case 3: return T(-0.0);
    case 4: return L::max();
    case 5: return L::lowest();
    case 6: return L::denorm_min();
    // -1e6 to 1e6 from 53 random bits in double arithmetic, the same on every CPU
    // (uniform_real_distribution computes in long double, whose width varies).
    default: return static_cast<T>(-1e6 + 2e6 * static_cast<double>(rng() >> 11) * 0x1.0p-53);
  }
}

// UTF-8 text of at most max_bytes bytes mixing 1-, 2-, 3- and 4-byte characters.
inline std::string random_text(Rng& rng, std::size_t max_bytes) {
  static const char* const pieces[] = {"a", "Z", "0", " ", "\"", "\\", "\n", "é", "가", "✓", "😀"};
  const std::size_t budget = rng() % (max_bytes + 1);
  std::string s;
  for (;;) {
    const char* p = pieces[rng() % (sizeof pieces / sizeof *pieces)];
    if (s.size() + std::strlen(p) > budget) break;
    s += p;
  }
  return s;
}

// Sizes stay within the smallest limits of the test schemas (max_length 4 on bytes, 8 on
// strings, max_count 3 on lists); the limits tests cover the edges.
template <class T>
void randomize(T& v, Rng& rng) {
  if constexpr (std::is_same_v<T, bool>) {
    v = (rng() & 1) != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    v = random_float<T>(rng);
  } else if constexpr (std::is_integral_v<T>) {
    v = random_integer<T>(rng);
  } else if constexpr (std::is_enum_v<T>) {
    v = static_cast<T>(random_integer<std::underlying_type_t<T>>(rng));
  } else if constexpr (std::is_same_v<T, std::string>) {
    v = random_text(rng, 8);
  } else if constexpr (std::is_same_v<T, std::vector<std::uint8_t>>) {
    v.resize(rng() % 5);
    for (auto& b : v) b = static_cast<std::uint8_t>(rng());
  } else if constexpr (pakt::is_vector_v<T>) {
    v.resize(rng() % 4);
    for (std::size_t i = 0; i < v.size(); ++i) {
      typename T::value_type e{};
      randomize(e, rng);
      v[i] = e;
    }
  } else if constexpr (pakt::is_std_array_v<T>) {
    for (auto& e : v) randomize(e, rng);
  } else if constexpr (pakt::is_optional_v<T>) {
    if (chance(rng, 2)) {
      v.reset();
    } else {
      v.emplace();
      randomize(*v, rng);
    }
  } else if constexpr (std::is_same_v<T, pakt::Vector2i> || std::is_same_v<T, pakt::Vector3i>) {
    boost::pfr::for_each_field(v, [&](auto& c) { c = random_integer<std::int32_t>(rng); });
  } else if constexpr (pakt::is_math_v<T>) {
    boost::pfr::for_each_field(v, [&](auto& c) { c = random_float<float>(rng); });
  } else {
    static_assert(pakt::is_message_v<T>);
    ForEachField(v, [&](const char*, auto& f) { randomize(f, rng); });
    if constexpr (std::is_same_v<T, pakt::test::Versioned>) v.old = 42;  // deprecated: always its default
  }
}

template <class T>
T random_value(Rng& rng) {
  T v{};
  randomize(v, rng);
  return v;
}

template <class T>
bool same(const T& a, const T& b);

// Deep equality where floats compare by bit pattern.
template <class T>
bool same(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::memcmp(&a, &b, sizeof a) == 0;
  } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, std::string>) {
    return a == b;
  } else if constexpr (pakt::is_vector_v<T> || pakt::is_std_array_v<T>) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!same<typename T::value_type>(a[i], b[i])) return false;
    }
    return true;
  } else if constexpr (pakt::is_optional_v<T>) {
    return a.has_value() == b.has_value() && (!a.has_value() || same(*a, *b));
  } else if constexpr (pakt::is_math_v<T>) {
    return std::memcmp(&a, &b, sizeof a) == 0;
  } else {
    // Pair field i of a with field i of b (quadratic, but messages are small).
    bool equal = true;
    std::size_t i = 0;
    ForEachField(a, [&](const char*, const auto& fa) {
      std::size_t j = 0;
      ForEachField(b, [&](const char*, const auto& fb) {
        if constexpr (std::is_same_v<decltype(fa), decltype(fb)>) {
          if (i == j) equal = equal && same(fa, fb);
        }
        ++j;
      });
      ++i;
    });
    return equal;
  }
}

// Typed tests named by the type's index, as gtest's default does; spelled out because clang's
// -Wpedantic rejects TYPED_TEST_SUITE without its third argument.
struct TypeIndexName {
  template <class T>
  static std::string GetName(int index) {
    return std::to_string(index);
  }
};

using AllMessages =
    ::testing::Types<pakt::test::Empty, pakt::test::Inner, pakt::test::Scalars, pakt::test::Geometry, pakt::test::Texts,
                     pakt::test::Lists, pakt::test::Fixed, pakt::test::Optionals, pakt::test::Nested,
                     pakt::test::Versioned, photon::seed::SeedStruct, photon::seed::SeedShortNames,
                     photon::seed::SeedGameStruct, game::common::Weapon, game::net::Player, game::net::MoveUpdate,
                     game::net::Chat, game::net::Snapshot, evolution::v2::Lobby, pakt::test::framed::Leaf,
                     pakt::test::framed::Frame, pakt::test::framed::Framed, pakt::test::framed::Framing>;

// Messages holding extensible (length-framed) messages: a frame of an older version or with fields
// of a newer one decodes too, so their decodable bytes are not all the bytes encoding writes.
template <class M>
constexpr bool kHasFrames =
    std::is_same_v<M, evolution::v2::Lobby> || std::is_same_v<M, pakt::test::framed::Leaf> ||
    std::is_same_v<M, pakt::test::framed::Frame> || std::is_same_v<M, pakt::test::framed::Framed> ||
    std::is_same_v<M, pakt::test::framed::Framing>;

}  // namespace pakt_test
