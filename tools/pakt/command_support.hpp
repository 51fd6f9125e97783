// What the schema commands (encode, decode, inspect, sizes) share: option parsing, loading the
// schema, reading stdin as bytes or hex, and printing errors as one line.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "codec/formats.hpp"
#include "schema/loader.hpp"

namespace pakt::cli {

// `--name value` options and `--flag` switches of one command.
struct ParsedOptions {
  std::map<std::string, std::string> values;
  std::set<std::string> flags;
  bool help = false;

  const std::string* value(const std::string& name) const;
  bool has(const std::string& flag) const { return flags.count(flag) != 0; }
};

struct OptionSpec {
  std::set<std::string> with_value;  // e.g. --schema
  std::set<std::string> switches;    // e.g. --hex
};

// Parses argv; on a usage error prints "pakt <command>: <problem>" and the usage text and
// returns nullopt (the command then exits with 2).
std::optional<ParsedOptions> parse_options(const char* command, const char* usage, const OptionSpec& spec, int argc,
                                           char** argv);

// Exit-1 error line: "pakt <command>: error: <message>".
int fail(const char* command, const std::string& message);
int usage_error(const char* command, const char* usage, const std::string& problem);

// Loads the schema file; on errors prints the first diagnostic as the error line, returns nullopt.
std::optional<schema::SchemaSet> load_schema(const char* command, const std::string& path);

// The message named by --message (required unless `optional`), or an error line.
const schema::Message* find_message(const char* command, const schema::SchemaSet& schemas, const std::string& name);

// --format (default compact); nullopt after a usage error.
std::optional<dynamic::Format> format_option(const char* command, const char* usage, const ParsedOptions& options);

std::string read_stdin();
// Hex digits with whitespace ignored; false on any other character or an odd count.
bool parse_hex(const std::string& text, std::vector<std::uint8_t>& out);
std::string to_hex(const std::vector<std::uint8_t>& bytes);

}  // namespace pakt::cli
