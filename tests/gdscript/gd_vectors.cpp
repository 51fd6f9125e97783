// The C++ side of the GDScript engine tests (tests/gdscript/run_gdscript_tests.py):
//   gd_vectors write FILE    the defaults (first) and seeded values (edge values included) of every
//                            test message, in compact and mslima: "<stem>.<Message>\t<format>\t<hex>\t<ToJson>"
//   gd_vectors variants FILE seeded values (uint64 within INT64_MAX: a Godot int) as
//                            "<stem>.<Message>\tcompact\t<hex>\t<godot4 hex>\t<godot3 hex>" (the bytes of
//                            Serialize(m, pakt::godot4|godot3), "-" when the value has no Godot 3 form)
//   gd_vectors examples FILE every schema example (ForEachExample), compact and mslima, as `write` does
//   gd_vectors decode FILE   decodes each "<stem>.<Message>\t<format>\t<hex>" line (bytes the GDScript
//                            side wrote, or truncated / mutated bytes) and prints per line
//                            "OK\t<re-encoded hex>\t<ToJson>" or "ERR\t<Status::to_string()>"; format "packed"
//                            decodes with Deserialize(bytes, m, pakt::packed), format "delta" (a fourth
//                            column: the baseline's compact hex) with Deserialize(bytes, baseline, m, pakt::packed),
//                            both re-encoded with Serialize(m, pakt::packed)
//   gd_vectors packed FILE   the defaults and seeded values of every test message and of packed.yaml's
//                            (in range, and random ones mostly outside), as
//                            "<name>\tpacked\t<compact hex>\tOK\t<packed hex>\t<ToJson of its packed decode>\t<the
//                            packed hex of that decode>" or "...\tERR\t<Status::message() of the packed Serialize>\t\t"
//   gd_vectors delta FILE    pairs of packed.yaml Scenes (a baseline and a value sharing some fields) as
//                            "<name>\tdelta\t<baseline compact>\t<value compact>\tOK\t<delta hex>\t<packed hex
//                            of its Deserialize against the baseline>" (or ERR and the message)
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "packed.pakt.h"
#include "packed_random.hpp"
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
PAKT_GD_NAME(pakt::test::packed::Numbers, "packed.Numbers")
PAKT_GD_NAME(pakt::test::packed::Floats, "packed.Floats")
PAKT_GD_NAME(pakt::test::packed::Collections, "packed.Collections")
PAKT_GD_NAME(pakt::test::packed::Cube, "packed.Cube")
PAKT_GD_NAME(pakt::test::packed::Camera, "packed.Camera")
PAKT_GD_NAME(pakt::test::packed::Scene, "packed.Scene")
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


// ------------------------------------------------------------------------------------ packed
namespace pk = pakt::test::packed;
using PackedMessages = ::testing::Types<pk::Numbers, pk::Floats, pk::Collections, pk::Cube, pk::Camera, pk::Scene>;

using pakt_test::in_range_f;
using pakt_test::int_in;

template <class M>
constexpr bool kPackedSchema = std::is_same_v<M, pk::Numbers> || std::is_same_v<M, pk::Floats> ||
                               std::is_same_v<M, pk::Collections> || std::is_same_v<M, pk::Cube> ||
                               std::is_same_v<M, pk::Camera> || std::is_same_v<M, pk::Scene>;

constexpr int kPackedInRange = 40;  // packed.yaml: values within the ranges
constexpr int kPackedRandom = 20;   // any values (most outside a range: encode errors)

template <class M>
void write_packed_values(std::ostream& out, std::uint64_t seed) {
  pakt_test::Rng rng(seed);
  std::vector<M> values;
  values.push_back(M{});
  if constexpr (kPackedSchema<M>) {
    for (int i = 0; i < kPackedInRange; ++i) {
      M m{};
      pakt_test::randomize_packed(m, rng);
      values.push_back(m);
    }
  }
  for (int i = 0; i < kPackedRandom; ++i) values.push_back(pakt_test::random_value<M>(rng));
  for (const M& m : values) {
    out << GdName<M>::kName << "\tpacked\t" << to_hex(Serialize(m, pakt::compact)) << '\t';
    std::vector<std::uint8_t> bytes;
    const pakt::Status s = Serialize(m, bytes, pakt::packed);
    if (!s) {
      out << "ERR\t" << s.message() << "\t\t\n";
      continue;
    }
    M back{};
    const pakt::Status d = Deserialize(pakt::ByteView(bytes), back, pakt::packed);
    std::vector<std::uint8_t> again;
    const pakt::Status e = d ? Serialize(back, again, pakt::packed) : d;
    out << "OK\t" << to_hex(bytes) << '\t' << (e ? ToJson(back) : "DECODE " + e.to_string()) << '\t' << to_hex(again)
        << '\n';
  }
}

template <class... M>
void write_all_packed(std::ostream& out, ::testing::Types<M...>, std::uint64_t seed) {
  (write_packed_values<M>(out, seed++), ...);
}

constexpr int kDeltaPairs = 150;

// A baseline is a value the receiver decoded: every cube in range (the shared randomizer puts one
// outside now and then, for encode errors).
void make_packable(pk::Scene& scene, pakt_test::Rng& rng) {
  std::vector<std::uint8_t> bytes;
  for (auto& c : scene.cubes) {
    while (!Serialize(c, bytes, pakt::packed)) pakt_test::randomize_packed(c, rng);
  }
  for (auto& c : scene.anchors) {
    while (!Serialize(c, bytes, pakt::packed)) pakt_test::randomize_packed(c, rng);
  }
}

