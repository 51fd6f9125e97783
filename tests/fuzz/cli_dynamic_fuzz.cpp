// Fuzz target: the pakt CLI's run-time schema codec (tools/pakt, library pakt_dynamic), checked
// against the generated code of the same schema (tests/schemas/rich.yaml). The first input byte
// picks the format (compact, mslima, godot4, godot3) and the message; the rest is the payload.
// Both decoders must give the same verdict; whatever decodes must re-encode to the bytes the
// generated code writes for the same message, and decode again to the same bytes.
#include <cstdint>
#include <vector>

#include "codec/formats.hpp"
#include "fuzz_check.hpp"
#include "fuzz_paths.hpp"
#include "rich.pakt.h"
#include "schema/loader.hpp"

namespace {

using pakt::fuzz::require;

const pakt::schema::SchemaSet& RichSchema() {
  static const pakt::schema::SchemaSet schemas = [] {
    pakt::schema::SchemaSet loaded = pakt::schema::load_schemas({pakt::fuzz::kRichSchemaPath});
    require(loaded.ok(), "tests/schemas/rich.yaml loads at run time");
    return loaded;
  }();
  return schemas;
}

template <class Message, class GeneratedFormat>
void CheckAgainstGenerated(const char* name, pakt::ByteView payload, pakt::dynamic::Format format,
                           GeneratedFormat generated_format) {
  const pakt::schema::Message* message = RichSchema().find_message(name);
  require(message != nullptr, "rich.yaml has the message");
  pakt::dynamic::DynValue value;
  const bool dynamic_ok = pakt::dynamic::decode(*message, payload, format, value).ok();
  Message generated;
  const bool generated_ok = pakt::test::Deserialize(payload, generated, generated_format).ok();
  require(dynamic_ok == generated_ok, "the run-time codec and generated code accept the same payloads");
  if (!dynamic_ok) return;

  std::vector<std::uint8_t> encoded;
  require(pakt::dynamic::encode(*message, value, format, encoded).ok(), "a decoded value re-encodes");
  std::vector<std::uint8_t> generated_encoded;
  require(pakt::test::Serialize(generated, generated_encoded, generated_format).ok(), "generated code re-encodes");
  require(encoded == generated_encoded, "the run-time codec re-encodes the bytes generated code writes");
  pakt::dynamic::DynValue value_again;
  require(pakt::dynamic::decode(*message, encoded, format, value_again).ok(), "a re-encoded value decodes");
  std::vector<std::uint8_t> encoded_again;
  require(pakt::dynamic::encode(*message, value_again, format, encoded_again).ok(), "a value re-encodes twice");
  require(encoded_again == encoded, "re-encoding is stable (same bytes)");
}

template <class GeneratedFormat>
void CheckMessage(std::uint8_t which, pakt::ByteView payload, pakt::dynamic::Format format, GeneratedFormat f) {
  switch (which % 5) {
    case 0: return CheckAgainstGenerated<pakt::test::Nested>("Nested", payload, format, f);
    case 1: return CheckAgainstGenerated<pakt::test::Lists>("Lists", payload, format, f);
    case 2: return CheckAgainstGenerated<pakt::test::Texts>("Texts", payload, format, f);
    case 3: return CheckAgainstGenerated<pakt::test::Optionals>("Optionals", payload, format, f);
    default: return CheckAgainstGenerated<pakt::test::Versioned>("Versioned", payload, format, f);
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
