// The packed format's runtime (pakt/bit_stream.hpp, pakt/packed.hpp) against docs/packed.md.
// Expected bytes are derived by hand from the document (the derivation is next to each).
#include "pakt/packed.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace {

using pakt::BitReader;
using pakt::BitWriter;
using pakt::ErrorCode;
namespace packing = pakt::packing;

const packing::Length kNoLimit = packing::MakeLength(pakt::LengthRule{"count", "max_count", 0});

template <class Write>
std::vector<std::uint8_t> bits_of(Write write) {
  std::vector<std::uint8_t> out;
  BitWriter w(out);
  EXPECT_TRUE(write(w)) << w.status().to_string();
  w.finish();
  return out;
}

TEST(BitStream, LeastSignificantBitFirst) {
  // true (bit 0 = 1), then 20 = 0b0010100 in 7 bits (bits 1..7): 1 | 20 << 1 = 41.
  const auto bytes = bits_of([](BitWriter& w) {
    return packing::Write(w, true, packing::Bool{}) &&
           packing::Write(w, std::uint16_t{70}, packing::Ranged{50, 100, 7});
  });
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0x29}));
}

TEST(BitStream, RandomWidthsRoundTrip) {
  std::mt19937_64 rng(15);
  std::vector<std::pair<std::uint64_t, int>> values;
  std::vector<std::uint8_t> out;
  BitWriter w(out);
  std::size_t total = 0;
  for (int i = 0; i < 2000; ++i) {
    const int n = static_cast<int>(rng() % 65);
    const std::uint64_t v = rng() & pakt::LowBits(n);
    values.emplace_back(v, n);
    w.write(v, n);
    total += static_cast<std::size_t>(n);
    EXPECT_EQ(w.bit_count(), total);
  }
  w.finish();
  EXPECT_EQ(out.size(), (total + 7) / 8);
  BitReader r(out);
  for (const auto& [v, n] : values) {
    std::uint64_t got = 0;
    ASSERT_TRUE(r.read(got, n));
    ASSERT_EQ(got, v) << n << " bits";
  }
  EXPECT_TRUE(r.finish());
}

TEST(BitStream, PaddingMustBeZeroAndNoBytesMayTrail) {
  {
    const std::vector<std::uint8_t> bytes{0x03};  // one bit read, bit 1 of the padding set
    BitReader r(bytes);
    bool b = false;
    ASSERT_TRUE(r.read_bool(b));
    EXPECT_FALSE(r.finish());
    EXPECT_EQ(r.status().code(), ErrorCode::kInvalidValue);
    EXPECT_EQ(r.status().reason(), "padding bits after the message are not 0 (bit 1)");
  }
  {
    const std::vector<std::uint8_t> bytes{0x01, 0x00};
    BitReader r(bytes);
    bool b = false;
    ASSERT_TRUE(r.read_bool(b));
    EXPECT_FALSE(r.finish());
    EXPECT_EQ(r.status().code(), ErrorCode::kTrailingData);
  }
}

TEST(BitStream, TruncationNamesTheBits) {
  const std::vector<std::uint8_t> bytes{0xFF};
  BitReader r(bytes);
  std::uint64_t v = 0;
  ASSERT_TRUE(r.read(v, 5));
  EXPECT_FALSE(r.read(v, 7, "health"));
  EXPECT_EQ(r.status().code(), ErrorCode::kTruncated);
  EXPECT_EQ(r.status().offset(), 0u);
  EXPECT_EQ(r.status().reason(), "truncated health: needs 7 bits, 3 remain (bit 5)");
}

TEST(Varint, Leb128InEightBitGroups) {
  // 300 = 0b10'0101100: low group 0101100 | continuation = 0xAC, then 0b10 = 0x02.
  EXPECT_EQ(bits_of([](BitWriter& w) { return packing::Write(w, std::uint32_t{300}, packing::Varint{}); }),
            (std::vector<std::uint8_t>{0xAC, 0x02}));
  // zig-zag: -3 -> 5, 3 -> 6.
  EXPECT_EQ(bits_of([](BitWriter& w) {
              return packing::Write(w, std::int32_t{-3}, packing::Varint{}) &&
                     packing::Write(w, std::int64_t{3}, packing::Varint{});
            }),
            (std::vector<std::uint8_t>{0x05, 0x06}));
}

