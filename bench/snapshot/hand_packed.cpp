#include "snapshot/hand_packed.hpp"

#include <cmath>
#include <cstring>

namespace pakt_bench::snapshot {
namespace {

using pakt::bench::snapshot::Cube;
using pakt::bench::snapshot::CubeScene;

// The codes of bench/snapshot.yaml (docs/packed.md "A worked example").
constexpr std::size_t kMaxCubes = 1024;
constexpr int kCountBits = 11;
constexpr double kPositionMin = -256;
constexpr double kPositionMax = 256;
constexpr std::uint64_t kPositionSteps = 256000;  // 512 / 0.002
constexpr int kPositionBits = 18;
constexpr int kRotationBits = 9;
constexpr std::uint64_t kRotationSteps = 511;
constexpr double kRotationBound = 0.70710678118654752440;  // 1/sqrt(2)
constexpr int kCubeBits = 3 * kPositionBits + 2 + 3 * kRotationBits + 1;  // 84

// ------------------------------------------------------------------------------------ quantizing
// docs/packed.md: q = round((v - min) * steps / (max - min)), halves away from zero. The product by
// steps / (max - min) is within a few roundings of that quotient; only near a half can they round
// apart, and there the division decides.
std::uint64_t Quantize(double v, double min, double max, std::uint64_t steps) {
  const double scale = static_cast<double>(steps) / (max - min);  // a constant once inlined
  double x = (v - min) * scale;
  std::uint64_t n = static_cast<std::uint64_t>(x);
  double fraction = x - static_cast<double>(n);
  if (std::fabs(fraction - 0.5) <= x * 0x1p-48) {
    x = ((v - min) * static_cast<double>(steps)) / (max - min);
    n = static_cast<std::uint64_t>(x);
    fraction = x - static_cast<double>(n);
  }
  if (fraction >= 0.5) ++n;
  return n > steps ? steps : n;
}

// A float32 position component: in range (NaN is not), the float nearest an end counting as it.
bool QuantizePosition(float v, std::uint64_t& q) {
  double x = v;
  if (x < kPositionMin && v >= static_cast<float>(kPositionMin)) x = kPositionMin;
  if (x > kPositionMax && v <= static_cast<float>(kPositionMax)) x = kPositionMax;
  if (!(x >= kPositionMin && x <= kPositionMax)) return false;
  q = Quantize(x, kPositionMin, kPositionMax, kPositionSteps);
  return true;
}

float PositionOf(std::uint64_t q) {
  if (q == kPositionSteps) return static_cast<float>(kPositionMax);
  return static_cast<float>(kPositionMin +
                             ((kPositionMax - kPositionMin) * static_cast<double>(q)) / static_cast<double>(kPositionSteps));
}

// The 512 decoded smallest-three components.
struct RotationTable {
  double values[kRotationSteps + 1];
  RotationTable() {
    for (std::uint64_t q = 0; q < kRotationSteps; ++q) {
      values[q] = -kRotationBound + ((2 * kRotationBound) * static_cast<double>(q)) / static_cast<double>(kRotationSteps);
    }
    values[kRotationSteps] = kRotationBound;
  }
};
const RotationTable kRotations;

// ------------------------------------------------------------------------------------ bits
class Writer {
 public:
  explicit Writer(std::uint8_t* p) : start_(p), p_(p) {}
  // n < 64: the caller's buffer holds the largest message, so no bounds here.
  void Put(std::uint64_t v, int n) {
    acc_ |= v << used_;
    used_ += n;
    if (used_ >= 64) {
      std::memcpy(p_, &acc_, 8);  // little-endian (x86-64, ARM64)
      p_ += 8;
      used_ -= 64;
      acc_ = used_ != 0 ? v >> (n - used_) : 0;
    }
  }
  std::size_t Finish() {
    std::memcpy(p_, &acc_, 8);
    return static_cast<std::size_t>(p_ - start_) + static_cast<std::size_t>((used_ + 7) / 8);
  }

