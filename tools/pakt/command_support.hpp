// What the payload commands (encode, decode, inspect, sizes) share: their common options, loading
// the schema, finding the message, reading stdin as bytes or hex, and printing errors as one line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "command_line.hpp"

#include "dynamic/dyn_value.hpp"
#include "dynamic/formats.hpp"
#include "pakt_internal/hex.hpp"
#include "schema/loader.hpp"

namespace pakt::cli {

// Every --format name (encode, decode; inspect: all but json).
extern const std::vector<std::pair<std::string, dynamic::Format>> kAllFormats;

constexpr const char* kPayloadExitCodes = "exit codes: 0 ok, 1 bad input (one error line on stderr), 2 usage error";

// --schema, --message and --format of encode, decode and inspect.
void add_message_options(CLI::App* to, std::string& schema, std::string& message, dynamic::Format& format,
                         const std::vector<std::pair<std::string, dynamic::Format>>& formats,
                         const std::string& format_help);

// --baseline FILE of encode, decode and inspect: packed deltas (docs/packed.md "Delta"); `what`
// says what FILE is to this command.
void add_baseline_option(CommandLine& line, CLI::App* to, std::optional<std::string>& baseline,
                         const dynamic::Format& format, const std::string& what);

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
