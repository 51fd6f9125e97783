// Fuzz target: the pakt CLI's run-time schema codec (tools/pakt, library pakt_dynamic), checked
// against the generated code of the same schemas (tests/schemas/rich.yaml and framed.yaml, whose
// extensible messages are framed). The first input byte picks the format (compact, mslima, godot4,
// godot3) and the message; the rest is the payload.
// Both decoders must give the same verdict; whatever decodes must re-encode to the bytes the
// generated code writes for the same message, and decode again to the same bytes.
//
// A first byte of 0x80 and above picks the packed format (docs/packed.md), run-time codec alone:
// bit 0 clear, a plain payload of one of kPackedMessages; set, a delta of one of kDeltaMessages
// (packed.yaml's Scene, packed_delta.yaml's Room): two bytes (little endian) give the length of a plain packed baseline,
// then the baseline, then the delta. Whatever decodes must re-encode, and the re-encoding decode:
// - plain: to the same bytes — except in messages with a smallest-three Quaternion, where a
//   payload may name a largest component that its three others outweigh (the decoder computes it
//   from them; docs/packed.md), so the re-encoding names another, and near-ties can flip too;
// - delta: the re-encoded delta applied to the baseline must give the value the first delta gave
//   (its full packed encoding), and re-encoding it again gives the same delta bytes. Delta bytes
//   need not equal the input: a changed bit may be set on an unchanged field, and a list delta may
//   use the longer of its two modes.
#include <cstdint>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "dynamic/formats.hpp"
#include "dynamic/packed_codec.hpp"
#include "fuzz_check.hpp"
#include "fuzz_paths.hpp"
#include "framed.pakt.h"
#include "rich.pakt.h"
#include "schema/facts.hpp"
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

// ------------------------------------------------------------------------------ packed
// The selector's message indexes are those of tests/fuzz/make_seeds.py (PACKED_MESSAGES).
struct PackedMessage {
  const char* schema;
  const char* name;
};
const PackedMessage kPackedMessages[] = {
    {pakt::fuzz::kPackedSchemaPath, "Numbers"},    {pakt::fuzz::kPackedSchemaPath, "Floats"},
    {pakt::fuzz::kPackedSchemaPath, "Collections"}, {pakt::fuzz::kPackedSchemaPath, "Cube"},
    {pakt::fuzz::kPackedSchemaPath, "Camera"},     {pakt::fuzz::kPackedSchemaPath, "Scene"},
    {pakt::fuzz::kRichSchemaPath, "Nested"},       {pakt::fuzz::kRichSchemaPath, "Lists"},
    {pakt::fuzz::kRichSchemaPath, "Texts"},        {pakt::fuzz::kRichSchemaPath, "Optionals"},
    {pakt::fuzz::kPackedDeltaSchemaPath, "Room"},
};

const PackedMessage kDeltaMessages[] = {
    {pakt::fuzz::kPackedSchemaPath, "Scene"},
    {pakt::fuzz::kPackedDeltaSchemaPath, "Room"},
};

// Does a value of the message hold a smallest-three Quaternion (see the top)?
bool HasSmallestThree(const pakt::schema::Message& m, int depth = 0) {
  if (depth > 16) return false;  // schemas are not recursive (the front end refuses it)
  for (const pakt::schema::Field& f : m.fields) {
    const pakt::schema::TypeRef* t = &f.type;
    while (t->element) t = t->element.get();
    if (t->kind == pakt::schema::TypeRef::Kind::kMessage) {
      if (HasSmallestThree(*t->message, depth + 1)) return true;
      continue;
    }
    const auto code = pakt::schema::packed_leaf_code(f);
    if (code && code->kind == pakt::schema::PackedCode::Kind::kSmallestThree) return true;
  }
  return false;
}

std::vector<std::uint8_t> PackedBytes(const pakt::schema::Message& m, const pakt::dynamic::DynValue& v) {
  std::vector<std::uint8_t> out;
  require(pakt::dynamic::encode_packed(m, v, out).ok(), "a decoded value re-encodes in packed");
  return out;
}

