// The C++ side of the GDScript engine tests (tests/gdscript/run_gdscript_tests.py):
//   gd_vectors write FILE    the defaults (first) and seeded values (edge values included) of every
//                            test message, in compact and mslima: "<stem>.<Message>\t<format>\t<hex>\t<ToJson>"
//   gd_vectors variants FILE seeded values (uint64 within INT64_MAX: a Godot int) as
//                            "<stem>.<Message>\tcompact\t<hex>\t<godot4 hex>\t<godot3 hex>" (the bytes of
//                            Serialize(m, pakt::godot4|godot3), "-" when the value has no Godot 3 form)
//   gd_vectors examples FILE every schema example (ForEachExample), compact and mslima, as `write` does
//   gd_vectors decode FILE   decodes each "<stem>.<Message>\t<format>\t<hex>" line (bytes the GDScript
//                            side wrote, or truncated / mutated bytes) and prints per line
//                            "OK\t<re-encoded hex>\t<ToJson>" or "ERR\t<Status::to_string()>"
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "pakt_internal/hex.hpp"
#include "test_values.hpp"

namespace {

constexpr int kValuesPerMessage = 120;

using pakt::internal::to_hex;

// The GDScript name of each message type: "<schema stem>.<class>".
template <class M>
struct GdName;
#define PAKT_GD_NAME(T, N) \
  template <>              \
  struct GdName<T> {       \
    static constexpr const char* kName = N; \
  };
PAKT_GD_NAME(pakt::test::Empty, "rich.Empty")
PAKT_GD_NAME(pakt::test::Inner, "rich.Inner")
PAKT_GD_NAME(pakt::test::Scalars, "rich.Scalars")
PAKT_GD_NAME(pakt::test::Geometry, "rich.Geometry")
PAKT_GD_NAME(pakt::test::Texts, "rich.Texts")
PAKT_GD_NAME(pakt::test::Lists, "rich.Lists")
PAKT_GD_NAME(pakt::test::Fixed, "rich.Fixed")
PAKT_GD_NAME(pakt::test::Optionals, "rich.Optionals")
PAKT_GD_NAME(pakt::test::Nested, "rich.Nested")
PAKT_GD_NAME(pakt::test::Versioned, "rich.Versioned")
PAKT_GD_NAME(photon::seed::SeedStruct, "photon_seed.SeedStruct")
PAKT_GD_NAME(photon::seed::SeedShortNames, "photon_seed.SeedShortNames")
PAKT_GD_NAME(photon::seed::SeedGameStruct, "photon_seed.SeedGameStruct")
PAKT_GD_NAME(game::common::Weapon, "common.Weapon")
PAKT_GD_NAME(game::net::Player, "game.Player")
PAKT_GD_NAME(game::net::MoveUpdate, "game.MoveUpdate")
PAKT_GD_NAME(game::net::Chat, "game.Chat")
PAKT_GD_NAME(game::net::Snapshot, "game.Snapshot")
PAKT_GD_NAME(evolution::v2::Lobby, "evolution_v2.Lobby")
PAKT_GD_NAME(pakt::test::framed::Leaf, "framed.Leaf")
PAKT_GD_NAME(pakt::test::framed::Frame, "framed.Frame")
PAKT_GD_NAME(pakt::test::framed::Framed, "framed.Framed")
PAKT_GD_NAME(pakt::test::framed::Framing, "framed.Framing")
#undef PAKT_GD_NAME

template <class M, class F>
void write_values(std::ostream& out, F f, std::uint64_t seed) {
  pakt_test::Rng rng(seed);
  std::vector<M> values;
  values.push_back(M{});  // the defaults
  for (int i = 0; i < kValuesPerMessage; ++i) values.push_back(pakt_test::random_value<M>(rng));
  for (const M& m : values) {
    out << GdName<M>::kName << '\t' << F::kName << '\t' << to_hex(Serialize(m, f)) << '\t' << ToJson(m) << '\n';
  }
}

template <class... M>
void write_all(std::ostream& out, ::testing::Types<M...>) {
  std::uint64_t seed = 14014;
  ((write_values<M>(out, pakt::compact, seed++), write_values<M>(out, pakt::mslima, seed++)), ...);
}

constexpr int kVariantValuesPerMessage = 60;

template <class M>
void write_variants(std::ostream& out, std::uint64_t seed) {
  pakt_test::Rng rng(seed);
  std::vector<M> values;
  values.push_back(M{});
  for (int i = 0; i < kVariantValuesPerMessage; ++i) values.push_back(pakt_test::random_value<M>(rng));
  for (const M& m : values) {
    std::vector<std::uint8_t> g4, g3;
    const bool ok4 = Serialize(m, g4, pakt::godot4).ok();
    const bool ok3 = Serialize(m, g3, pakt::godot3).ok();
    out << GdName<M>::kName << "\tcompact\t" << to_hex(Serialize(m, pakt::compact)) << '\t' << (ok4 ? to_hex(g4) : "-")
        << '\t' << (ok3 ? to_hex(g3) : "-") << '\n';
  }
}

template <class... M>
void write_all_variants(std::ostream& out, ::testing::Types<M...>) {
  std::uint64_t seed = 4014;
  (write_variants<M>(out, seed++), ...);
}

template <class V>
struct ExampleWriter {
  std::ostream& out;
  const char* stem;
  template <class M>
  void operator()(const char* name, const M& m, std::size_t) const {
    out << stem << '.' << name << "\tcompact\t" << to_hex(Serialize(m, pakt::compact)) << '\t' << ToJson(m) << '\n';
    out << stem << '.' << name << "\tmslima\t" << to_hex(Serialize(m, pakt::mslima)) << '\t' << ToJson(m) << '\n';
  }
};

void write_examples(std::ostream& out) {
  pakt::test::ForEachExample(ExampleWriter<int>{out, "rich"});
  photon::seed::ForEachExample(ExampleWriter<int>{out, "photon_seed"});
  game::common::ForEachExample(ExampleWriter<int>{out, "common"});
  game::net::ForEachExample(ExampleWriter<int>{out, "game"});
  evolution::v2::ForEachExample(ExampleWriter<int>{out, "evolution_v2"});
  pakt::test::framed::ForEachExample(ExampleWriter<int>{out, "framed"});
}

using Decoder = std::string (*)(const std::vector<std::uint8_t>&, bool mslima);

template <class M>
std::string decode(const std::vector<std::uint8_t>& bytes, bool mslima) {
  M m{};
  const pakt::Status s = mslima ? Deserialize(bytes, m, pakt::mslima) : Deserialize(bytes, m, pakt::compact);
  if (!s) return "ERR\t" + s.to_string();
  return "OK\t" + to_hex(mslima ? Serialize(m, pakt::mslima) : Serialize(m, pakt::compact)) + "\t" + ToJson(m);
}

template <class... M>
std::map<std::string, Decoder> decoders(::testing::Types<M...>) {
  return {{GdName<M>::kName, &decode<M>}...};
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

int decode_file(const char* path) {
  const auto table = decoders(pakt_test::AllMessages{});
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    return 2;
  }
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    const auto parts = split_tabs(line);
    std::vector<std::uint8_t> bytes;
    if (parts.size() != 3 || !pakt::internal::parse_hex(parts[2], bytes) || table.count(parts[0]) == 0) {
      std::cerr << path << ":" << n << ": malformed line\n";
      return 2;
    }
    std::cout << table.at(parts[0])(bytes, parts[1] == "mslima") << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: gd_vectors write|variants|examples|decode FILE\n";
    return 2;
  }
  const std::string mode = argv[1];
  if (mode == "write") {
    pakt_test::g_int64_range_only = false;
    std::ofstream out(argv[2]);
    write_all(out, pakt_test::AllMessages{});
    return out ? 0 : 1;
  }
  if (mode == "variants") {
    pakt_test::g_int64_range_only = true;
    std::ofstream out(argv[2]);
    write_all_variants(out, pakt_test::AllMessages{});
    return out ? 0 : 1;
  }
  if (mode == "examples") {
    std::ofstream out(argv[2]);
    write_examples(out);
    return out ? 0 : 1;
  }
  if (mode == "decode") return decode_file(argv[2]);
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