TEST(Varint, RejectsOverlongTooLongAndTooLarge) {
  const auto read_u64 = [](std::vector<std::uint8_t> bytes) {
    BitReader r(bytes);
    std::uint64_t v = 0;
    const bool ok = packing::Read(r, v, packing::Varint{});
    return ok ? std::string("ok") : r.status().reason();
  };
  EXPECT_EQ(read_u64({0x80, 0x00}), "overlong varint (bit 0)");
  EXPECT_EQ(read_u64({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}), "ok");
  EXPECT_EQ(read_u64({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02}), "varint above 64 bits (bit 0)");
  EXPECT_EQ(read_u64({0xFF, 0xFF}), "truncated varint: needs 8 bits, 0 remain (bit 16)");

  const std::vector<std::uint8_t> seventy_thousand{0xF0, 0xA2, 0x04};  // 70000 = 0x11170
  BitReader r(seventy_thousand);
  std::uint16_t v = 0;
  EXPECT_FALSE(packing::Read(r, v, packing::Varint{}));
  EXPECT_EQ(r.status().reason(), "value 70000 does not fit uint16 (bit 0)");
}

TEST(Ranged, RejectsValuesOutsideOnBothSides) {
  std::vector<std::uint8_t> out;
  BitWriter w(out);
  EXPECT_FALSE(packing::Write(w, std::int32_t{101}, packing::Ranged{0, 100, 7}));
  EXPECT_EQ(w.status().code(), ErrorCode::kLimitExceeded);
  EXPECT_EQ(w.status().reason(), "value 101 is outside the range [0, 100]");
  BitWriter w2(out);
  EXPECT_FALSE(packing::Write(w2, std::int8_t{-6}, packing::Ranged{-5, 10, 4}));

  const std::vector<std::uint8_t> above{0x7F};  // 127 > span 100
  BitReader r(above);
  std::int32_t v = 0;
  EXPECT_FALSE(packing::Read(r, v, packing::Ranged{0, 100, 7}));
  EXPECT_EQ(r.status().reason(), "ranged value 127 is above its span 100 (bit 0)");
}

TEST(Ranged, NegativeRangesAndZeroBits) {
  // [-5, 10]: -5 -> 0, 10 -> 15 in 4 bits; a span of 0 takes no bits.
  const auto bytes = bits_of([](BitWriter& w) {
    return packing::Write(w, std::int8_t{-5}, packing::Ranged{-5, 15, 4}) &&
           packing::Write(w, std::int64_t{7}, packing::Ranged{7, 0, 0}) &&
           packing::Write(w, std::int8_t{10}, packing::Ranged{-5, 15, 4});
  });
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0xF0}));
  BitReader r(bytes);
  std::int8_t a = 0, c = 0;
  std::int64_t b = 0;
  ASSERT_TRUE(packing::Read(r, a, packing::Ranged{-5, 15, 4}) && packing::Read(r, b, packing::Ranged{7, 0, 0}) &&
              packing::Read(r, c, packing::Ranged{-5, 15, 4}) && r.finish());
  EXPECT_EQ(a, -5);
  EXPECT_EQ(b, 7);
  EXPECT_EQ(c, 10);
}

TEST(Quantized, HandDerivedStep) {
  // [-10, 10] in 20000 steps: 1.5 -> round(11.5 * 20000 / 20) = 11500 = 0x2CEC in 15 bits.
  const packing::Quantized code{-10, 10, 20000, 15};
  EXPECT_EQ(bits_of([&](BitWriter& w) { return packing::Write(w, 1.5f, code); }),
            (std::vector<std::uint8_t>{0xEC, 0x2C}));
  const std::vector<std::uint8_t> above{0xFF, 0x7F};  // 32767 > 20000 steps
  BitReader r(above);
  float v = 0;
  EXPECT_FALSE(packing::Read(r, v, code));
  EXPECT_EQ(r.status().reason(), "quantized step 32767 is above the range's 20000 (bit 0)");
  std::vector<std::uint8_t> out;
  BitWriter w(out);
  EXPECT_FALSE(packing::Write(w, std::nanf(""), code));
  BitWriter w2(out);
  EXPECT_FALSE(packing::Write(w2, 10.001, code));
  EXPECT_EQ(w2.status().reason(), "value 10.001 is outside the range [-10, 10]");
}

