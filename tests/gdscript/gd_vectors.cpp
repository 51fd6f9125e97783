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

// A value in [lo, hi]: the ends, -0, a step's midpoint (the rounding's ties) or anywhere.
double in_range(pakt_test::Rng& rng, double lo, double hi, std::uint64_t steps = 0) {
  switch (rng() % 10) {
    case 0: return lo;
    case 1: return hi;
    case 2: return lo <= 0 && hi >= 0 ? -0.0 : lo;
    case 3:
      if (steps != 0) return lo + (static_cast<double>(rng() % steps) + 0.5) * (hi - lo) / static_cast<double>(steps);
      [[fallthrough]];
    default: return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
}
float in_range_f(pakt_test::Rng& rng, double lo, double hi, std::uint64_t steps = 0) {
  const float f = static_cast<float>(in_range(rng, lo, hi, steps));
  return f;
}
template <class T>
T int_in(pakt_test::Rng& rng, std::int64_t lo, std::int64_t hi) {
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  switch (rng() % 4) {
    case 0: return static_cast<T>(lo);
    case 1: return static_cast<T>(hi);
    default:
      return static_cast<T>(static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) +
                                                      (span == ~std::uint64_t{0} ? rng() : rng() % (span + 1))));
  }
}
pakt::Quaternion unit_quaternion(pakt_test::Rng& rng) {
  std::normal_distribution<double> n;
  double q[4];
  double len = 0;
  for (double& x : q) {
    x = n(rng);
    len += x * x;
  }
  len = std::sqrt(len);
  switch (rng() % 6) {
    case 0: return {0, 0, 0, 1};
    case 1: return {0, 0.7071f, 0, 0.7071f};
    case 2: return {0.5f, -0.5f, 0.5f, -0.5f};
    default:
      return {static_cast<float>(q[0] / len), static_cast<float>(q[1] / len), static_cast<float>(q[2] / len),
              static_cast<float>(q[3] / len)};
  }
}

void fill(pk::Numbers& m, pakt_test::Rng& rng) {
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
  m.big = int_in<std::uint64_t>(rng, 1000, std::numeric_limits<std::int64_t>::max());
  m.negative = int_in<std::int32_t>(rng, -1000, -1);
  m.phase = static_cast<pk::Phase>(rng() % 4);
  m.only = pk::Only::single;
  m.offset = int_in<pk::Offset>(rng, -10, 20);
}
void fill(pk::Floats& m, pakt_test::Rng& rng) {
  m.angle = in_range_f(rng, -3.2, 3.2, 6400);
  m.ratio = in_range_f(rng, 0, 1, 255);
  m.raw32 = pakt_test::random_float<float>(rng);
  m.raw64 = pakt_test::random_float<double>(rng);
  m.distance = in_range(rng, -10000, 10000, 200000000);
  m.position = {in_range_f(rng, -50, 50, 100000), in_range_f(rng, -50, 50, 100000), in_range_f(rng, -50, 50, 100000)};
  m.flat = {in_range_f(rng, 0, 10, 1023), in_range_f(rng, 0, 10, 1023)};
  m.tint = {in_range_f(rng, 0, 1, 255), in_range_f(rng, 0, 1, 255), in_range_f(rng, 0, 1, 255), in_range_f(rng, 0, 1, 255)};
  m.cell = {int_in<std::int32_t>(rng, -512, 511), int_in<std::int32_t>(rng, -512, 511)};
  m.voxel = {pakt_test::random_integer<std::int32_t>(rng), pakt_test::random_integer<std::int32_t>(rng),
             pakt_test::random_integer<std::int32_t>(rng)};
  m.rotation = unit_quaternion(rng);
  boost::pfr::for_each_field(m.raw_rotation, [&](float& c) { c = pakt_test::random_float<float>(rng); });
}
void fill(pk::Collections& m, pakt_test::Rng& rng) {
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
  for (auto& n : m.numbers) fill(n, rng);
  m.points.resize(rng() % 3);
  for (auto& n : m.points) fill(n, rng);
  for (auto& c : m.corners) c = {int_in<std::int32_t>(rng, 0, 255), int_in<std::int32_t>(rng, 0, 255)};
  m.maybe_level.reset();
  if (rng() & 1) m.maybe_level = int_in<std::uint8_t>(rng, 1, 99);
  m.maybe_floats.reset();
  if (rng() & 1) fill(m.maybe_floats.emplace(), rng);
  m.maybe_name.reset();
  if (rng() & 1) m.maybe_name = pakt_test::random_text(rng, 8);
}
void fill(pk::Cube& m, pakt_test::Rng& rng) {
  m.id = int_in<std::uint16_t>(rng, 0, 1023);
  m.position = {in_range_f(rng, -50, 50, 100000), in_range_f(rng, -50, 50, 100000), in_range_f(rng, -50, 50, 100000)};
  m.rotation = unit_quaternion(rng);
  m.at_rest = rng() & 1;
}
void fill(pk::Camera& m, pakt_test::Rng& rng) {
  m.eye = {in_range_f(rng, -100, 100, 20000), in_range_f(rng, -100, 100, 20000), in_range_f(rng, -100, 100, 20000)};
  m.fov = in_range_f(rng, 30, 120, 127);
}
void fill(pk::Scene& m, pakt_test::Rng& rng) {
  m.frame = pakt_test::random_integer<std::uint32_t>(rng);
  m.cubes.resize(rng() % 7);
  for (auto& c : m.cubes) fill(c, rng);
  fill(m.camera, rng);
  for (auto& c : m.anchors) fill(c, rng);
  m.phase = static_cast<pk::Phase>(rng() % 4);
  m.score.reset();
  if (rng() & 1) m.score = int_in<std::int32_t>(rng, 0, 100000);
}

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
      fill(m, rng);
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

// A value that shares some of the baseline's fields and cubes (changed, dropped or appended).
pk::Scene next_scene(const pk::Scene& base, pakt_test::Rng& rng) {
  pk::Scene m = base;
  if (rng() % 3 == 0) m.frame = base.frame + 1;
  for (auto& c : m.cubes) {
    if (rng() % 4 == 0) fill(c, rng);
    else if (rng() % 4 == 0) c.at_rest = !c.at_rest;
  }
  if (rng() % 3 == 0) m.cubes.resize(rng() % 9);
  for (std::size_t i = base.cubes.size(); i < m.cubes.size(); ++i) fill(m.cubes[i], rng);
  if (rng() % 3 == 0) m.camera.fov = in_range_f(rng, 30, 120, 127);
  if (rng() % 4 == 0) fill(m.camera, rng);
  if (rng() % 3 == 0) fill(m.anchors[rng() % 2], rng);
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
    fill(base, rng);
    if (i % 10 == 0) base.cubes.clear();
    if (i % 25 == 1) {  // many cubes, few changed: the sparse mode
      base.cubes.resize(40);
      for (auto& c : base.cubes) fill(c, rng);
    }
    pk::Scene m = i % 7 == 0 ? base : next_scene(base, rng);
    if (i % 25 == 1) {
      m = base;
      m.cubes[rng() % 40].at_rest = !m.cubes[0].at_rest;
      m.cubes[39].id = static_cast<std::uint16_t>((m.cubes[39].id + 1) % 1024);
    }
    if (i % 25 == 2 || i % 25 == 3) {  // one changed cube of 8 (sparse: 7 + 1 bits, a tie: changed bits) or of 9
      base.cubes.resize(i % 25 == 2 ? 8 : 9);
      for (auto& c : base.cubes) fill(c, rng);
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