 private:
  std::uint8_t* start_;
  std::uint8_t* p_;
  std::uint64_t acc_ = 0;
  int used_ = 0;
};

class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::size_t Remaining() const { return size_ * 8 - bit_; }
  // n <= 57 bits the caller checked remain.
  std::uint64_t Get(int n) {
    const std::size_t byte = bit_ / 8;
    const int shift = static_cast<int>(bit_ % 8);
    std::uint64_t word = 0;
    std::memcpy(&word, data_ + byte, byte + 8 <= size_ ? 8 : size_ - byte);  // little-endian
    bit_ += static_cast<std::size_t>(n);
    return (word >> shift) & ((std::uint64_t{1} << n) - 1);
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t bit_ = 0;
};

bool WriteCube(Writer& w, const Cube& c) {
  std::uint64_t x, y, z;
  if (!QuantizePosition(c.position.x, x) || !QuantizePosition(c.position.y, y) ||
      !QuantizePosition(c.position.z, z)) {
    return false;
  }
  w.Put(x, kPositionBits);
  w.Put(y, kPositionBits);
  w.Put(z, kPositionBits);

  const float r[4] = {c.rotation.x, c.rotation.y, c.rotation.z, c.rotation.w};
  if (std::isnan(r[0]) || std::isnan(r[1]) || std::isnan(r[2]) || std::isnan(r[3])) return false;
  int largest = 0;
  for (int i = 1; i < 4; ++i) {
    if (std::fabs(r[i]) > std::fabs(r[largest])) largest = i;
  }
  const double sign = r[largest] < 0 ? -1.0 : 1.0;
  std::uint64_t rotation = static_cast<std::uint64_t>(largest);
  int shift = 2;
  for (int i = 0; i < 4; ++i) {
    if (i == largest) continue;
    const double v = std::fmin(std::fmax(sign * static_cast<double>(r[i]), -kRotationBound), kRotationBound);
    rotation |= Quantize(v, -kRotationBound, kRotationBound, kRotationSteps) << shift;
    shift += kRotationBits;
  }
  w.Put(rotation | (std::uint64_t{c.at_rest} << shift), shift + 1);
  return true;
}

bool ReadCube(Reader& r, Cube& c) {  // kCubeBits remain
  const std::uint64_t x = r.Get(kPositionBits);
  const std::uint64_t y = r.Get(kPositionBits);
  const std::uint64_t z = r.Get(kPositionBits);
  if (x > kPositionSteps || y > kPositionSteps || z > kPositionSteps) return false;
  c.position = {PositionOf(x), PositionOf(y), PositionOf(z)};

  const std::uint64_t rotation = r.Get(2 + 3 * kRotationBits + 1);
  const std::size_t largest = rotation & 3;
  double q[4];
  double sum = 0;
  for (std::size_t i = 0, shift = 2; i < 4; ++i) {
    if (i == largest) continue;
    q[i] = kRotations.values[(rotation >> shift) & kRotationSteps];
    sum += q[i] * q[i];
    shift += kRotationBits;
  }
  q[largest] = std::sqrt(sum < 1 ? 1 - sum : 0.0);
  c.rotation = {static_cast<float>(q[0]), static_cast<float>(q[1]), static_cast<float>(q[2]), static_cast<float>(q[3])};
  c.at_rest = (rotation >> (2 + 3 * kRotationBits)) != 0;
  return true;
}

}  // namespace

bool HandPackedSerialize(const CubeScene& scene, std::vector<std::uint8_t>& out) {
  const std::size_t count = scene.cubes.size();
  if (count > kMaxCubes) return false;
  // The tick's varint (5 bytes at most), then the count and the cubes; 8 bytes of slack for the
  // last word's store.
  out.resize(5 + (kCountBits + count * kCubeBits + 7) / 8 + 8);
  Writer w(out.data());
  std::uint32_t tick = scene.tick;
  while (tick >= 0x80) {
    w.Put((tick & 0x7F) | 0x80, 8);
    tick >>= 7;
  }
  w.Put(tick, 8);
  w.Put(count, kCountBits);
  for (const Cube& c : scene.cubes) {
    if (!WriteCube(w, c)) return false;
  }
  out.resize(w.Finish());
  return true;
}

bool HandPackedDeserialize(const std::uint8_t* data, std::size_t size, CubeScene& scene) {
  Reader r(data, size);
  std::uint64_t tick = 0;
  for (int i = 0;; ++i) {  // LEB128: at most 10 groups, no overlong form, then it must fit a uint32
    if (r.Remaining() < 8) return false;
    const std::uint64_t group = r.Get(8);
    if (i == 9 && group > 1) return false;
    tick |= (group & 0x7F) << (7 * i);
    if ((group & 0x80) == 0) {
      if (i > 0 && group == 0) return false;
      break;
    }
  }
  if (tick > UINT32_MAX) return false;
  scene.tick = static_cast<std::uint32_t>(tick);

  if (r.Remaining() < kCountBits) return false;
  const std::uint64_t count = r.Get(kCountBits);
  if (count > kMaxCubes || count * kCubeBits > r.Remaining()) return false;
  scene.cubes.resize(count);
  for (Cube& c : scene.cubes) {
    if (!ReadCube(r, c)) return false;
  }
  const std::size_t left = r.Remaining();  // padding: fewer than 8 bits, all 0
  return left < 8 && (left == 0 || r.Get(static_cast<int>(left)) == 0);
}

}  // namespace pakt_bench::snapshot