// A value that shares some of the baseline's fields and cubes (changed, dropped or appended).
pk::Scene next_scene(const pk::Scene& base, pakt_test::Rng& rng) {
  pk::Scene m = base;
  if (rng() % 3 == 0) m.frame = base.frame + 1;
  for (auto& c : m.cubes) {
    if (rng() % 4 == 0) pakt_test::randomize_packed(c, rng);
    else if (rng() % 4 == 0) c.at_rest = !c.at_rest;
  }
  if (rng() % 3 == 0) m.cubes.resize(rng() % 9);
  for (std::size_t i = base.cubes.size(); i < m.cubes.size(); ++i) pakt_test::randomize_packed(m.cubes[i], rng);
  if (rng() % 3 == 0) m.camera.fov = in_range_f(rng, 30, 120, 127);
  if (rng() % 4 == 0) pakt_test::randomize_packed(m.camera, rng);
  if (rng() % 3 == 0) pakt_test::randomize_packed(m.anchors[rng() % 2], rng);
  if (rng() % 4 == 0) m.phase = static_cast<pk::Phase>(rng() % 4);
  if (rng() % 4 == 0) {
    if (m.score) m.score.reset();
    else m.score = int_in<std::int32_t>(rng, 0, 100000);
  }
  if (rng() % 10 == 0) m.camera.fov = 200;  // outside its range: an encode error
  return m;
}

void write_deltas(std::ostream& out) {
  pakt_test::Rng rng(1515);
  for (int i = 0; i < kDeltaPairs; ++i) {
    pk::Scene base{};
    pakt_test::randomize_packed(base, rng);
    if (i % 10 == 0) base.cubes.clear();
    if (i % 25 == 1) {  // many cubes, few changed: the sparse mode
      base.cubes.resize(40);
      for (auto& c : base.cubes) pakt_test::randomize_packed(c, rng);
    }
    make_packable(base, rng);
    pk::Scene m = i % 7 == 0 ? base : next_scene(base, rng);
    if (i % 25 == 1) {
      m = base;
      m.cubes[rng() % 40].at_rest = !m.cubes[0].at_rest;
      m.cubes[39].id = static_cast<std::uint16_t>((m.cubes[39].id + 1) % 1024);
    }
    if (i % 25 == 2 || i % 25 == 3) {  // one changed cube of 8 (sparse: 7 + 1 bits, a tie: changed bits) or of 9
      base.cubes.resize(i % 25 == 2 ? 8 : 9);
      for (auto& c : base.cubes) pakt_test::randomize_packed(c, rng);
      make_packable(base, rng);
      m = base;
      m.cubes[0].at_rest = !m.cubes[0].at_rest;
    }
    out << "packed.Scene\tdelta\t" << to_hex(Serialize(base, pakt::compact)) << '\t'
        << to_hex(Serialize(m, pakt::compact)) << '\t';
    std::vector<std::uint8_t> bytes;
    const pakt::Status s = Serialize(m, base, bytes, pakt::packed);
    if (!s) {
      out << "ERR\t" << s.message() << "\t\n";
      continue;
    }
    pk::Scene back{};
    const pakt::Status d = Deserialize(pakt::ByteView(bytes), base, back, pakt::packed);
    std::vector<std::uint8_t> full;
    const pakt::Status e = d ? Serialize(back, full, pakt::packed) : d;
    out << "OK\t" << to_hex(bytes) << '\t' << (e ? to_hex(full) : "DECODE " + e.to_string()) << '\n';
  }
}

using Decoder = std::string (*)(const std::vector<std::uint8_t>&, const std::string& format,
                                const std::vector<std::uint8_t>& baseline);

template <class M>
std::string decode(const std::vector<std::uint8_t>& bytes, const std::string& format,
                   const std::vector<std::uint8_t>& baseline) {
  if (format == "packed" || format == "delta") {
    M m{};
    pakt::Status s;
    if (format == "packed") {
      s = Deserialize(pakt::ByteView(bytes), m, pakt::packed);
    } else if constexpr (std::is_same_v<M, pk::Scene>) {
      M base{};
      if (!Deserialize(pakt::ByteView(baseline), base, pakt::compact)) return "ERR\tbad baseline";
      s = Deserialize(pakt::ByteView(bytes), base, m, pakt::packed);
    } else {
      return "ERR\tno delta";
    }
    if (!s) return "ERR\t" + s.to_string();
    std::vector<std::uint8_t> again;
    const pakt::Status e = Serialize(m, again, pakt::packed);
    return e ? "OK\t" + to_hex(again) + "\t" + ToJson(m) : "ERR\tre-encoding: " + e.to_string();
  }
  const bool mslima = format == "mslima";
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
  auto table = decoders(pakt_test::AllMessages{});
  for (const auto& [name, d] : decoders(PackedMessages{})) table[name] = d;
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
    std::vector<std::uint8_t> bytes, baseline;
    if (parts.size() < 3 || parts.size() > 4 || !pakt::internal::parse_hex(parts[2], bytes) ||
        (parts.size() == 4 && !pakt::internal::parse_hex(parts[3], baseline)) || table.count(parts[0]) == 0) {
      std::cerr << path << ":" << n << ": malformed line\n";
      return 2;
    }
    std::cout << table.at(parts[0])(bytes, parts[1], baseline) << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: gd_vectors write|variants|examples|decode|packed|delta FILE\n";
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
  if (mode == "packed") {
    std::ofstream out(argv[2]);
    write_all_packed(out, pakt_test::AllMessages{}, 1515);
    write_all_packed(out, PackedMessages{}, 2525);
    return out ? 0 : 1;
  }
  if (mode == "delta") {
    std::ofstream out(argv[2]);
    write_deltas(out);
    return out ? 0 : 1;
  }
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
