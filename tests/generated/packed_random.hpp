// Values of tests/schemas/packed.yaml and packed_edges.yaml for the packed format's cross-language
// tests (tests/csharp/cross_vectors.cpp, tests/gdscript/gd_vectors.cpp): mostly inside every range
// (the ends, a step's rounding tie, anywhere), quaternions unit (identity, ties between components,
// a negative largest) and now and then outside a range or NaN (an encode error both sides give).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "packed.pakt.h"
#include "packed_edges.pakt.h"
#include "test_values.hpp"

namespace pakt_test {

namespace pk = pakt::test::packed;
namespace pe = pakt::test::packed_edges;

// A value of [lo, hi]: the ends, a step's rounding tie (min + (k + 1/2) x step), or uniform.
inline double in_range(pakt_test::Rng& rng, double lo, double hi, double steps) {
  switch (rng() % 8) {
    case 0: return lo;
    case 1: return hi;
    case 2: {
      const double k = static_cast<double>(rng() % static_cast<std::uint64_t>(steps));
      return lo + (hi - lo) * (k + 0.5) / steps;
    }
    default: return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
  }
}
inline float in_range_f(pakt_test::Rng& rng, double lo, double hi, double steps) {
  float f = static_cast<float>(in_range(rng, lo, hi, steps));
  if (f < lo) f = static_cast<float>(lo);  // float rounding may leave the range at its ends
  if (f > hi) f = static_cast<float>(hi);
  return f;
}
template <class T>
T int_in(pakt_test::Rng& rng, std::int64_t lo, std::int64_t hi) {
  switch (rng() % 4) {
    case 0: return static_cast<T>(lo);
    case 1: return static_cast<T>(hi);
    default: {
      const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
      const std::uint64_t off = span == ~std::uint64_t{0} ? rng() : rng() % (span + 1);
      return static_cast<T>(static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + off));
    }
  }
}
inline pakt::Vector3 vec3_in(pakt_test::Rng& rng, double lo, double hi, double steps) {
  return {in_range_f(rng, lo, hi, steps), in_range_f(rng, lo, hi, steps), in_range_f(rng, lo, hi, steps)};
}
// Mostly unit quaternions (random, identity, ties between components, negative largest), some not.
inline pakt::Quaternion rotation(pakt_test::Rng& rng) {
  switch (rng() % 10) {
    case 0: return {0, 0, 0, 1};
    case 1: return {0.5f, -0.5f, 0.5f, -0.5f};
    case 2: return {0, 0.70710678f, 0, 0.70710678f};
    case 3: return {-0.9f, 0.1f, 0.3f, -0.2f};
    default: {
      double c[4], n = 0;
      for (double& x : c) {
        x = static_cast<double>(rng() >> 11) * 0x1.0p-52 - 1;
        n += x * x;
      }
      n = std::sqrt(n);
      if (n == 0) return {0, 0, 0, 1};
      return {static_cast<float>(c[0] / n), static_cast<float>(c[1] / n), static_cast<float>(c[2] / n),
              static_cast<float>(c[3] / n)};
    }
  }
}