// The promise: the decoded value is within step/2 of the input (plus, for float32, the
// rounding of the result to float), and min and max decode exactly.
TEST(Quantized, ErrorWithinHalfAStepOnEveryValue) {
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int range_case = 0; range_case < 200; ++range_case) {
    const double min = std::ldexp(unit(rng) - 0.5, static_cast<int>(rng() % 12));
    const double max = min + std::ldexp(unit(rng) + 0.01, static_cast<int>(rng() % 12));
    const int bits = 1 + static_cast<int>(rng() % 24);
    const std::uint64_t steps = pakt::LowBits(bits);
    const packing::Quantized code{min, max, steps, bits};
    const double step = (max - min) / static_cast<double>(steps);
    for (double edge : {min, max}) {
      std::vector<std::uint8_t> out;
      BitWriter w(out);
      ASSERT_TRUE(packing::Write(w, edge, code));
      w.finish();
      BitReader r(out);
      double back = 0;
      ASSERT_TRUE(packing::Read(r, back, code));
      EXPECT_EQ(back, edge);
    }
    for (int i = 0; i < 200; ++i) {
      const double v = min + (max - min) * unit(rng);
      std::vector<std::uint8_t> out;
      BitWriter w(out);
      ASSERT_TRUE(packing::Write(w, v, code));
      w.finish();
      ASSERT_EQ(out.size(), static_cast<std::size_t>((bits + 7) / 8));
      BitReader r(out);
      double back = 0;
      ASSERT_TRUE(packing::Read(r, back, code) && r.finish());
      ASSERT_LE(std::fabs(back - v), step / 2 * (1 + 1e-9)) << min << " " << max << " " << bits << " " << v;
      const float f = static_cast<float>(v);
      if (!(f >= min && f <= max)) continue;  // rounding to float left the range
      std::vector<std::uint8_t> out32;
      BitWriter w32(out32);
      ASSERT_TRUE(packing::Write(w32, f, code));
      w32.finish();
      BitReader r32(out32);
      float back32 = 0;
      ASSERT_TRUE(packing::Read(r32, back32, code));
      const double ulp = std::nextafter(std::fabs(back32), std::numeric_limits<float>::infinity()) - std::fabs(back32);
      ASSERT_LE(std::fabs(static_cast<double>(back32) - static_cast<double>(f)), step / 2 * (1 + 1e-9) + ulp);
    }
  }
}

// The quantizer multiplies by a precomputed steps / (max - min) and the float decoder by
// (max - min) / steps; both must give exactly what docs/packed.md's division gives, on values at a
// hair from every kind of boundary (a half step, a float32 rounding midpoint) too.
std::uint64_t RuleStep(double v, const packing::Quantized& c) {  // docs/packed.md, literally
  const double x = ((v - c.min) * static_cast<double>(c.steps)) / (c.max - c.min);
  std::uint64_t n = static_cast<std::uint64_t>(x);
  if (x - static_cast<double>(n) >= 0.5) ++n;
  return n > c.steps ? c.steps : n;
}
double RuleValue(std::uint64_t q, const packing::Quantized& c) {
  if (q == c.steps) return c.max;
  return c.min + ((c.max - c.min) * static_cast<double>(q)) / static_cast<double>(c.steps);
}

