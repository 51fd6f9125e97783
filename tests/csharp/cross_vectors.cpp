// The C++ side of the C# cross-language tests (tests/csharp/run_csharp_tests.py):
//   cross_vectors write FILE   seeded values of every test message (edge values included) and the
//                              examples, in compact and mslima: "<C# type>\t<format>\t<hex>\t<ToJson>"
//   cross_vectors write-packed FILE
//                              the packed format (docs/packed.md) of seeded values of every test
//                              message and of tests/schemas/packed.yaml's (in range, with edges,
//                              rounding ties and a few values outside a range), and Scene's deltas:
//                              "<C# type>\tpacked\t<packed hex or !error>\t<ToJson of the decoded
//                              value>\t<compact hex of the value>" and "<C# type>\tpacked-delta\t<delta
//                              hex or !error>\t<ToJson of the result>\t<compact hex of the value>\t
//                              <compact hex of the baseline>"
// C# -> C++ (C# bytes, their truncations and mutations decoded in C++ to the same value or error
// text) is the conformance run's (tests/conformance/README.md).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "packed.pakt.h"
#include "packed_edges.pakt.h"
#include "packed_random.hpp"
#include "pakt_internal/hex.hpp"
#include "test_values.hpp"

namespace {

constexpr int kValuesPerMessage = 250;

using pakt::internal::to_hex;

// The C# name of each message type (namespace: the package in PascalCase).
template <class M>
struct CsName;
#define PAKT_CS_NAME(T, N) \
  template <>              \
  struct CsName<T> {       \
    static constexpr const char* kName = N; \
  };
PAKT_CS_NAME(pakt::test::Empty, "Pakt.Test.Empty")
PAKT_CS_NAME(pakt::test::Inner, "Pakt.Test.Inner")
PAKT_CS_NAME(pakt::test::Scalars, "Pakt.Test.Scalars")
PAKT_CS_NAME(pakt::test::Geometry, "Pakt.Test.Geometry")
PAKT_CS_NAME(pakt::test::Texts, "Pakt.Test.Texts")
PAKT_CS_NAME(pakt::test::Lists, "Pakt.Test.Lists")
PAKT_CS_NAME(pakt::test::Fixed, "Pakt.Test.Fixed")
PAKT_CS_NAME(pakt::test::Optionals, "Pakt.Test.Optionals")
PAKT_CS_NAME(pakt::test::Nested, "Pakt.Test.Nested")
PAKT_CS_NAME(pakt::test::Versioned, "Pakt.Test.Versioned")
PAKT_CS_NAME(photon::seed::SeedStruct, "Photon.Seed.SeedStruct")
PAKT_CS_NAME(photon::seed::SeedShortNames, "Photon.Seed.SeedShortNames")
PAKT_CS_NAME(photon::seed::SeedGameStruct, "Photon.Seed.SeedGameStruct")
PAKT_CS_NAME(game::common::Weapon, "Game.Common.Weapon")
PAKT_CS_NAME(game::net::Player, "Game.Net.Player")
PAKT_CS_NAME(game::net::MoveUpdate, "Game.Net.MoveUpdate")
PAKT_CS_NAME(game::net::Chat, "Game.Net.Chat")
PAKT_CS_NAME(game::net::Snapshot, "Game.Net.Snapshot")
PAKT_CS_NAME(evolution::v2::Lobby, "Evolution.V2.Lobby")
PAKT_CS_NAME(pakt::test::framed::Leaf, "Pakt.Test.Framed.Leaf")
PAKT_CS_NAME(pakt::test::framed::Frame, "Pakt.Test.Framed.Frame")
PAKT_CS_NAME(pakt::test::framed::Framed, "Pakt.Test.Framed.Framed")
PAKT_CS_NAME(pakt::test::framed::Framing, "Pakt.Test.Framed.Framing")
PAKT_CS_NAME(pakt::test::packed::Numbers, "Pakt.Test.Packed.Numbers")
PAKT_CS_NAME(pakt::test::packed::Floats, "Pakt.Test.Packed.Floats")
PAKT_CS_NAME(pakt::test::packed::Collections, "Pakt.Test.Packed.Collections")
PAKT_CS_NAME(pakt::test::packed::Cube, "Pakt.Test.Packed.Cube")
PAKT_CS_NAME(pakt::test::packed::Camera, "Pakt.Test.Packed.Camera")
PAKT_CS_NAME(pakt::test::packed::Scene, "Pakt.Test.Packed.Scene")
PAKT_CS_NAME(pakt::test::packed_edges::Tiny, "Pakt.Test.PackedEdges.Tiny")
PAKT_CS_NAME(pakt::test::packed_edges::Edges, "Pakt.Test.PackedEdges.Edges")
#undef PAKT_CS_NAME

template <class M, class F>
void write_values(std::ostream& out, F f, std::uint64_t seed) {
  pakt_test::Rng rng(seed);
  std::vector<M> values;
  values.push_back(M{});  // the defaults
  for (int i = 0; i < kValuesPerMessage; ++i) values.push_back(pakt_test::random_value<M>(rng));
  for (const M& m : values) {
    out << CsName<M>::kName << '\t' << F::kName << '\t' << to_hex(Serialize(m, f)) << '\t' << ToJson(m) << '\n';
  }
}

template <class... M>
void write_all(std::ostream& out, ::testing::Types<M...>) {
  std::uint64_t seed = 20261203;
  ((write_values<M>(out, pakt::compact, seed++), write_values<M>(out, pakt::mslima, seed++)), ...);
}

// ---------------------------------------------------------------------------- packed
namespace pk = pakt::test::packed;
namespace pe = pakt::test::packed_edges;
using pakt_test::next_tick;
using pakt_test::randomize_packed;
using PackedMessages = ::testing::Types<pk::Numbers, pk::Floats, pk::Collections, pk::Cube, pk::Camera, pk::Scene,
                                        pe::Tiny, pe::Edges>;

constexpr int kPackedValuesPerMessage = 120;


template <class M>
void randomize_any(M& m, pakt_test::Rng& rng) {
  if constexpr (std::is_same_v<M, pk::Numbers> || std::is_same_v<M, pk::Floats> || std::is_same_v<M, pk::Collections> ||
                std::is_same_v<M, pk::Cube> || std::is_same_v<M, pk::Camera> || std::is_same_v<M, pk::Scene> ||
                std::is_same_v<M, pe::Tiny> || std::is_same_v<M, pe::Edges>) {
    randomize_packed(m, rng);
  } else {
    pakt_test::randomize(m, rng);
  }
}

template <class M>
std::string packed_or_error(const M& m, std::string& json) {
  std::vector<std::uint8_t> bytes;
  const pakt::Status s = Serialize(m, bytes, pakt::packed);
  if (!s) return "!" + s.message();
  M back{};
  const pakt::Status d = Deserialize(pakt::ByteView(bytes), back, pakt::packed);
  if (!d) {
    std::cerr << CsName<M>::kName << ": C++ cannot decode its own packed bytes: " << d.to_string() << "\n";
    std::exit(1);
  }
  json = ToJson(back);
  return to_hex(bytes);
}

template <class M>
void write_packed_values(std::ostream& out, std::uint64_t seed) {
  pakt_test::Rng rng(seed);
  for (int i = 0; i <= kPackedValuesPerMessage; ++i) {
    M m{};
    if (i > 0) randomize_any(m, rng);  // i == 0: the defaults
    std::string json;
    const std::string packed = packed_or_error(m, json);
    out << CsName<M>::kName << "\tpacked\t" << packed << '\t' << json << '\t' << to_hex(Serialize(m, pakt::compact)) << '\n';
  }
}

template <class D>
void write_deltas(std::ostream& out, std::uint64_t seed, int count) {
  pakt_test::Rng rng(seed);
  for (int i = 0; i < count; ++i) {
    D base{};
    if (i > 0) randomize_packed(base, rng);
    D m = i % 7 == 3 ? base : next_tick(base, rng);
    if (i % 11 == 5) {  // against a baseline the receiver decoded (its quantized values)
      std::vector<std::uint8_t> bytes;
      if (Serialize(base, bytes, pakt::packed)) {
        D decoded{};
        if (Deserialize(pakt::ByteView(bytes), decoded, pakt::packed)) base = decoded;
      }
    }
    std::vector<std::uint8_t> delta;
    std::string cell, json;
    const pakt::Status s = Serialize(m, base, delta, pakt::packed);
    if (!s) {
      cell = "!" + s.message();
    } else {
      D back{};
      const pakt::Status d = Deserialize(pakt::ByteView(delta), base, back, pakt::packed);
      if (!d) {
        std::cerr << CsName<D>::kName << ": C++ cannot decode its own delta: " << d.to_string() << "\n";
        std::exit(1);
      }
      cell = to_hex(delta);
      json = ToJson(back);
    }
    out << CsName<D>::kName << "\tpacked-delta\t" << cell << '\t' << json << '\t'
        << to_hex(Serialize(m, pakt::compact)) << '\t' << to_hex(Serialize(base, pakt::compact)) << '\n';
  }
}

template <class... M>
void write_packed_all(std::ostream& out, ::testing::Types<M...>, std::uint64_t seed) {
  ((write_packed_values<M>(out, seed++)), ...);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: cross_vectors write|write-packed FILE\n";
    return 2;
  }
  const std::string mode = argv[1];
  if (mode == "write") {
    std::ofstream out(argv[2]);
    write_all(out, pakt_test::AllMessages{});
    return out ? 0 : 1;
  }
  if (mode == "write-packed") {
    std::ofstream out(argv[2]);
    write_packed_all(out, pakt_test::AllMessages{}, 15001);
    write_packed_all(out, PackedMessages{}, 16001);
    write_deltas<pk::Scene>(out, 17001, 200);
    write_deltas<pe::Edges>(out, 18001, 100);
    return out ? 0 : 1;
  }
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
