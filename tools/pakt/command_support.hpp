// What the payload commands (encode, decode, inspect, sizes) share: loading the schema, finding
// the message, reading stdin as bytes or hex, and printing errors as one line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dynamic/dyn_value.hpp"
#include "pakt_internal/hex.hpp"
#include "schema/loader.hpp"

namespace pakt::cli {

// Exit-1 error line: "pakt <command>: error: <message>".
int fail(const char* command, const std::string& message);

// Loads the schema file; on errors prints the first diagnostic as the error line, returns nullopt.
std::optional<schema::SchemaSet> load_schema(const char* command, const std::string& path);

// The message of that name, or nullptr after an error line that lists the schema's messages.
const schema::Message* find_message(const char* command, const schema::SchemaSet& schemas, const std::string& name);

std::string read_stdin();

// --baseline FILE (packed deltas): the JSON value of the message in FILE. False after an error line
// (the file unreadable, not the message's JSON, or the message without `delta: true`).
bool load_baseline(const char* command, const schema::Message& message, const std::string& path,
                   dynamic::DynValue& out);
// stdin as hex (--hex), hex output and the `bytes` of JSON: pakt_internal/hex.hpp.
using internal::parse_hex;
using internal::to_hex;

}  // namespace pakt::cli
