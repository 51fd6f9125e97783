// pakt decode --schema S --message M [--format F] [--hex] [--partial]: payload on stdin -> JSON.
#include <cstdio>

#include "codec/json_codec.hpp"
#include "command_line.hpp"
#include "commands.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "decode";
constexpr const char* kUsage =
    "usage: pakt decode --schema SCHEMA.yaml --message NAME [--format FORMAT] [--hex] [--partial]\n"
    "                   [--style unity|shortest]\n"
    "\n"
    "Reads one encoded message on stdin and prints it as JSON.\n"
    "  --format FORMAT  compact (default), mslima, godot4, godot3 or json\n"
    "  --hex            stdin is hex text (whitespace ignored) instead of raw bytes\n"
    "  --partial        on an error, also print the fields decoded before it (compact, mslima)\n"
    "  --style STYLE    JSON floats: shortest (default) or unity (JsonUtility's 17 digits)\n"
    "Errors name the byte offset and the field path: 'offset 9: Player.name: truncated string ...'.\n"
    "exit codes: 0 ok, 1 bad input (one error line on stderr), 2 usage error\n";

}  // namespace

int run_decode(int argc, char** argv) {
  const OptionSpec spec{{"--schema", "--message", "--format", "--style"}, {"--hex", "--partial"}};
  const auto options = parse_options(kCommand, kUsage, spec, argc, argv);
  if (!options) return 2;
  if (options->help) return std::fputs(kUsage, stdout), 0;
  const std::string* schema_path = options->value("--schema");
  const std::string* message_name = options->value("--message");
  if (schema_path == nullptr || message_name == nullptr) {
    return usage_error(kCommand, kUsage, "--schema and --message are required");
  }
  const auto format = format_option(kCommand, kUsage, *options);
  if (!format) return 2;
  JsonStyle style = JsonStyle::kShortest;
  if (const std::string* name = options->value("--style")) {
    if (*name != "unity" && *name != "shortest") return usage_error(kCommand, kUsage, "unknown style '" + *name + "'");
    if (*name == "unity") style = JsonStyle::kUnity;
  }
  const auto schemas = load_schema(kCommand, *schema_path);
  if (!schemas) return 1;
  const schema::Message* message = find_message(kCommand, *schemas, *message_name);
  if (message == nullptr) return 1;

  const std::string input = read_stdin();
  std::vector<std::uint8_t> bytes(input.begin(), input.end());
  if (options->has("--hex") && !parse_hex(input, bytes)) {
    return fail(kCommand, "stdin is not hex (pairs of 0-9a-f, whitespace ignored)");
  }
  dynamic::DynValue value;
  const Status decoded = dynamic::decode(*message, bytes, *format, value);
  if (!decoded) {
    const bool binary = *format == dynamic::Format::kCompact || *format == dynamic::Format::kMslima;
    if (options->has("--partial") && binary && !value.is_null()) {
      std::printf("%s\n", dynamic::message_to_json(*message, value, style).c_str());
    }
    return fail(kCommand, decoded.to_string());
  }
  std::printf("%s\n", dynamic::message_to_json(*message, value, style).c_str());
  return 0;
}

}  // namespace pakt::cli