TEST(Quantized, MultiplyGivesTheRulesStepsAndValues) {
  std::mt19937_64 rng(32);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<packing::Quantized> codes = {
      {-256, 256, 256000, 18}, {-512, 512, 51200, 16}, {-32, 32, 1280, 11}, {0, 360, 3600, 12},
      {-90, 90, 1800, 11},     {-3.2, 3.2, 20000, 15}, {0, 1e-05, 4294967295ULL, 32}};
  for (int i = 0; i < 200; ++i) {
    const double min = std::ldexp(unit(rng) - 0.5, static_cast<int>(rng() % 20));
    const double max = min + std::ldexp(unit(rng) + 0.01, static_cast<int>(rng() % 20) - 4);
    const int bits = 1 + static_cast<int>(rng() % 32);
    codes.push_back({min, max, pakt::LowBits(bits), bits});
  }
  std::size_t halves = 0;
  for (const packing::Quantized& c : codes) {
    for (int i = 0; i < 2000; ++i) {
      // a value at a half step, or a few ulps off it, or anywhere
      const double k = std::floor(unit(rng) * static_cast<double>(c.steps));
      double v = i % 4 == 3 ? c.min + (c.max - c.min) * unit(rng)
                            : c.min + (k + 0.5) * (c.max - c.min) / static_cast<double>(c.steps);
      for (int ulps = static_cast<int>(rng() % 5) - 2; ulps != 0; ulps += ulps < 0 ? 1 : -1) {
        v = std::nextafter(v, ulps < 0 ? -INFINITY : INFINITY);
      }
      if (!(v >= c.min && v <= c.max)) continue;
      std::uint64_t q = 0;
      ASSERT_TRUE(packing::detail::quantize(v, c, q));
      ASSERT_EQ(q, RuleStep(v, c)) << c.min << " " << c.max << " " << c.steps << " " << v;
      halves += i % 4 != 3;
    }
    const std::uint64_t count = c.steps < 300000 ? c.steps + 1 : 300000;  // every step of the small codes
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t q = count == c.steps + 1 ? i : rng() % (c.steps + 1);
      ASSERT_EQ(packing::detail::dequantize_as<float>(q, c), static_cast<float>(RuleValue(q, c)))
          << c.min << " " << c.max << " " << c.steps << " " << q;
      ASSERT_EQ(packing::detail::dequantize_as<double>(q, c), RuleValue(q, c));
    }
  }
  EXPECT_GT(halves, 300000u);
}

TEST(SmallestThree, HandDerivedAndWithinItsStep) {
  // (0.5, 0.5, 0.5, 0.5): the first largest is x (index 0); y, z, w = 0.5 over [-1/sqrt2, 1/sqrt2]
  // in 3 steps (2 bits): round((0.5 + 0.7071) * 3 / 1.4142) = round(2.56) = 3 -> 0b11 each.
  // Bits: 00 11 11 11 -> 0xFC.
  EXPECT_EQ(bits_of([](BitWriter& w) {
              return packing::Write(w, pakt::Quaternion{0.5f, 0.5f, 0.5f, 0.5f}, packing::SmallestThree{2});
            }),
            (std::vector<std::uint8_t>{0xFC}));
  // A negative largest component flips the sign of all four (the same rotation): index 2 (z).
  std::vector<std::uint8_t> flipped;
  {
    BitWriter w(flipped);
    ASSERT_TRUE(packing::Write(w, pakt::Quaternion{0.1f, -0.2f, -0.9f, 0.3f}, packing::SmallestThree{12}));
    w.finish();
  }
  EXPECT_EQ(flipped[0] & 3, 2);

  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  for (int bits : {6, 9, 12, 16}) {
    const double step = 2 * packing::detail::kSmallestThreeBound / static_cast<double>(pakt::LowBits(bits));
    for (int i = 0; i < 2000; ++i) {
      double c[4];
      double norm = 0;
      for (double& x : c) {
        x = normal(rng);
        norm += x * x;
      }
      norm = std::sqrt(norm);
      const pakt::Quaternion q{static_cast<float>(c[0] / norm), static_cast<float>(c[1] / norm),
                               static_cast<float>(c[2] / norm), static_cast<float>(c[3] / norm)};
      std::vector<std::uint8_t> out;
      BitWriter w(out);
      ASSERT_TRUE(packing::Write(w, q, packing::SmallestThree{bits}));
      ASSERT_EQ(w.bit_count(), static_cast<std::size_t>(2 + 3 * bits));
      w.finish();
      BitReader r(out);
      pakt::Quaternion back;
      ASSERT_TRUE(packing::Read(r, back, packing::SmallestThree{bits}) && r.finish());
      // The same rotation: q or -q. The three smallest are within step/2 (+ float rounding); the
      // largest, rebuilt from them, within what their errors allow.
      const double dot = q.x * back.x + q.y * back.y + q.z * back.z + q.w * back.w;
      const double sign = dot < 0 ? -1 : 1;
      const float qa[4] = {q.x, q.y, q.z, q.w};
      const float ba[4] = {back.x, back.y, back.z, back.w};
      for (int k = 0; k < 4; ++k) {
        ASSERT_LE(std::fabs(sign * ba[k] - qa[k]), 4 * step + 1e-6) << bits << " bits, component " << k;
      }
      ASSERT_NEAR(std::fabs(dot), 1.0, 8 * step) << bits;
      ASSERT_TRUE(packing::Same(q, q, packing::SmallestThree{bits}));
    }
  }
  std::vector<std::uint8_t> out;
  BitWriter w(out);
  EXPECT_FALSE(packing::Write(w, pakt::Quaternion{std::nanf(""), 0, 0, 1}, packing::SmallestThree{9}));
}

