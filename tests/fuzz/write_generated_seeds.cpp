// Writes the seed corpora of the generated-code fuzz targets: rich.yaml's example values, alone
// and nested, in compact, mslima and the Godot 4 / Godot 3 mappings.
// Usage: write_generated_seeds CORPUS_ROOT (files go to CORPUS_ROOT/generated_<format>).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

#include "rich.pakt.h"

namespace {

namespace test = pakt::test;

test::Nested ExampleNested() {
  test::Nested m;
  m.inner = test::Inner{7, "inner"};
  m.scalars = test::ExampleScalars();
  m.scalars.u64 = 0x7FFFFFFFFFFFFFFF;  // the largest uint64 a Godot int holds
  m.lists = test::ExampleLists();
  m.optionals = test::ExampleOptionals();
  m.fixed = test::ExampleFixed();
  m.tail = 0xAB;
  return m;
}

test::Versioned ExampleVersioned() {
  test::Versioned m;
  m.a = -5;
  m.b = "three";
  m.c = {1, -1, 300};
  m.d = 0.25;
  m.e = test::Inner{9, "e"};
  return m;
}

template <class Message, class Format>
void WriteSeed(const std::filesystem::path& dir, const std::string& name, const Message& m, Format format) {
  std::vector<std::uint8_t> bytes;
  if (const pakt::Status status = test::Serialize(m, bytes, format); !status) {
    std::fprintf(stderr, "cannot encode seed %s: %s\n", name.c_str(), status.to_string().c_str());
    std::exit(1);
  }
  std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                    static_cast<std::streamsize>(bytes.size()));
}

template <class Format>
void WriteSeeds(const std::filesystem::path& dir, Format format) {
  std::filesystem::create_directories(dir);
  WriteSeed(dir, "nested_example", ExampleNested(), format);
  const test::Nested all_defaults;
  WriteSeed(dir, "nested_default", all_defaults, format);
  WriteSeed(dir, "lists_example", test::ExampleLists(), format);
  WriteSeed(dir, "texts_example", test::ExampleTexts(), format);
  WriteSeed(dir, "optionals_example", test::ExampleOptionals(), format);
  WriteSeed(dir, "versioned_v3", ExampleVersioned(), format);
  if constexpr (!std::is_same_v<Format, pakt::godot_t>) {
    // A version-1 payload: a and the deprecated field only (a top-level reader fills in the rest).
    std::vector<std::uint8_t> v3 = test::Serialize(ExampleVersioned(), format);
    v3.resize(8);
    std::ofstream(dir / "versioned_v1", std::ios::binary).write(reinterpret_cast<const char*>(v3.data()), 8);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_ROOT\n", argv[0]);
    return 2;
  }
  const std::filesystem::path root = argv[1];
  WriteSeeds(root / "generated_compact", pakt::compact);
  WriteSeeds(root / "generated_mslima", pakt::mslima);
  WriteSeeds(root / "generated_godot4", pakt::godot4);
  WriteSeeds(root / "generated_godot3", pakt::godot3);
  return 0;
}
