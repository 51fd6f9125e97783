// pakt demo: every schema message that has an example is serialized in every format, decoded
// back and compared; then the size table (the seed's comparison) is printed.
#include <cstdio>
#include <string>
#include <vector>

#include "game.pakt.h"
#include "photon_seed.pakt.h"

namespace {

struct Row {
  std::string message;
  std::size_t compact, mslima, godot4, godot3, json_unity, json_shortest, theoretical;
};

int failures = 0;

// Serializes, decodes and compares; returns the payload size (0 when the format cannot carry it).
template <class M, class Format>
std::size_t round_trip(const char* name, const M& value, Format format, const char* label) {
  std::vector<std::uint8_t> bytes;
  const pakt::Status written = Serialize(value, bytes, format);
  if (!written) {
    const bool unsupported = written.code() == pakt::ErrorCode::kUnsupported;
    std::printf("  %-16s %-8s  %s%s\n", name, label, unsupported ? "not representable: " : "FAILED: ",
                written.message().c_str());
    if (!unsupported) ++failures;
    return 0;
  }
  M decoded{};
  const pakt::Status status = Deserialize(bytes, decoded, format);
  const bool same = status.ok() && decoded == value && bytes.size() == SerializedSize(value, format);
  std::printf("  %-16s %-8s %4zu bytes  %s\n", name, label, bytes.size(),
              same ? "round trip ok" : status.ok() ? "MISMATCH" : status.to_string().c_str());
  if (!same) ++failures;
  return bytes.size();
}

struct Collect {
  std::vector<Row>& rows;
  template <class M>
  void operator()(const char* name, const M& value, std::size_t theoretical) const {
    Row row{name, 0, 0, 0, 0, 0, 0, theoretical};
    row.compact = round_trip(name, value, pakt::compact, "compact");
    row.mslima = round_trip(name, value, pakt::mslima, "mslima");
    row.godot4 = round_trip(name, value, pakt::godot4, "godot4");
    row.godot3 = round_trip(name, value, pakt::godot3, "godot3");
    row.json_unity = ToJson(value, pakt::JsonStyle::kUnity).size();
    row.json_shortest = ToJson(value, pakt::JsonStyle::kShortest).size();
    rows.push_back(row);
  }
};

// `pakt_demo --godot3-hex` / `--godot4-hex`: prints "<message> <hex>" of every example in that Godot
// mapping, for the test that hands them to the real engine (tests/generated/godot_engine_test.py).
struct PrintGodotHex {
  pakt::godot_t format;

  template <class M>
  void operator()(const char* name, const M& value, std::size_t) const {
    std::vector<std::uint8_t> bytes;
    if (!Serialize(value, bytes, format)) return;  // not representable in this Godot version
    std::printf("%s ", name);
    for (std::uint8_t b : bytes) std::printf("%02x", b);
    std::printf("\n");
  }
};

int print_godot_hex(pakt::godot_t format) {
  photon::seed::ForEachExample(PrintGodotHex{format});
  game::common::ForEachExample(PrintGodotHex{format});
  game::net::ForEachExample(PrintGodotHex{format});
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--godot3-hex") return print_godot_hex(pakt::godot3);
  if (argc == 2 && std::string(argv[1]) == "--godot4-hex") return print_godot_hex(pakt::godot4);
  std::vector<Row> rows;
  std::printf("Round trips (schemas/*.yaml examples):\n");
  photon::seed::ForEachExample(Collect{rows});
  game::common::ForEachExample(Collect{rows});
  game::net::ForEachExample(Collect{rows});

  std::printf("\nSizes in bytes (godot: a Dictionary, or an Array for `godot: array` messages; theoretical = .NET\n"
              "Marshal.SizeOf, as the seed measures it):\n\n");
  std::printf("| %-16s | %7s | %6s | %12s | %12s | %10s | %13s | %11s |\n", "message", "compact", "mslima",
              "godot4", "godot3", "JSON unity", "JSON shortest", "theoretical");
  std::printf("|%s|%s|%s|%s|%s|%s|%s|%s|\n", "------------------", "--------:", "-------:", "--------------:",
              "--------------:", "-----------:", "--------------:", "------------:");
  auto cell = [](std::size_t n) { return n == 0 ? std::string("n/a") : std::to_string(n); };
  for (const Row& r : rows) {
    std::printf("| %-16s | %7zu | %6zu | %13s | %13s | %10zu | %13zu | %11zu |\n", r.message.c_str(), r.compact,
                r.mslima, cell(r.godot4).c_str(), cell(r.godot3).c_str(), r.json_unity, r.json_shortest,
                r.theoretical);
  }
  std::printf("\nSeedGameStruct mslima bytes (what a Unity client running MSLIMA PhotonSerializer reads):\n  ");
  for (std::uint8_t b : photon::seed::Serialize(photon::seed::ExampleSeedGameStruct(), pakt::mslima)) {
    std::printf("%02x", b);
  }
  std::printf("\n");
  if (failures != 0) {
    std::printf("\n%d round trip(s) FAILED\n", failures);
    return 1;
  }
  return 0;
}
