// names_check MESSAGE FORMAT HEX: the generated code of tests/schemas/names/ (names that once broke
// it, issue 30) against bytes of the run-time codec. HEX is `pakt encode --hex` of MESSAGE's
// schema example in FORMAT (compact, mslima, godot4, godot3, packed; json: the JSON text itself).
// The generated Deserialize must read HEX to a value equal to the generated example
// (pakt::MessageTraits<M>::Example()), and Serialize (and SerializedSize) of that example must give
// HEX again. Prints one line; exit status 0 when both hold. Driven by names_test.py.
#include <cstdio>
#include <string>
#include <vector>

#include "names.pakt.h"
#include "names_std.pakt.h"
#include "pakt_internal/hex.hpp"

namespace {

template <class M, class Tag>
bool check_binary(const M& example, const std::string& hex, Tag tag, std::string& problem) {
  const std::vector<std::uint8_t> bytes = pakt::internal::hex_bytes(hex);
  M decoded{};
  const pakt::Status status = Deserialize(pakt::ByteView(bytes.data(), bytes.size()), decoded, tag);
  if (!status.ok()) {
    problem = "Deserialize: " + status.to_string();
    return false;
  }
  if (!(decoded == example)) {
    problem = "the decoded value differs from the example";
    return false;
  }
  const std::string ours = pakt::internal::to_hex(Serialize(example, tag));
  if (ours != hex) {
    problem = "Serialize gives " + ours;
    return false;
  }
  if (SerializedSize(example, tag) != bytes.size()) {
    problem = "SerializedSize gives " + std::to_string(SerializedSize(example, tag));
    return false;
  }
  return true;
}

template <class M>
bool check_packed(const M& example, const std::string& hex, std::string& problem) {
  const std::vector<std::uint8_t> bytes = pakt::internal::hex_bytes(hex);
  M decoded{};
  const pakt::Status status = Deserialize(pakt::ByteView(bytes.data(), bytes.size()), decoded, pakt::packed);
  if (!status.ok()) {
    problem = "Deserialize: " + status.to_string();
    return false;
  }
  if (!(decoded == example)) {
    problem = "the decoded value differs from the example";
    return false;
  }
  const std::string ours = pakt::internal::to_hex(Serialize(example, pakt::packed));
  if (ours != hex) {
    problem = "Serialize gives " + ours;
    return false;
  }
  return true;
}

struct Check {
  std::string message, format, expected;
  bool found = false, ok = false;
  std::string problem;

  template <class M>
  void operator()(const char* name, const M& example, std::size_t) {
    if (message != name) return;
    found = true;
    if (format == "compact") {
      ok = check_binary(example, expected, pakt::compact, problem);
    } else if (format == "mslima") {
      ok = check_binary(example, expected, pakt::mslima, problem);
    } else if (format == "godot4") {
      ok = check_binary(example, expected, pakt::godot4, problem);
    } else if (format == "godot3") {
      ok = check_binary(example, expected, pakt::godot3, problem);
    } else if (format == "packed") {
      ok = check_packed(example, expected, problem);
    } else if (format == "json") {
      const std::string ours = ToJson(example);
      ok = ours == expected;
      if (!ok) problem = "ToJson gives " + ours;
    } else {
      problem = "unknown format";
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: names_check MESSAGE FORMAT HEX\n");
    return 2;
  }
  Check check;
  check.message = argv[1];
  check.format = argv[2];
  check.expected = argv[3];
  x::pakt::ForEachExample(check);
  x::std::ForEachExample(check);
  if (!check.found) check.problem = "no example of that name";
  std::printf("%s %s: %s\n", argv[1], argv[2], check.ok ? "ok" : check.problem.c_str());
  return check.ok ? 0 : 1;
}
