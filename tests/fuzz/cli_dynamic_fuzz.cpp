// Fuzz target: the pakt CLI's run-time schema codec (tools/pakt, library pakt_dynamic), checked
// against the generated code of the same schemas (tests/schemas/rich.yaml and framed.yaml, whose
// extensible messages are framed). The first input byte picks the format (compact, mslima, godot4,
// godot3) and the message; the rest is the payload.
// Both decoders must give the same verdict; whatever decodes must re-encode to the bytes the
// generated code writes for the same message, and decode again to the same bytes.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "codec/formats.hpp"
#include "fuzz_check.hpp"
#include "fuzz_paths.hpp"
#include "framed.pakt.h"
#include "rich.pakt.h"
#include "schema/loader.hpp"

namespace {

using pakt::fuzz::require;

const pakt::schema::SchemaSet& LoadedSchema(const char* path) {
  static std::map<std::string, pakt::schema::SchemaSet> loaded;
  auto it = loaded.find(path);
  if (it == loaded.end()) {
    it = loaded.emplace(path, pakt::schema::load_schemas({path})).first;
    require(it->second.ok(), "the test schema loads at run time");
  }
  return it->second;
}

// Serialize and Deserialize of the generated code are found by argument-dependent lookup.
template <class Message, class GeneratedFormat>
void CheckAgainstGenerated(const char* schema_path, const char* name, pakt::ByteView payload,
                           pakt::dynamic::Format format, GeneratedFormat generated_format) {
  const pakt::schema::Message* message = LoadedSchema(schema_path).find_message(name);
  require(message != nullptr, "the test schema has the message");
  pakt::dynamic::DynValue value;
  const bool dynamic_ok = pakt::dynamic::decode(*message, payload, format, value).ok();
  Message generated;
  const bool generated_ok = Deserialize(payload, generated, generated_format).ok();
  require(dynamic_ok == generated_ok, "the run-time codec and generated code accept the same payloads");
  if (!dynamic_ok) return;

  std::vector<std::uint8_t> encoded;
  require(pakt::dynamic::encode(*message, value, format, encoded).ok(), "a decoded value re-encodes");
  std::vector<std::uint8_t> generated_encoded;
  require(Serialize(generated, generated_encoded, generated_format).ok(), "generated code re-encodes");
  require(encoded == generated_encoded, "the run-time codec re-encodes the bytes generated code writes");
  pakt::dynamic::DynValue value_again;
  require(pakt::dynamic::decode(*message, encoded, format, value_again).ok(), "a re-encoded value decodes");
  std::vector<std::uint8_t> encoded_again;
  require(pakt::dynamic::encode(*message, value_again, format, encoded_again).ok(), "a value re-encodes twice");
  require(encoded_again == encoded, "re-encoding is stable (same bytes)");
}

// The message indexes are those of tests/fuzz/make_seeds.py (CLI_MESSAGES).
template <class GeneratedFormat>
void CheckMessage(std::uint8_t which, pakt::ByteView payload, pakt::dynamic::Format format, GeneratedFormat f) {
  using namespace pakt::test;
  const char* rich = pakt::fuzz::kRichSchemaPath;
  const char* framed_yaml = pakt::fuzz::kFramedSchemaPath;
  switch (which % 8) {
    case 0: return CheckAgainstGenerated<Nested>(rich, "Nested", payload, format, f);
    case 1: return CheckAgainstGenerated<Lists>(rich, "Lists", payload, format, f);
    case 2: return CheckAgainstGenerated<Texts>(rich, "Texts", payload, format, f);
    case 3: return CheckAgainstGenerated<Optionals>(rich, "Optionals", payload, format, f);
    case 4: return CheckAgainstGenerated<Versioned>(rich, "Versioned", payload, format, f);
    case 5: return CheckAgainstGenerated<framed::Frame>(framed_yaml, "Frame", payload, format, f);
    case 6: return CheckAgainstGenerated<framed::Framed>(framed_yaml, "Framed", payload, format, f);
    default: return CheckAgainstGenerated<framed::Framing>(framed_yaml, "Framing", payload, format, f);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const pakt::ByteView payload(data + 1, size - 1);
  const std::uint8_t message = static_cast<std::uint8_t>(data[0] / 4);
  switch (data[0] % 4) {
    case 0: CheckMessage(message, payload, pakt::dynamic::Format::kCompact, pakt::compact); break;
    case 1: CheckMessage(message, payload, pakt::dynamic::Format::kMslima, pakt::mslima); break;
    case 2: CheckMessage(message, payload, pakt::dynamic::Format::kGodot4, pakt::godot4); break;
    default: CheckMessage(message, payload, pakt::dynamic::Format::kGodot3, pakt::godot3); break;
  }
  return 0;
}