inline void randomize_packed(pk::Numbers& m, pakt_test::Rng& rng) {
  m.flag = rng() & 1;
  m.percent = int_in<std::uint8_t>(rng, 0, 100);
  m.raw8 = pakt_test::random_integer<std::int8_t>(rng);
  m.rawu8 = pakt_test::random_integer<std::uint8_t>(rng);
  m.temperature = int_in<std::int16_t>(rng, -40, 60);
  m.zig = pakt_test::random_integer<std::int64_t>(rng);
  m.small_zig = pakt_test::random_integer<std::int32_t>(rng);
  m.varint = pakt_test::random_integer<std::uint64_t>(rng);
  m.varint16 = pakt_test::random_integer<std::uint16_t>(rng);
  m.wide = pakt_test::random_integer<std::int64_t>(rng);
  m.big = int_in<std::uint64_t>(rng, 1000, INT64_MAX);
  m.negative = int_in<std::int32_t>(rng, -1000, -1);
  m.phase = static_cast<pk::Phase>(rng() % 4);
  m.only = pk::Only::single;
  m.offset = static_cast<pk::Offset>(int_in<std::int16_t>(rng, -10, 20));
  if (pakt_test::chance(rng, 20)) m.percent = 101;  // outside its range: an encode error
}
inline void randomize_packed(pk::Floats& m, pakt_test::Rng& rng) {
  m.angle = in_range_f(rng, -3.2, 3.2, 6400);
  m.ratio = in_range_f(rng, 0, 1, 255);
  m.raw32 = pakt_test::random_float<float>(rng);
  m.raw64 = pakt_test::random_float<double>(rng);
  m.distance = in_range(rng, -10000, 10000, 200000000);
  m.position = vec3_in(rng, -50, 50, 100000);
  m.flat = {in_range_f(rng, 0, 10, 1023), in_range_f(rng, 0, 10, 1023)};
  m.tint = {in_range_f(rng, 0, 1, 255), in_range_f(rng, 0, 1, 255), in_range_f(rng, 0, 1, 255),
            in_range_f(rng, 0, 1, 255)};
  m.cell = {int_in<std::int32_t>(rng, -512, 511), int_in<std::int32_t>(rng, -512, 511)};
  m.voxel = {pakt_test::random_integer<std::int32_t>(rng), pakt_test::random_integer<std::int32_t>(rng),
             pakt_test::random_integer<std::int32_t>(rng)};
  m.rotation = rotation(rng);
  m.raw_rotation = {pakt_test::random_float<float>(rng), pakt_test::random_float<float>(rng),
                    pakt_test::random_float<float>(rng), pakt_test::random_float<float>(rng)};
  switch (rng() % 40) {  // outside a range, NaN: encode errors
    case 0: m.angle = 3.25f; break;
    case 1: m.position.y = std::nanf(""); break;
    case 2: m.rotation.z = std::nanf(""); break;
    case 3: m.cell.y = 512; break;
    case 4: m.distance = -1e300; break;
    default: break;
  }
}
inline void randomize_packed(pk::Collections& m, pakt_test::Rng& rng) {
  m.name = pakt_test::random_text(rng, 16);
  m.note = pakt_test::random_text(rng, 24);
  m.blob.resize(rng() % 40);
  for (auto& b : m.blob) b = static_cast<std::uint8_t>(rng());
  m.scores.resize(rng() % 9);
  for (auto& x : m.scores) x = int_in<std::uint16_t>(rng, 0, 1000);
  m.deltas.resize(rng() % 6);
  for (auto& x : m.deltas) x = int_in<std::int32_t>(rng, -100, 100);
  for (auto& x : m.samples) x = in_range_f(rng, -1, 1, 200);
  m.tags.resize(rng() % 5);
  for (auto& t : m.tags) t = pakt_test::random_text(rng, 10);
  m.numbers.resize(rng() % 4);
  for (auto& n : m.numbers) randomize_packed(n, rng);
  m.points.resize(rng() % 3);
  for (auto& n : m.points) randomize_packed(n, rng);
  for (auto& c : m.corners) c = {int_in<std::int32_t>(rng, 0, 255), int_in<std::int32_t>(rng, 0, 255)};
  if (rng() & 1) m.maybe_level = int_in<std::uint8_t>(rng, 1, 99);
  if (rng() & 1) {
    m.maybe_floats.emplace();
    randomize_packed(*m.maybe_floats, rng);
  }
  if (rng() & 1) m.maybe_name = pakt_test::random_text(rng, 8);
  if (pakt_test::chance(rng, 20) && !m.scores.empty()) m.scores.back() = 1001;
}
inline void randomize_packed(pk::Cube& m, pakt_test::Rng& rng) {
  m.id = int_in<std::uint16_t>(rng, 0, 1023);
  m.position = vec3_in(rng, -50, 50, 100000);
  m.rotation = rotation(rng);
  m.at_rest = rng() & 1;
  if (pakt_test::chance(rng, 60)) m.position.y = 300;
}
inline void randomize_packed(pk::Camera& m, pakt_test::Rng& rng) {
  m.eye = vec3_in(rng, -100, 100, 20000);
  m.fov = in_range_f(rng, 30, 120, 127);
}
inline void randomize_packed(pk::Scene& m, pakt_test::Rng& rng) {
  m.frame = pakt_test::random_integer<std::uint32_t>(rng);
  m.cubes.resize(rng() % 12);
  for (auto& c : m.cubes) randomize_packed(c, rng);
  randomize_packed(m.camera, rng);
  for (auto& c : m.anchors) randomize_packed(c, rng);
  m.phase = static_cast<pk::Phase>(rng() % 4);
  if (rng() & 1) m.score = int_in<std::int32_t>(rng, 0, 100000);
}

