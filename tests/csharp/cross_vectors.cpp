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
//   cross_vectors read-packed FILE
//                              decodes each "<C# type>\tpacked|packed-delta\t<hex>\t<C# verdict>[\t
//                              <compact hex of the baseline>]" line (truncations and mutations the C#
//                              side made) and checks the C++ verdict: "ok <ToJson>" or Status::to_string()
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
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

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t tab = line.find('\t', start);
    parts.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return parts;
    start = tab + 1;
  }
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

// The C++ verdict on bytes: "ok <ToJson>" or the Status text.
using PackedDecoder = std::string (*)(const std::vector<std::uint8_t>&, const std::vector<std::uint8_t>* baseline_compact);

template <class M>
std::string packed_verdict(const std::vector<std::uint8_t>& bytes, const std::vector<std::uint8_t>* baseline_compact) {
  M m{};
  pakt::Status s;
  if (baseline_compact != nullptr) {
    if constexpr (std::is_same_v<M, pk::Scene> || std::is_same_v<M, pe::Edges>) {
      M base{};
      if (!Deserialize(pakt::ByteView(*baseline_compact), base, pakt::compact)) return "bad baseline";
      s = Deserialize(pakt::ByteView(bytes), base, m, pakt::packed);
    } else {
      return "not a delta message";
    }
  } else {
    s = Deserialize(pakt::ByteView(bytes), m, pakt::packed);
  }
  return s ? "ok " + ToJson(m) : s.to_string();
}

template <class... M>
void add_packed_decoders(std::map<std::string, PackedDecoder>& table, ::testing::Types<M...>) {
  ((table[CsName<M>::kName] = &packed_verdict<M>), ...);
}

int read_packed_file(const char* path) {
  std::map<std::string, PackedDecoder> table;
  add_packed_decoders(table, pakt_test::AllMessages{});
  add_packed_decoders(table, PackedMessages{});
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    return 2;
  }
  std::map<std::string, int> checked;
  int failures = 0, n = 0, errors = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++n;
    const auto parts = split_tabs(line);
    std::vector<std::uint8_t> bytes, baseline;
    const bool delta = parts.size() == 5;
    if ((parts.size() != 4 && !delta) || !pakt::internal::parse_hex(parts[2], bytes) || table.count(parts[0]) == 0 ||
        (delta && !pakt::internal::parse_hex(parts[4], baseline))) {
      std::cerr << path << ":" << n << ": malformed line\n";
      return 2;
    }
    const std::string verdict = table.at(parts[0])(bytes, delta ? &baseline : nullptr);
    if (verdict != parts[3]) {
      if (++failures <= 10) {
        std::cerr << path << ":" << n << ": " << parts[0] << " " << parts[1] << " " << parts[2] << ": verdicts differ\n  C#:  "
                  << parts[3] << "\n  C++: " << verdict << "\n";
      }
    } else {
      ++checked[parts[0] + " " + parts[1]];
      if (verdict.rfind("ok ", 0) != 0) ++errors;
    }
  }
  for (const auto& [what, count] : checked) std::cout << "C# verdict = C++ verdict, " << what << ": " << count << " payloads\n";
  if (failures != 0) {
    std::cerr << failures << " of " << n << " packed verdicts differ\n";
    return 1;
  }
  if (n == 0) {
    std::cerr << "no payloads in " << path << "\n";
    return 1;
  }
  std::cout << n << " truncated / mutated packed payloads: the same verdict in C++ and C# (" << errors
            << " errors with the same text)\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: cross_vectors write|write-packed|read-packed FILE\n";
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
  if (mode == "read-packed") return read_packed_file(argv[2]);
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
