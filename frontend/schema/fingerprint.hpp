// The schema fingerprint (docs/replication.md, "The schema fingerprint"): 64-bit FNV-1a over a
// canonical text of everything that decides a message's bytes in some format, the messages and
// enums it uses included; per message and per file. Computed from the descriptor's own JSON, so
// what the fingerprint covers is exactly what the descriptor says, minus what reaches no format.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "schema/loader.hpp"

namespace pakt::schema {

// Sets facts.fingerprint of every message and the "fingerprint" of every file of a descriptor
// that describe() wrote (before it is returned).
void add_fingerprints(nlohmann::ordered_json& descriptor);

// The canonical text a message's fingerprint hashes (for tests and `pakt describe --explain`-like
// debugging): JSON, one line.
std::string fingerprint_text_of(const nlohmann::ordered_json& descriptor, const std::string& file,
                                const std::string& message);

// The fingerprint of one message of a validated SchemaSet (describes it: for tools and tests, not
// for loops). 0 when it cannot be described (nested beyond describe()'s bounds).
std::uint64_t message_fingerprint(const SchemaSet& schemas, const Message& message);

// 64-bit FNV-1a.
std::uint64_t fnv1a64(const std::string& bytes);

}  // namespace pakt::schema