TEST(Text, LengthThenUnalignedBytesThenUtf8Check) {
  // true (1 bit), varint 3 (bits 1..8), 'h' 0x68, 0xC3 0xA9 ("é"): 07 D0 86 53 01.
  const packing::Text text{packing::MakeLength(pakt::LengthRule{"string length", "max_length", 0})};
  const auto bytes = bits_of([&](BitWriter& w) {
    return packing::Write(w, true, packing::Bool{}) && packing::Write(w, std::string("h\xC3\xA9"), text);
  });
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0x07, 0xD0, 0x86, 0x53, 0x01}));
  BitReader r(bytes);
  bool b = false;
  std::string s;
  ASSERT_TRUE(packing::Read(r, b, packing::Bool{}) && packing::Read(r, s, text) && r.finish());
  EXPECT_EQ(s, "h\xC3\xA9");

  const std::vector<std::uint8_t> bad{0x02, 0xC3, 0x28};  // aligned: length 2, then an invalid pair
  BitReader rb(bad);
  EXPECT_FALSE(packing::Read(rb, s, text));
  EXPECT_EQ(rb.status().reason(), "string is not valid UTF-8 (byte 0) (bit 8)");

  const std::vector<std::uint8_t> long_length{0xFF, 0xFF, 0xFF, 0xFF, 0x07, 'a'};  // 2^31 - 1 bytes announced
  BitReader rl(long_length);
  EXPECT_FALSE(packing::Read(rl, s, text));
  EXPECT_EQ(rl.status().code(), ErrorCode::kLengthOverflow);
  EXPECT_EQ(rl.status().reason(), "string length 2147483647 needs at least 8 bits each, 8 remain (bit 0)");
}

TEST(Lists, CountsByTheirLimitAndBoundedByTheBitsThatRemain) {
  // max_count 8 -> 4 bits; 3 elements of 7 bits each.
  const packing::List<packing::Ranged> list{packing::MakeLength(pakt::LengthRule{"count", "max_count", 8}),
                                            packing::Ranged{0, 100, 7}, 7};
  const std::vector<std::uint8_t> bytes = bits_of([&](BitWriter& w) {
    return packing::Write(w, std::vector<std::int32_t>{1, 2, 3}, list);
  });
  EXPECT_EQ(bytes.size(), 4u);  // 4 + 21 bits
  std::vector<std::int32_t> back;
  BitReader r(bytes);
  ASSERT_TRUE(packing::Read(r, back, list) && r.finish());
  EXPECT_EQ(back, (std::vector<std::int32_t>{1, 2, 3}));

  const std::vector<std::uint8_t> nine{0x09};  // count 9 > max_count 8
  BitReader r9(nine);
  EXPECT_FALSE(packing::Read(r9, back, list));
  EXPECT_EQ(r9.status().reason(), "count 9 exceeds max_count 8 (bit 0)");

  const std::vector<std::uint8_t> seven{0x07, 0x00};  // 7 elements of 7 bits need 49 bits, 12 remain
  BitReader r7(seven);
  EXPECT_FALSE(packing::Read(r7, back, list));
  EXPECT_EQ(r7.status().code(), ErrorCode::kLengthOverflow);

  std::vector<std::uint8_t> out;
  BitWriter w(out);
  EXPECT_FALSE(packing::Write(w, std::vector<std::int32_t>(9, 1), list));
  EXPECT_EQ(w.status().reason(), "count 9 exceeds max_count 8");
}

