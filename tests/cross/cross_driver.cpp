// Prints what the generated code of the repository's schemas does with seeded values, one line per
// fact: every message of the generated tests (pakt_test::AllMessages, the packed schemas' messages)
// in every format it has (compact, mslima, Godot 4 and 3, packed and packed deltas, JSON): the
// encoding of each value, whether its decoding encodes to the same bytes, and the verdict (error
// code, offset, field path, text) of decoding every truncation and seeded mutations of it.
//
// scripts/cross.sh builds it natively and for another CPU (s390x: big-endian; aarch64; 32-bit armhf;
// Windows through MinGW-w64), runs each (under qemu-user or wine) and diffs the outputs: every byte
// and every verdict must be the same on every CPU, byte order and word size. The values come from
// mt19937_64 and integer arithmetic only, so they are the same everywhere.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "packed_random.hpp"
#include "pakt_internal/hex.hpp"
#include "test_values.hpp"

namespace {

using pakt_test::Rng;

constexpr int kValuesPerMessage = 6;
constexpr int kMutationsPerEncoding = 12;

std::string verdict(const pakt::Status& s) { return s.ok() ? "ok" : s.to_string(); }

template <class M, class = void>
struct has_packed_randomizer : std::false_type {};
template <class M>
struct has_packed_randomizer<M, std::void_t<decltype(pakt_test::randomize_packed(std::declval<M&>(),
                                                                                   std::declval<Rng&>()))>>
    : std::true_type {};

template <class M, class F, class = void>
struct has_format : std::false_type {};
template <class M, class F>
struct has_format<M, F,
                  std::void_t<decltype(Serialize(std::declval<const M&>(),
                                                 std::declval<std::vector<std::uint8_t>&>(), std::declval<F>()))>>
    : std::true_type {};

template <class M, class = void>
struct has_packed_delta : std::false_type {};
template <class M>
struct has_packed_delta<M, std::void_t<decltype(Serialize(std::declval<const M&>(), std::declval<const M&>(),
                                                          std::declval<std::vector<std::uint8_t>&>(),
                                                          pakt::packed_t{}))>> : std::true_type {};

template <class M>
M value_of(Rng& rng) {
  M m{};
  if constexpr (has_packed_randomizer<M>::value) {
    pakt_test::randomize_packed(m, rng);
  } else {
    pakt_test::randomize(m, rng);
  }
  return m;
}

// A seeded change to the bytes: one byte set, flipped or saturated, cut, or one byte added.
void mutate(std::vector<std::uint8_t>& bytes, Rng& rng) {
  if (bytes.empty()) {
    bytes.push_back(static_cast<std::uint8_t>(rng()));
    return;
  }
  const std::size_t where = rng() % bytes.size();
  switch (rng() % 5) {
    case 0: bytes[where] = static_cast<std::uint8_t>(rng()); break;
    case 1: bytes[where] ^= static_cast<std::uint8_t>(1u << (rng() % 8)); break;
    case 2: bytes[where] = 0xff; break;
    case 3: bytes.resize(where); break;
    default: bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(where), static_cast<std::uint8_t>(rng())); break;
  }
}

// What decoding `bytes` gives: the verdict, and on success the decoded value encoded again.
template <class M, class Decode, class Encode>
std::string outcome(const std::vector<std::uint8_t>& bytes, Decode decode, Encode encode) {
  M decoded{};
  const pakt::Status read = decode(bytes, decoded);
  if (!read.ok()) return verdict(read);
  std::vector<std::uint8_t> again;
  const pakt::Status written = encode(decoded, again);
  return "ok, encodes to " + (written.ok() ? pakt::internal::to_hex(again) : verdict(written));
}

template <class M, class Decode, class Encode>
void report(const std::string& name, const M& value, Rng& rng, Decode decode, Encode encode) {
  std::vector<std::uint8_t> bytes;
  const pakt::Status written = encode(value, bytes);
  std::printf("%s: encode %s %s\n", name.c_str(), verdict(written).c_str(), pakt::internal::to_hex(bytes).c_str());
  if (!written.ok()) return;
  std::printf("%s: decode %s\n", name.c_str(), outcome<M>(bytes, decode, encode).c_str());
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    const std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    std::printf("%s: cut %zu %s\n", name.c_str(), n, outcome<M>(cut, decode, encode).c_str());
  }
  for (int k = 0; k < kMutationsPerEncoding; ++k) {
    std::vector<std::uint8_t> changed = bytes;
    mutate(changed, rng);
    std::printf("%s: mutation %d %s %s\n", name.c_str(), k, pakt::internal::to_hex(changed).c_str(),
                outcome<M>(changed, decode, encode).c_str());
  }
}

template <class M, class F>
void report_format(const std::string& name, const M& value, Rng& rng, F format) {
  if constexpr (has_format<M, F>::value) {
    report(
        name, value, rng,
        [&](const std::vector<std::uint8_t>& b, M& out) {
          return Deserialize(pakt::ByteView(b.data(), b.size()), out, format);
        },
        [&](const M& m, std::vector<std::uint8_t>& out) { return Serialize(m, out, format); });
  }
}

template <class M>
void report_message(std::size_t index) {
  const std::string type = std::string(pakt::MessageTraits<M>::kName) + "#" + std::to_string(index);
  Rng rng(1000 + index);
  M previous{};
  for (int i = 0; i < kValuesPerMessage; ++i) {
    const M value = value_of<M>(rng);
    const std::string name = type + " value " + std::to_string(i);
    report_format(name + " compact", value, rng, pakt::compact);
    report_format(name + " mslima", value, rng, pakt::mslima);
    report_format(name + " godot4", value, rng, pakt::godot4);
    report_format(name + " godot3", value, rng, pakt::godot3);
    report_format(name + " packed", value, rng, pakt::packed_t{});
    if constexpr (has_packed_delta<M>::value) {
      report(
          name + " packed delta", value, rng,
          [&](const std::vector<std::uint8_t>& b, M& out) {
            return Deserialize(pakt::ByteView(b.data(), b.size()), previous, out, pakt::packed_t{});
          },
          [&](const M& m, std::vector<std::uint8_t>& out) { return Serialize(m, previous, out, pakt::packed_t{}); });
    }
    std::printf("%s json: %s\n", name.c_str(), ToJson(value).c_str());
    previous = value;
  }
}

template <class... M>
void report_messages(::testing::Types<M...>) {
  std::size_t index = 0;
  (report_message<M>(index++), ...);
}

}  // namespace

int main() {
  report_messages(pakt_test::AllMessages{});
  report_messages(::testing::Types<pakt_test::pk::Numbers, pakt_test::pk::Floats, pakt_test::pk::Collections,
                                   pakt_test::pk::Cube, pakt_test::pk::Camera, pakt_test::pk::Scene,
                                   pakt_test::pe::Tiny, pakt_test::pe::Edges>{});
  return 0;
}