// The next tick of a scene: a few cubes moved (some by less than a step), some appended or dropped.
inline pk::Scene next_tick(const pk::Scene& base, pakt_test::Rng& rng) {
  pk::Scene m = base;
  m.frame = base.frame + 1;
  for (auto& c : m.cubes) {
    switch (rng() % 6) {
      case 0: randomize_packed(c, rng); break;
      case 1: c.position.x = std::min(50.0f, std::max(-50.0f, c.position.x + 0.0001f)); break;  // below the precision
      case 2: c.at_rest = !c.at_rest; break;
      default: break;
    }
  }
  switch (rng() % 4) {
    case 0: m.cubes.resize(m.cubes.size() + rng() % 3); for (std::size_t i = base.cubes.size(); i < m.cubes.size(); ++i) randomize_packed(m.cubes[i], rng); break;
    case 1: m.cubes.resize(m.cubes.size() / 2); break;
    default: break;
  }
  if (rng() & 1) randomize_packed(m.camera, rng);
  if (rng() % 3 == 0) randomize_packed(m.anchors[rng() % 2], rng);
  if (rng() % 4 == 0) m.phase = static_cast<pk::Phase>(rng() % 4);
  if (rng() % 4 == 0) m.score.reset();
  return m;
}

// tests/schemas/packed_edges.yaml: a uint64 enum above INT64_MAX (a varint), a deprecated ranged
// field, bytes[] and uint8[] lengths, an optional message and a fixed array of messages.
inline void randomize_packed(pe::Tiny& m, pakt_test::Rng& rng) {
  m.v = in_range_f(rng, -1, 1, 15);
  if (pakt_test::chance(rng, 30)) m.v = 1.5f;
}
inline pe::Huge huge_value(pakt_test::Rng& rng) { return rng() & 1 ? pe::Huge::huge : pe::Huge::small; }
inline void randomize_packed(pe::Edges& m, pakt_test::Rng& rng) {
  m.huge = huge_value(rng);
  m.huges.resize(rng() % 5);
  for (auto& h : m.huges) h = huge_value(rng);
  m.chunks.resize(rng() % 3);
  for (auto& c : m.chunks) {
    c.resize(rng() % 4);
    for (auto& b : c) b = static_cast<std::uint8_t>(rng());
  }
  m.raw.resize(rng() % 6);
  for (auto& b : m.raw) b = static_cast<std::uint8_t>(rng());
  if (rng() & 1) {
    m.tiny.emplace();
    randomize_packed(*m.tiny, rng);
  } else {
    m.tiny.reset();
  }
  for (auto& t : m.pair) randomize_packed(t, rng);
}
inline pe::Edges next_tick(const pe::Edges& base, pakt_test::Rng& rng) {
  pe::Edges m = base;
  switch (rng() % 5) {
    case 0: m.huge = huge_value(rng); break;
    case 1: randomize_packed(m.pair[rng() % 2], rng); break;
    case 2: m.tiny.reset(); break;
    case 3: randomize_packed(m, rng); break;
    default: break;
  }
  return m;
}

}  // namespace pakt_test