TEST(Golomb, OrderZeroCodes) {
  // 1 -> "1"; 2 -> "010"; 3 -> "011"; 4 -> "00100" (most significant bit first).
  EXPECT_EQ(bits_of([](BitWriter& w) {
              packing::WriteGolomb(w, 1);
              packing::WriteGolomb(w, 2);
              packing::WriteGolomb(w, 3);
              packing::WriteGolomb(w, 4);
              return true;
            }),
            // stream: 1 010 011 00100 -> bits 1,0,1,0,0,1,1,0 | 0,1,0,0 -> 0x65, 0x02
            (std::vector<std::uint8_t>{0x65, 0x02}));
  std::vector<std::uint8_t> out;
  BitWriter w(out);
  for (std::uint64_t x = 1; x < 5000; x += 7) packing::WriteGolomb(w, x);
  w.finish();
  BitReader r(out);
  for (std::uint64_t x = 1; x < 5000; x += 7) {
    std::uint64_t got = 0;
    ASSERT_TRUE(packing::ReadGolomb(r, got));
    ASSERT_EQ(got, x);
  }
}

// The list delta over plain numbers (the generated code passes message callbacks).
struct DeltaResult {
  std::vector<std::uint8_t> bytes;
  std::vector<int> decoded;
};
DeltaResult delta_round_trip(const std::vector<int>& base, const std::vector<int>& now) {
  const packing::Ranged element{0, 255, 8};
  DeltaResult out;
  BitWriter w(out.bytes);
  EXPECT_TRUE(packing::WriteElementsDelta(
      w, now.size(), base.size(), &kNoLimit, [&](std::size_t i) { return now[i] != base[i]; },
      [&](std::size_t i) { return packing::Write(w, now[i], element); },
      [&](std::size_t i) { return packing::Write(w, now[i], element); }));
  w.finish();
  out.decoded = base;
  BitReader r(out.bytes);
  EXPECT_TRUE(packing::ReadElementsDelta(
                  r, base.size(), &kNoLimit, 8, [&](std::size_t n) { out.decoded.resize(n); },
                  [&](std::size_t i) { return packing::Read(r, out.decoded[i], element); },
                  [&](std::size_t i) { return packing::Read(r, out.decoded[i], element); }) &&
              r.finish())
      << r.status().to_string();
  return out;
}

TEST(ElementsDelta, SparseWhenFewChangedBitsWhenMany) {
  std::vector<int> base(100);
  for (int i = 0; i < 100; ++i) base[static_cast<std::size_t>(i)] = i;
  std::vector<int> few = base;
  few[5] = 200;
  few[70] = 201;
  const DeltaResult sparse = delta_round_trip(base, few);
  EXPECT_EQ(sparse.decoded, few);
  // count 8 + mode 1 + c 8 + gap 6 ("00110", 5 bits) + 8 + gap 65 (13 bits) + 8 = 51 bits.
  EXPECT_EQ(sparse.bytes.size(), 7u);
  EXPECT_EQ(sparse.bytes[1] & 1, 1) << "the mode bit (bit 8) says sparse";

  std::vector<int> many = base;
  for (std::size_t i = 0; i < many.size(); i += 2) many[i] = 255 - many[i];
  const DeltaResult dense = delta_round_trip(base, many);
  EXPECT_EQ(dense.decoded, many);
  EXPECT_EQ(dense.bytes.size(), (8 + 1 + 100 + 50 * 8 + 7) / 8u);
  EXPECT_EQ(dense.bytes[1] & 1, 0);

  std::vector<int> grown = base;
  grown.push_back(9);
  grown.push_back(10);
  EXPECT_EQ(delta_round_trip(base, grown).decoded, grown);
  const std::vector<int> shrunk(base.begin(), base.begin() + 10);
  EXPECT_EQ(delta_round_trip(base, shrunk).decoded, shrunk);
}

TEST(ElementsDelta, RejectsIndexesPastTheSharedElements) {
  // count 3 (varint 0x03), sparse (1), c = 1 (0x01), gap 4 ("00100") but only 3 elements are shared.
  std::vector<std::uint8_t> bytes;
  {
    BitWriter w(bytes);
    packing::WriteVarint(w, 3);
    w.write_bool(true);
    packing::WriteVarint(w, 1);
    packing::WriteGolomb(w, 4);
    w.finish();
  }
  std::vector<int> v{1, 2, 3};
  BitReader r(bytes);
  EXPECT_FALSE(packing::ReadElementsDelta(
      r, v.size(), &kNoLimit, 8, [&](std::size_t n) { v.resize(n); }, [](std::size_t) { return true; },
      [](std::size_t) { return true; }));
  EXPECT_EQ(r.status().reason(), "changed element index 3 is past the 3 elements the baseline shares (bit 17)");
}

}  // namespace
