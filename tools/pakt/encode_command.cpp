// pakt encode --schema S --message M [--format F] [--hex]: JSON on stdin -> payload on stdout.
#include <cstdio>

#include "codec/json_codec.hpp"
#include "command_line.hpp"
#include "commands.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "encode";
constexpr const char* kUsage =
    "usage: pakt encode --schema SCHEMA.yaml --message NAME [--format FORMAT] [--hex]\n"
    "\n"
    "Reads one JSON object (the message's fields by name; missing fields take their defaults)\n"
    "on stdin and writes the encoded message on stdout.\n"
    "  --format FORMAT  compact (default), mslima, godot4, godot3 or json (unity style)\n"
    "  --hex            write lowercase hex and a newline instead of raw bytes\n"
    "Floats also accept \"NaN\", \"Infinity\" and \"-Infinity\"; enums their value names.\n"
    "exit codes: 0 ok, 1 bad input (one error line on stderr), 2 usage error\n";

}  // namespace

int run_encode(int argc, char** argv) {
  const OptionSpec spec{{"--schema", "--message", "--format"}, {"--hex"}};
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
  const auto schemas = load_schema(kCommand, *schema_path);
  if (!schemas) return 1;
  const schema::Message* message = find_message(kCommand, *schemas, *message_name);
  if (message == nullptr) return 1;

  dynamic::DynValue value;
  const Status parsed = dynamic::message_from_json_text(*message, read_stdin(), value);
  if (!parsed) return fail(kCommand, parsed.message());
  std::vector<std::uint8_t> bytes;
  const Status encoded = dynamic::encode(*message, value, *format, bytes);
  if (!encoded) return fail(kCommand, encoded.message());
  if (options->has("--hex")) {
    std::printf("%s\n", to_hex(bytes).c_str());
  } else {
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
  }
  return 0;
}

}  // namespace pakt::cli
