// The C++ side of the C# cross-language tests (tests/csharp/run_csharp_tests.py):
//   cross_vectors write FILE   seeded values of every test message (edge values included) and the
//                              examples, in compact and mslima: "<C# type>\t<format>\t<hex>\t<ToJson>"
//   cross_vectors read FILE    decodes each "<C# type>\t<format>\t<hex>\t<json>" line (bytes the C#
//                              code wrote) and checks that the C++ ToJson equals the C# one
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

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

using Decoder = bool (*)(const std::vector<std::uint8_t>&, bool mslima, std::string& json, std::string& error);

template <class M>
bool decode(const std::vector<std::uint8_t>& bytes, bool mslima, std::string& json, std::string& error) {
  M m{};
  const pakt::Status s = mslima ? Deserialize(bytes, m, pakt::mslima) : Deserialize(bytes, m, pakt::compact);
  if (!s) {
    error = s.to_string();
    return false;
  }
  json = ToJson(m);
  return true;
}

template <class... M>
std::map<std::string, Decoder> decoders(::testing::Types<M...>) {
  return {{CsName<M>::kName, &decode<M>}...};
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

int read_file(const char* path) {
  const auto table = decoders(pakt_test::AllMessages{});
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    return 2;
  }
  std::map<std::string, int> checked;
  int failures = 0;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    const auto parts = split_tabs(line);
    std::vector<std::uint8_t> bytes;
    if (parts.size() != 4 || !pakt::internal::parse_hex(parts[2], bytes) || table.count(parts[0]) == 0) {
      std::cerr << path << ":" << n << ": malformed line\n";
      return 2;
    }
    std::string json, error;
    if (!table.at(parts[0])(bytes, parts[1] == "mslima", json, error)) {
      if (++failures <= 10) std::cerr << path << ":" << n << ": " << parts[0] << " " << parts[1] << ": C++ cannot decode the C# bytes: " << error << "\n";
    } else if (json != parts[3]) {
      if (++failures <= 10) {
        std::cerr << path << ":" << n << ": " << parts[0] << " " << parts[1] << ": JSON differs\n  C#:  " << parts[3]
                  << "\n  C++: " << json << "\n";
      }
    } else {
      ++checked[parts[0] + " " + parts[1]];
    }
  }
  for (const auto& [what, count] : checked) std::cout << "C# -> C++ " << what << ": " << count << " values\n";
  if (failures != 0) {
    std::cerr << failures << " of " << n << " C#-encoded values failed\n";
    return 1;
  }
  if (n == 0) {
    std::cerr << "no values in " << path << "\n";
    return 1;
  }
  std::cout << n << " C#-encoded values decode in C++ to the C# JSON\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: cross_vectors write|read FILE\n";
    return 2;
  }
  const std::string mode = argv[1];
  if (mode == "write") {
    std::ofstream out(argv[2]);
    write_all(out, pakt_test::AllMessages{});
    return out ? 0 : 1;
  }
  if (mode == "read") return read_file(argv[2]);
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
