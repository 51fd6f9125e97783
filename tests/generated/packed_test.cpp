// The generated packed codec (docs/packed.md) on tests/schemas/packed.yaml and on every other test
// message: round trips with values in range (exact codes exact, quantized values within step/2,
// smallest-three rotations within their step), the quantization error bound, truncations,
// out-of-range values, deltas against a baseline, and one payload derived by hand from the doc.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "packed.pakt.h"
#include "test_values.hpp"

namespace {

using pakt_test::Rng;
namespace pk = pakt::test::packed;

// ------------------------------------------------------------------------------ values in range
// The ranges below are read off tests/schemas/packed.yaml, not taken from the generated code.
template <class T>
T uniform_int(Rng& rng, T lo, T hi) {
  switch (rng() % 6) {
    case 0: return lo;
    case 1: return hi;
    default: return std::uniform_int_distribution<T>(lo, hi)(rng);
  }
}
double uniform_real(Rng& rng, double lo, double hi) {
  switch (rng() % 8) {
    case 0: return lo;
    case 1: return hi;
    default: return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
}
float uniform_float(Rng& rng, double lo, double hi) { return static_cast<float>(uniform_real(rng, lo, hi)); }
pakt::Vector3 uniform_vector3(Rng& rng, double lo, double hi) {
  return {uniform_float(rng, lo, hi), uniform_float(rng, lo, hi), uniform_float(rng, lo, hi)};
}
pakt::Quaternion unit_quaternion(Rng& rng) {
  std::normal_distribution<double> normal;
  double c[4];
  double norm = 0;
  for (double& x : c) {
    x = normal(rng);
    norm += x * x;
  }
  norm = std::sqrt(norm);
  if (rng() % 8 == 0) return {0, 0, 0, rng() % 2 ? 1.0f : -1.0f};  // the identity, either sign
  return {static_cast<float>(c[0] / norm), static_cast<float>(c[1] / norm), static_cast<float>(c[2] / norm),
          static_cast<float>(c[3] / norm)};
}

pk::Numbers random_numbers(Rng& rng) {
  pk::Numbers m;
  m.flag = rng() % 2 == 0;
  m.percent = uniform_int<std::uint8_t>(rng, 0, 100);
  m.raw8 = pakt_test::random_integer<std::int8_t>(rng);
  m.rawu8 = pakt_test::random_integer<std::uint8_t>(rng);
  m.temperature = uniform_int<std::int16_t>(rng, -40, 60);
  m.zig = pakt_test::random_integer<std::int64_t>(rng);
  m.small_zig = pakt_test::random_integer<std::int32_t>(rng);
  m.var = pakt_test::random_integer<std::uint64_t>(rng);
  m.var16 = pakt_test::random_integer<std::uint16_t>(rng);
  m.wide = pakt_test::random_integer<std::int64_t>(rng);
  m.big = uniform_int<std::uint64_t>(rng, 1000, 9223372036854775807ULL);
  m.negative = uniform_int<std::int32_t>(rng, -1000, -1);
  m.phase = static_cast<pk::Phase>(rng() % 4);
  m.only = pk::Only::single;
  const pk::Offset offsets[] = {pk::Offset::low, pk::Offset::mid, pk::Offset::high};
  m.offset = offsets[rng() % 3];
  return m;
}

pk::Floats random_floats(Rng& rng) {
  pk::Floats m;
  m.angle = uniform_float(rng, -3.2, 3.2);
  m.ratio = uniform_float(rng, 0, 1);
  m.raw32 = pakt_test::random_float<float>(rng);
  m.raw64 = pakt_test::random_float<double>(rng);
  m.distance = uniform_real(rng, -10000, 10000);
  m.position = uniform_vector3(rng, -50, 50);
  m.flat = {uniform_float(rng, 0, 10), uniform_float(rng, 0, 10)};
  m.tint = {uniform_float(rng, 0, 1), uniform_float(rng, 0, 1), uniform_float(rng, 0, 1), uniform_float(rng, 0, 1)};
  m.cell = {uniform_int(rng, -512, 511), uniform_int(rng, -512, 511)};
  m.voxel = {pakt_test::random_integer<std::int32_t>(rng), pakt_test::random_integer<std::int32_t>(rng),
             pakt_test::random_integer<std::int32_t>(rng)};
  m.rotation = unit_quaternion(rng);
  pakt_test::randomize(m.raw_rotation, rng);  // any bits: raw
  return m;
}

pk::Collections random_collections(Rng& rng) {
  pk::Collections m;
  m.name = pakt_test::random_text(rng, 16);
  m.note = pakt_test::random_text(rng, 40);
  m.blob.resize(rng() % 4 == 0 ? 300 : rng() % 20);
  for (auto& b : m.blob) b = static_cast<std::uint8_t>(rng());
  m.scores.resize(rng() % 9);
  for (auto& s : m.scores) s = uniform_int<std::uint16_t>(rng, 0, 1000);
  m.deltas.resize(rng() % 11);
  for (auto& d : m.deltas) d = uniform_int<std::int32_t>(rng, -100, 100);
  for (auto& s : m.samples) s = uniform_float(rng, -1, 1);
  m.tags.resize(rng() % 5);
  for (auto& t : m.tags) t = pakt_test::random_text(rng, 10);
  m.numbers.resize(rng() % 4);
  for (auto& n : m.numbers) n = random_numbers(rng);
  m.points.resize(rng() % 5);
  for (auto& n : m.points) n = random_numbers(rng);
  for (auto& c : m.corners) c = {uniform_int(rng, 0, 255), uniform_int(rng, 0, 255)};
  if (rng() % 2) m.maybe_level = uniform_int<std::uint8_t>(rng, 1, 99);
  if (rng() % 2) m.maybe_floats = random_floats(rng);
  if (rng() % 2) m.maybe_name = pakt_test::random_text(rng, 8);
  return m;
}

pk::Cube random_cube(Rng& rng) {
  return pk::Cube{uniform_int<std::uint16_t>(rng, 0, 1023), uniform_vector3(rng, -50, 50), unit_quaternion(rng),
                  rng() % 2 == 0};
}
pk::Camera random_camera(Rng& rng) { return pk::Camera{uniform_vector3(rng, -100, 100), uniform_float(rng, 30, 120)}; }
pk::Scene random_scene(Rng& rng) {
  pk::Scene m;
  m.frame = pakt_test::random_integer<std::uint32_t>(rng);
  m.cubes.resize(rng() % 8 == 0 ? 64 : rng() % 10);
  for (auto& c : m.cubes) c = random_cube(rng);
  m.camera = random_camera(rng);
  for (auto& c : m.anchors) c = random_cube(rng);
  m.phase = static_cast<pk::Phase>(rng() % 4);
  if (rng() % 2) m.score = uniform_int<std::int32_t>(rng, 0, 100000);
  return m;
}

// ------------------------------------------------------------------------------ error bounds
// A quantized code as the schema states it: steps from `precision` (ceil of the span over it) or `bits`.
struct Quant {
  double min, max, steps;
  double step() const { return (max - min) / steps; }
};
Quant with_precision(double min, double max, double precision) {
  return {min, max, std::ceil((max - min) / precision - 1e-9)};
}
Quant with_bits(double min, double max, int bits) { return {min, max, std::ldexp(1.0, bits) - 1}; }

const Quant kAngle = with_precision(-3.2, 3.2, 0.001);
const Quant kRatio = with_bits(0, 1, 8);
const Quant kDistance = with_precision(-10000, 10000, 0.0001);
const Quant kPosition = with_precision(-50, 50, 0.001);
const Quant kFlat = with_bits(0, 10, 10);
const Quant kTint = with_bits(0, 1, 8);
const Quant kSamples = with_precision(-1, 1, 0.01);
const Quant kEye = with_precision(-100, 100, 0.01);
const Quant kFov = with_bits(30, 120, 7);
constexpr int kRotationBits = 9;

// |decoded - input| <= step/2, plus the rounding of a float32 (or double) result.
template <class T>
::testing::AssertionResult within_half_step(T input, T decoded, const Quant& q) {
  const double rounding = std::is_same_v<T, float> ? std::ldexp(1.0, -24) : std::ldexp(1.0, -52);
  const double a = static_cast<double>(input), b = static_cast<double>(decoded);
  const double bound = q.step() / 2 * (1 + 1e-9) + (std::fabs(a) + std::fabs(b)) * rounding;
  if (std::fabs(a - b) <= bound) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "input " << a << " decoded " << b << ": error " << std::fabs(a - b)
                                       << " above " << bound;
}
template <class V>
::testing::AssertionResult vector_within(const V& input, const V& decoded, const Quant& q) {
  const auto a = pakt::packing::components(input);
  const auto b = pakt::packing::components(decoded);
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto r = within_half_step(a[i], b[i], q);
    if (!r) return r << " (component " << i << ")";
  }
  return ::testing::AssertionSuccess();
}
// Smallest-three: the three smaller components within half their step; the largest, derived from
// them, within 1.5 steps (its error is at most the others' total over its size, which is >= 1/2).
::testing::AssertionResult rotation_within(pakt::Quaternion input, const pakt::Quaternion& decoded, int bits) {
  float c[4] = {input.x, input.y, input.z, input.w};
  const float d[4] = {decoded.x, decoded.y, decoded.z, decoded.w};
  int largest = 0;
  for (int i = 1; i < 4; ++i) {
    if (std::fabs(c[i]) > std::fabs(c[largest])) largest = i;
  }
  if (c[largest] < 0) {
    for (float& x : c) x = -x;  // the same rotation
  }
  const double step = std::sqrt(2.0) / (std::ldexp(1.0, bits) - 1);
  // (When the two largest tie within a step, the other sign may be the one the encoder chose.)
  for (double sign : {1.0, -1.0}) {
    bool within = true;
    for (int i = 0; i < 4; ++i) {
      const double bound = (i == largest ? 1.5 * step : step / 2) + 1e-6;
      within = within && std::fabs(sign * static_cast<double>(c[i]) - static_cast<double>(d[i])) <= bound;
    }
    if (within) return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "input (" << c[0] << ", " << c[1] << ", " << c[2] << ", " << c[3]
                                       << ") decoded (" << d[0] << ", " << d[1] << ", " << d[2] << ", " << d[3]
                                       << "), step " << step;
}

using pakt_test::same;

void expect_decoded(const pk::Numbers& in, const pk::Numbers& out) { EXPECT_TRUE(same(in, out)); }  // all exact
void expect_decoded(const pk::Floats& in, const pk::Floats& out) {
  EXPECT_TRUE(within_half_step(in.angle, out.angle, kAngle));
  EXPECT_TRUE(within_half_step(in.ratio, out.ratio, kRatio));
  EXPECT_TRUE(same(in.raw32, out.raw32));
  EXPECT_TRUE(same(in.raw64, out.raw64));
  EXPECT_TRUE(within_half_step(in.distance, out.distance, kDistance));
  EXPECT_TRUE(vector_within(in.position, out.position, kPosition));
  EXPECT_TRUE(vector_within(in.flat, out.flat, kFlat));
  EXPECT_TRUE(vector_within(in.tint, out.tint, kTint));
  EXPECT_TRUE(same(in.cell, out.cell));
  EXPECT_TRUE(same(in.voxel, out.voxel));
  EXPECT_TRUE(rotation_within(in.rotation, out.rotation, kRotationBits));
  EXPECT_TRUE(same(in.raw_rotation, out.raw_rotation));
}
void expect_decoded(const pk::Collections& in, const pk::Collections& out) {
  EXPECT_EQ(in.name, out.name);
  EXPECT_EQ(in.note, out.note);
  EXPECT_EQ(in.blob, out.blob);
  EXPECT_EQ(in.scores, out.scores);
  EXPECT_EQ(in.deltas, out.deltas);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_TRUE(within_half_step(in.samples[i], out.samples[i], kSamples));
  EXPECT_EQ(in.tags, out.tags);
  EXPECT_TRUE(same(in.numbers, out.numbers));
  EXPECT_TRUE(same(in.points, out.points));
  EXPECT_TRUE(same(in.corners, out.corners));
  EXPECT_EQ(in.maybe_level, out.maybe_level);
  ASSERT_EQ(in.maybe_floats.has_value(), out.maybe_floats.has_value());
  if (in.maybe_floats) expect_decoded(*in.maybe_floats, *out.maybe_floats);
  EXPECT_EQ(in.maybe_name, out.maybe_name);
}
void expect_decoded(const pk::Cube& in, const pk::Cube& out) {
  EXPECT_EQ(in.id, out.id);
  EXPECT_TRUE(vector_within(in.position, out.position, kPosition));
  EXPECT_TRUE(rotation_within(in.rotation, out.rotation, kRotationBits));
  EXPECT_EQ(in.at_rest, out.at_rest);
}
void expect_decoded(const pk::Camera& in, const pk::Camera& out) {
  EXPECT_TRUE(vector_within(in.eye, out.eye, kEye));
  EXPECT_TRUE(within_half_step(in.fov, out.fov, kFov));
}
void expect_decoded(const pk::Scene& in, const pk::Scene& out) {
  EXPECT_EQ(in.frame, out.frame);
  ASSERT_EQ(in.cubes.size(), out.cubes.size());
  for (std::size_t i = 0; i < in.cubes.size(); ++i) expect_decoded(in.cubes[i], out.cubes[i]);
  expect_decoded(in.camera, out.camera);
  for (std::size_t i = 0; i < 2; ++i) expect_decoded(in.anchors[i], out.anchors[i]);
  EXPECT_EQ(in.phase, out.phase);
  EXPECT_EQ(in.score, out.score);
}

template <class M>
void check_packed_round_trips(M (*make)(Rng&)) {
  Rng rng(20261203);
  M reused = make(rng);
  for (int i = 0; i < 300; ++i) {
    SCOPED_TRACE("value #" + std::to_string(i));
    const M value = make(rng);
    const std::vector<std::uint8_t> bytes = Serialize(value, pakt::packed);
    M decoded{};
    const pakt::Status status = Deserialize(bytes, decoded, pakt::packed);
    ASSERT_TRUE(status) << status.to_string();
    expect_decoded(value, decoded);
    // A decoded value encodes again, and decoding into a used object gives the fresh object's result.
    std::vector<std::uint8_t> again;
    ASSERT_TRUE(Serialize(decoded, again, pakt::packed));
    ASSERT_TRUE(Deserialize(bytes, reused, pakt::packed));
    ASSERT_TRUE(same(decoded, reused));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(Packed, RoundTripNumbers) { check_packed_round_trips(random_numbers); }
TEST(Packed, RoundTripFloats) { check_packed_round_trips(random_floats); }
TEST(Packed, RoundTripCollections) { check_packed_round_trips(random_collections); }
TEST(Packed, RoundTripCube) { check_packed_round_trips(random_cube); }
TEST(Packed, RoundTripCamera) { check_packed_round_trips(random_camera); }
TEST(Packed, RoundTripScene) { check_packed_round_trips(random_scene); }

// ------------------------------------------------------------------------------ quantization error
// Every quantized field of the schema: many values in [min, max] decode within step/2 (plus the
// float32 rounding of the result); min and max decode exactly.
// A value of M with every field in its range (a default-constructed Camera is not: fov 0 < 30).
template <class M>
M in_range() {
  Rng rng(1);
  if constexpr (std::is_same_v<M, pk::Numbers>) return random_numbers(rng);
  else if constexpr (std::is_same_v<M, pk::Floats>) return random_floats(rng);
  else if constexpr (std::is_same_v<M, pk::Collections>) return random_collections(rng);
  else if constexpr (std::is_same_v<M, pk::Cube>) return random_cube(rng);
  else if constexpr (std::is_same_v<M, pk::Camera>) return random_camera(rng);
  else return random_scene(rng);
}

template <class M, class T>
T through_packed(M m, T M::*field, T v) {
  m.*field = v;
  M decoded{};
  EXPECT_TRUE(Deserialize(Serialize(m, pakt::packed), decoded, pakt::packed));
  return decoded.*field;
}
template <class M, class T>
void check_quantized(const char* name, T M::*field, const Quant& q) {
  SCOPED_TRACE(name);
  Rng rng(std::hash<std::string>{}(name));
  const M base = in_range<M>();
  for (int i = 0; i < 2000; ++i) {
    const T v = static_cast<T>(std::uniform_real_distribution<double>(q.min, q.max)(rng));
    ASSERT_TRUE(within_half_step(v, through_packed(base, field, v), q));
  }
  EXPECT_EQ(through_packed(base, field, static_cast<T>(q.min)), static_cast<T>(q.min));
  EXPECT_EQ(through_packed(base, field, static_cast<T>(q.max)), static_cast<T>(q.max));
}
template <class M, class V>
void check_quantized_vector(const char* name, V M::*field, const Quant& q) {
  SCOPED_TRACE(name);
  Rng rng(std::hash<std::string>{}(name));
  const M m = in_range<M>();
  for (int i = 0; i < 1000; ++i) {
    V v{};
    boost::pfr::for_each_field(v, [&](float& c) {
      c = static_cast<float>(std::uniform_real_distribution<double>(q.min, q.max)(rng));
    });
    ASSERT_TRUE(vector_within(v, through_packed(m, field, v), q));
  }
  V lo{}, hi{};
  boost::pfr::for_each_field(lo, [&](float& c) { c = static_cast<float>(q.min); });
  boost::pfr::for_each_field(hi, [&](float& c) { c = static_cast<float>(q.max); });
  EXPECT_TRUE(same(through_packed(m, field, lo), lo));
  EXPECT_TRUE(same(through_packed(m, field, hi), hi));
}

TEST(Packed, QuantizationErrorWithinHalfAStep) {
  check_quantized("Floats.angle", &pk::Floats::angle, kAngle);
  check_quantized("Floats.ratio", &pk::Floats::ratio, kRatio);
  check_quantized("Floats.distance", &pk::Floats::distance, kDistance);
  check_quantized_vector("Floats.position", &pk::Floats::position, kPosition);
  check_quantized_vector("Floats.flat", &pk::Floats::flat, kFlat);
  check_quantized_vector("Floats.tint", &pk::Floats::tint, kTint);
  check_quantized_vector("Cube.position", &pk::Cube::position, kPosition);
  check_quantized_vector("Camera.eye", &pk::Camera::eye, kEye);
  check_quantized("Camera.fov", &pk::Camera::fov, kFov);
  // float32[4]: every element with the field's code
  Rng rng(5);
  for (int i = 0; i < 500; ++i) {
    pk::Collections c = in_range<pk::Collections>();
    for (auto& s : c.samples) s = static_cast<float>(std::uniform_real_distribution<double>(-1, 1)(rng));
    pk::Collections decoded;
    ASSERT_TRUE(Deserialize(Serialize(c, pakt::packed), decoded, pakt::packed));
    for (std::size_t k = 0; k < 4; ++k) ASSERT_TRUE(within_half_step(c.samples[k], decoded.samples[k], kSamples));
  }
}

TEST(Packed, SmallestThreeWithinItsStep) {
  Rng rng(3);
  for (int i = 0; i < 3000; ++i) {
    pk::Cube cube{};
    cube.rotation = unit_quaternion(rng);
    pk::Cube decoded;
    ASSERT_TRUE(Deserialize(Serialize(cube, pakt::packed), decoded, pakt::packed));
    ASSERT_TRUE(rotation_within(cube.rotation, decoded.rotation, kRotationBits));
  }
}

// ------------------------------------------------------------------------------ a payload by hand
// Camera{eye (0, 10, -20), fov 30} from docs/packed.md, not from our encoder:
//   eye: range [-100, 100], precision 0.01 -> steps = ceil(200 / 0.01) = 20000, 15 bits (BitWidth(20000));
//        x: round((0 + 100) * 20000 / 200) = 10000, y: round(110 * 100) = 11000, z: round(80 * 100) = 8000
//   fov: range [30, 120], bits 7 -> steps 127; round((30 - 30) * ...) = 0 in 7 bits
//   bits from bit 0 up: 10000 at bit 0, 11000 at bit 15, 8000 at bit 30, 0 at bit 45: 52 bits -> 7 bytes,
//   the last byte's 4 high bits 0.  10000 = 0x2710, 11000 = 0x2AF8, 8000 = 0x1F40:
//   value = 0x2710 + 0x2AF8 * 2^15 + 0x1F40 * 2^30 = 0x7D0_157C_2710, little-endian:
//   10 27 7C 15 D0 07 00.
TEST(Packed, HandDerivedCamera) {
  const std::vector<std::uint8_t> expected = {0x10, 0x27, 0x7C, 0x15, 0xD0, 0x07, 0x00};
  const pk::Camera camera{{0, 10, -20}, 30};
  EXPECT_EQ(Serialize(camera, pakt::packed), expected);
  pk::Camera decoded;
  ASSERT_TRUE(Deserialize(expected, decoded, pakt::packed));
  EXPECT_TRUE(same(decoded, camera));
  // A set padding bit (bit 52) and a whole extra byte are rejected.
  std::vector<std::uint8_t> padded = expected;
  padded[6] = 0x10;
  EXPECT_EQ(Deserialize(padded, decoded, pakt::packed).code(), pakt::ErrorCode::kInvalidValue);
  padded = expected;
  padded.push_back(0);
  EXPECT_EQ(Deserialize(padded, decoded, pakt::packed).code(), pakt::ErrorCode::kTrailingData);
}

// ------------------------------------------------------------------------------ every test message
// The other schemas have no packed options: integers are varints or raw, floats and vectors raw,
// so every value round-trips exactly, except enum values outside the declared ones (ranged).
template <class M>
class PackedAll : public ::testing::Test {};
using PackedMessages =
    ::testing::Types<pakt::test::Empty, pakt::test::Inner, pakt::test::Scalars, pakt::test::Geometry, pakt::test::Texts,
                     pakt::test::Lists, pakt::test::Fixed, pakt::test::Optionals, pakt::test::Nested,
                     pakt::test::Versioned, photon::seed::SeedStruct, photon::seed::SeedShortNames,
                     photon::seed::SeedGameStruct, game::common::Weapon, game::net::Player, game::net::MoveUpdate,
                     game::net::Chat, game::net::Snapshot, evolution::v2::Lobby, pakt::test::framed::Leaf,
                     pakt::test::framed::Frame, pakt::test::framed::Framed, pakt::test::framed::Framing, pk::Numbers,
                     pk::Floats, pk::Collections, pk::Cube, pk::Camera, pk::Scene>;
TYPED_TEST_SUITE(PackedAll, PackedMessages, pakt_test::TypeIndexName);

template <class M>
M value_in_range(Rng& rng) {
  if constexpr (std::is_same_v<M, pk::Numbers>) return random_numbers(rng);
  else if constexpr (std::is_same_v<M, pk::Floats>) return random_floats(rng);
  else if constexpr (std::is_same_v<M, pk::Collections>) return random_collections(rng);
  else if constexpr (std::is_same_v<M, pk::Cube>) return random_cube(rng);
  else if constexpr (std::is_same_v<M, pk::Camera>) return random_camera(rng);
  else if constexpr (std::is_same_v<M, pk::Scene>) return random_scene(rng);
  else return pakt_test::random_value<M>(rng);
}
template <class M>
constexpr bool kQuantized = std::is_same_v<M, pk::Floats> || std::is_same_v<M, pk::Collections> ||
                            std::is_same_v<M, pk::Cube> || std::is_same_v<M, pk::Camera> || std::is_same_v<M, pk::Scene>;

// Random values of the message that encode (enum values outside the declared ones do not: an EncodeError).
template <class M>
std::vector<std::pair<M, std::vector<std::uint8_t>>> encodable_values(int n, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<std::pair<M, std::vector<std::uint8_t>>> out;
  for (int i = 0; i < n; ++i) {
    M value = value_in_range<M>(rng);
    std::vector<std::uint8_t> bytes;
    const pakt::Status s = Serialize(value, bytes, pakt::packed);
    if (!s) {
      EXPECT_EQ(s.code(), pakt::ErrorCode::kLimitExceeded) << s.to_string();
      EXPECT_NE(s.reason().find("outside the range"), std::string::npos) << s.to_string();
      continue;
    }
    out.emplace_back(std::move(value), std::move(bytes));
  }
  return out;
}

TYPED_TEST(PackedAll, RoundTrip) {
  for (const auto& [value, bytes] : encodable_values<TypeParam>(200, 11)) {
    TypeParam decoded{};
    const pakt::Status s = Deserialize(bytes, decoded, pakt::packed);
    ASSERT_TRUE(s) << s.to_string();
    if constexpr (!kQuantized<TypeParam>) {
      ASSERT_TRUE(same(value, decoded));
    }
    ASSERT_EQ(Serialize(value, pakt::packed), bytes);  // the vector overload writes the same bytes
  }
}

// Bits are written low first and the payload is the fewest bytes: every byte holds a bit the
// message needs, so every shorter payload runs out of bits (a value, or a length the remaining
// bits cannot hold) — an error, never a crash.
TYPED_TEST(PackedAll, EveryTruncationFails) {
  for (const auto& [value, bytes] : encodable_values<TypeParam>(30, 12)) {
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      TypeParam decoded{};
      const pakt::Status s = Deserialize(pakt::ByteView(bytes.data(), n), decoded, pakt::packed);
      ASSERT_FALSE(s) << "decoded " << n << " of " << bytes.size() << " bytes";
      // "truncated value: needs 7 bits, 3 remain", or a length that the remaining bits cannot hold
      ASSERT_TRUE(s.code() == pakt::ErrorCode::kTruncated || s.code() == pakt::ErrorCode::kLengthOverflow)
          << s.to_string();
      ASSERT_NE(s.reason().find(" remain"), std::string::npos) << s.to_string();
      ASSERT_EQ(s.path().rfind(pakt::MessageTraits<TypeParam>::kName, 0), 0u) << s.to_string();
    }
  }
}

// ------------------------------------------------------------------------------ out of range
template <class M>
std::string encode_error(const M& m) {
  try {
    Serialize(m, pakt::packed);
  } catch (const pakt::EncodeError& e) {
    EXPECT_EQ(e.status().code(), pakt::ErrorCode::kLimitExceeded);
    return e.what();
  }
  return "no error";
}

TEST(Packed, OutOfRangeValuesAreEncodeErrorsNamingTheField) {
  // A default-constructed Numbers is outside its ranges itself (big 0 < 1000): the first one is named.
  EXPECT_EQ(encode_error(pk::Numbers{}), "Numbers.big: value 0 is outside the range [1000, 9223372036854775807]");
  const pk::Numbers numbers = in_range<pk::Numbers>();
  pk::Numbers n = numbers;
  n.percent = 101;
  EXPECT_EQ(encode_error(n), "Numbers.percent: value 101 is outside the range [0, 100]");
  n = numbers;
  n.negative = 0;
  EXPECT_EQ(encode_error(n), "Numbers.negative: value 0 is outside the range [-1000, -1]");
  n = numbers;
  n.big = 999;
  EXPECT_EQ(encode_error(n), "Numbers.big: value 999 is outside the range [1000, 9223372036854775807]");
  n = numbers;
  n.offset = static_cast<pk::Offset>(21);
  EXPECT_EQ(encode_error(n), "Numbers.offset: value 21 is outside the range [-10, 20]");

  const pk::Floats floats = in_range<pk::Floats>();
  pk::Floats f = floats;
  f.angle = 3.3f;
  EXPECT_EQ(encode_error(f), "Floats.angle: value 3.29999995 is outside the range [-3.2, 3.2]");
  f = floats;
  f.position.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(encode_error(f), "Floats.position.y: value nan is outside the range [-50, 50]");
  f = floats;
  f.cell.x = 512;
  EXPECT_EQ(encode_error(f), "Floats.cell.x: value 512 is outside the range [-512, 511]");

  pk::Collections collections = in_range<pk::Collections>();
  collections.numbers = {numbers, numbers};
  collections.maybe_floats.reset();
  pk::Collections c = collections;
  c.numbers[1].temperature = -41;
  EXPECT_EQ(encode_error(c), "Collections.numbers[1].temperature: value -41 is outside the range [-40, 60]");
  c = collections;
  c.corners[2].y = 256;
  EXPECT_EQ(encode_error(c), "Collections.corners[2].y: value 256 is outside the range [0, 255]");
  c = collections;
  c.maybe_level = 0;
  EXPECT_EQ(encode_error(c), "Collections.maybe_level: value 0 is outside the range [1, 99]");
  c = collections;
  c.scores = {1001};
  EXPECT_EQ(encode_error(c), "Collections.scores[0]: value 1001 is outside the range [0, 1000]");
  c = collections;
  c.scores.resize(9);  // max_count: checked before anything is written, as in compact
  EXPECT_EQ(encode_error(c), "Collections.scores: count 9 exceeds max_count 8");

  pk::Scene s = in_range<pk::Scene>();
  s.cubes.resize(3);
  s.cubes[2].position.z = 50.01f;
  EXPECT_EQ(encode_error(s), "Scene.cubes[2].position.z: value 50.0099983 is outside the range [-50, 50]");
  // the delta encoder checks too
  pk::Scene base = s;
  base.cubes[2].position.z = 0;
  EXPECT_THROW(Serialize(s, base, pakt::packed), pakt::EncodeError);
}

// ------------------------------------------------------------------------------ delta
// A random change of a scene: some cubes moved or rotated, some appended or removed, the camera moved.
pk::Scene changed_scene(const pk::Scene& base, Rng& rng) {
  pk::Scene m = base;
  switch (rng() % 6) {
    case 0: return random_scene(rng);  // anything
    case 1: return m;                  // nothing
    default: break;
  }
  if (rng() % 2) m.frame += 1;
  for (auto& c : m.cubes) {
    if (rng() % 8 == 0) c.position = uniform_vector3(rng, -50, 50);
    if (rng() % 8 == 0) c.rotation = unit_quaternion(rng);
    if (rng() % 8 == 0) c.at_rest = !c.at_rest;
  }
  if (rng() % 4 == 0) m.cubes.resize(std::min<std::size_t>(64, m.cubes.size() + rng() % 3));
  for (std::size_t i = base.cubes.size(); i < m.cubes.size(); ++i) m.cubes[i] = random_cube(rng);
  if (rng() % 4 == 0 && !m.cubes.empty()) m.cubes.resize(m.cubes.size() - 1 - rng() % m.cubes.size());
  if (rng() % 3 == 0) m.camera.eye.x = uniform_float(rng, -100, 100);
  if (rng() % 3 == 0) m.anchors[rng() % 2].id = uniform_int<std::uint16_t>(rng, 0, 1023);
  if (rng() % 4 == 0) m.score.reset();
  return m;
}

// Two decodings of the same value: equal, except that a smallest-three rotation the delta left
// unchanged keeps the baseline's decoded value, which may not re-encode to the same bits when its two
// largest components are within a step of each other (so the full decoding may differ within the step).
void expect_same_decoded(const pk::Scene& out, const pk::Scene& full) {
  pk::Scene a = out, b = full;
  ASSERT_EQ(a.cubes.size(), b.cubes.size());
  for (std::size_t i = 0; i < a.cubes.size(); ++i) {
    EXPECT_TRUE(rotation_within(b.cubes[i].rotation, a.cubes[i].rotation, kRotationBits));
    a.cubes[i].rotation = b.cubes[i].rotation;
  }
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(rotation_within(b.anchors[i].rotation, a.anchors[i].rotation, kRotationBits));
    a.anchors[i].rotation = b.anchors[i].rotation;
  }
  EXPECT_TRUE(same(a, b));
}

TEST(Packed, DeltaDecodesToWhatTheFullEncodingDecodesTo) {
  Rng rng(17);
  int smaller = 0;
  for (int i = 0; i < 500; ++i) {
    SCOPED_TRACE("pair #" + std::to_string(i));
    // The baseline as the receiver holds it: decoded (quantized values on their steps).
    pk::Scene base;
    ASSERT_TRUE(Deserialize(Serialize(random_scene(rng), pakt::packed), base, pakt::packed));
    const pk::Scene value = changed_scene(base, rng);
    pk::Scene full;
    ASSERT_TRUE(Deserialize(Serialize(value, pakt::packed), full, pakt::packed));
    const std::vector<std::uint8_t> delta = Serialize(value, base, pakt::packed);
    std::vector<std::uint8_t> into;
    ASSERT_TRUE(Serialize(value, base, into, pakt::packed));
    ASSERT_EQ(into, delta);
    pk::Scene out = random_scene(rng);  // whatever it held is replaced
    const pakt::Status s = Deserialize(delta, base, out, pakt::packed);
    ASSERT_TRUE(s) << s.to_string();
    expect_same_decoded(out, full);
    // in place: the baseline itself becomes the value
    pk::Scene in_place = base;
    ASSERT_TRUE(Deserialize(delta, in_place, in_place, pakt::packed));
    ASSERT_TRUE(same(in_place, out));
    if (HasFailure()) return;
    if (delta.size() < Serialize(value, pakt::packed).size()) ++smaller;
    // every truncation of a delta fails too
    for (std::size_t n = 0; n < delta.size(); ++n) {
      pk::Scene t = base;
      const pakt::Status ts = Deserialize(pakt::ByteView(delta.data(), n), base, t, pakt::packed);
      ASSERT_TRUE(ts.code() == pakt::ErrorCode::kTruncated || ts.code() == pakt::ErrorCode::kLengthOverflow)
          << ts.to_string();
    }
  }
  EXPECT_GT(smaller, 250);
}

// 64 cubes, as the receiver decoded them.
pk::Scene settled_scene() {
  Rng rng(23);
  pk::Scene m = random_scene(rng);
  m.cubes.resize(64);
  for (auto& c : m.cubes) c = random_cube(rng);
  pk::Scene decoded;
  EXPECT_TRUE(Deserialize(Serialize(m, pakt::packed), decoded, pakt::packed));
  return decoded;
}

// The bit after the Scene's frame changed bit (0), the cubes' changed bit (1) and the count (7 bits,
// max_count 64) is the list delta's mode bit: bit 9.
bool sparse_mode(const std::vector<std::uint8_t>& delta) { return ((delta.at(1) >> 1) & 1) != 0; }

TEST(Packed, DeltaOfAFewChangedElementsIsSparse) {
  const pk::Scene base = settled_scene();
  pk::Scene value = base;
  value.cubes[40].at_rest = !value.cubes[40].at_rest;
  const std::vector<std::uint8_t> delta = Serialize(value, base, pakt::packed);
  EXPECT_TRUE(sparse_mode(delta));
  // A changed bit per element would take 64 bits for the cubes alone, besides the 6 changed bits of
  // the Scene, the count and the mode bit; sparse: the changed count (7 bits) + the gap 41 in
  // exp-Golomb (2 x 6 - 1 = 11 bits) + the cube's delta (4 changed bits + at_rest).
  EXPECT_LT(delta.size() * 8, 6u + 7 + 1 + 64);
  EXPECT_EQ(delta.size(), 5u);  // 6 + 7 + 1 + 7 + 11 + 5 = 37 bits
  pk::Scene out;
  ASSERT_TRUE(Deserialize(delta, base, out, pakt::packed));
  EXPECT_TRUE(same(out.cubes, value.cubes));
  // Nothing changed: one 0 bit per field.
  EXPECT_EQ(Serialize(base, base, pakt::packed), std::vector<std::uint8_t>{0x00});
}

TEST(Packed, DeltaOfManyChangedElementsUsesChangedBits) {
  const pk::Scene base = settled_scene();
  pk::Scene value = base;
  for (std::size_t i = 0; i < value.cubes.size(); i += 2) value.cubes[i].at_rest = !value.cubes[i].at_rest;
  const std::vector<std::uint8_t> delta = Serialize(value, base, pakt::packed);
  EXPECT_FALSE(sparse_mode(delta));
  pk::Scene out = base;
  ASSERT_TRUE(Deserialize(delta, out, out, pakt::packed));
  EXPECT_TRUE(same(out.cubes, value.cubes));
}

TEST(Packed, DeltaAppendsAndRemovesElements) {
  const pk::Scene base = settled_scene();
  pk::Scene fewer = base;
  fewer.cubes.resize(10);
  pk::Scene out;
  ASSERT_TRUE(Deserialize(Serialize(fewer, base, pakt::packed), base, out, pakt::packed));
  EXPECT_TRUE(same(out.cubes, fewer.cubes));
  ASSERT_TRUE(Deserialize(Serialize(base, fewer, pakt::packed), fewer, out, pakt::packed));
  EXPECT_TRUE(same(out.cubes, base.cubes));
}

}  // namespace