void CheckPacked(const pakt::schema::Message& m, pakt::ByteView payload) {
  pakt::dynamic::DynValue value;
  if (!pakt::dynamic::decode_packed(m, payload, value).ok()) return;
  const std::vector<std::uint8_t> encoded = PackedBytes(m, value);
  if (!HasSmallestThree(m)) {
    require(encoded == std::vector<std::uint8_t>(payload.begin(), payload.end()),
            "a decoded packed payload re-encodes to the same bytes");
  }
  pakt::dynamic::DynValue value_again;
  require(pakt::dynamic::decode_packed(m, encoded, value_again).ok(), "a re-encoded packed value decodes");
  (void)PackedBytes(m, value_again);
}

void CheckPackedDelta(const pakt::schema::Message& m, pakt::ByteView input) {
  if (input.size() < 2) return;
  std::size_t base_size = std::size_t{input[0]} | std::size_t{input[1]} << 8;
  if (base_size > input.size() - 2) base_size = input.size() - 2;
  pakt::dynamic::DynValue baseline;
  if (!pakt::dynamic::decode_packed(m, pakt::ByteView(input.data() + 2, base_size), baseline).ok()) return;
  const pakt::ByteView delta(input.data() + 2 + base_size, input.size() - 2 - base_size);
  pakt::dynamic::DynValue value;
  if (!pakt::dynamic::decode_packed_delta(m, delta, baseline, value).ok()) return;
  const std::vector<std::uint8_t> full = PackedBytes(m, value);
  std::vector<std::uint8_t> encoded;
  require(pakt::dynamic::encode_packed_delta(m, value, baseline, encoded).ok(), "a decoded delta re-encodes");
  pakt::dynamic::DynValue applied;
  require(pakt::dynamic::decode_packed_delta(m, encoded, baseline, applied).ok(), "a re-encoded delta decodes");
  if (!HasSmallestThree(m)) {
    require(PackedBytes(m, applied) == full, "a re-encoded delta applies to the same value");
    std::vector<std::uint8_t> encoded_again;
    require(pakt::dynamic::encode_packed_delta(m, applied, baseline, encoded_again).ok() && encoded_again == encoded,
            "re-encoding a delta is stable (same bytes)");
  }
}

void CheckPackedInput(std::uint8_t selector, pakt::ByteView payload) {
  if ((selector & 1) != 0) {
    const PackedMessage& which = kDeltaMessages[(selector >> 1) % std::size(kDeltaMessages)];
    const pakt::schema::Message* message = LoadedSchema(which.schema).find_message(which.name);
    require(message != nullptr && message->delta, "the test schema has the delta message");
    return CheckPackedDelta(*message, payload);
  }
  const PackedMessage& which = kPackedMessages[(selector >> 1) % std::size(kPackedMessages)];
  const pakt::schema::Message* message = LoadedSchema(which.schema).find_message(which.name);
  require(message != nullptr, "the test schema has the message");
  CheckPacked(*message, payload);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const pakt::ByteView payload(data + 1, size - 1);
  if (data[0] >= 0x80) {
    CheckPackedInput(static_cast<std::uint8_t>(data[0] - 0x80), payload);
    return 0;
  }
  const std::uint8_t message = static_cast<std::uint8_t>(data[0] / 4);
  switch (data[0] % 4) {
    case 0: CheckMessage(message, payload, pakt::dynamic::Format::kCompact, pakt::compact); break;
    case 1: CheckMessage(message, payload, pakt::dynamic::Format::kMslima, pakt::mslima); break;
    case 2: CheckMessage(message, payload, pakt::dynamic::Format::kGodot4, pakt::godot4); break;
    default: CheckMessage(message, payload, pakt::dynamic::Format::kGodot3, pakt::godot3); break;
  }
  return 0;
}
