// pakt inspect --schema S --message M [--format F] [--hex]: an annotated hex dump — offset,
// bytes, field path and value of every run of bytes, as a protocol dissector shows them.
#include <cstdio>

#include "command_line.hpp"
#include "commands.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "inspect";
constexpr const char* kUsage =
    "usage: pakt inspect --schema SCHEMA.yaml --message NAME [--format FORMAT] [--hex]\n"
    "\n"
    "Reads one encoded message on stdin and prints one line per field value:\n"
    "  offset  bytes (hex)  field path = value\n"
    "Lengths, counts and presence bytes get lines of their own. On a decode error the lines\n"
    "decoded so far are printed, then the error. Godot payloads get one line per field (its\n"
    "Dictionary key and value).\n"
    "  --format FORMAT  compact (default), mslima, godot4 or godot3\n"
    "  --hex  stdin is hex text (whitespace ignored) instead of raw bytes\n"
    "exit codes: 0 ok, 1 bad input (one error line on stderr), 2 usage error\n";

constexpr std::size_t kBytesShown = 16;  // longer runs are cut with "..."

void print_entry(const std::vector<std::uint8_t>& bytes, const dynamic::TraceEntry& e) {
  std::string hex;
  for (std::size_t i = 0; i < e.size && i < kBytesShown; ++i) {
    char byte[4];
    std::snprintf(byte, sizeof byte, "%02x ", bytes[e.offset + i]);
    hex += byte;
  }
  if (e.size > kBytesShown) hex += "...";
  std::printf("%06zx  %-52s %s = %s\n", e.offset, hex.c_str(), e.path.c_str(), e.value.c_str());
}

}  // namespace

int run_inspect(int argc, char** argv) {
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
  if (*format == dynamic::Format::kJson) return usage_error(kCommand, kUsage, "inspect reads binary payloads, not json");
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
  dynamic::Trace trace;
  const Status decoded = dynamic::decode(*message, bytes, *format, value, &trace);
  for (const dynamic::TraceEntry& e : trace) print_entry(bytes, e);
  if (!decoded) return fail(kCommand, decoded.to_string());
  std::printf("%06zx  (end: %zu bytes)\n", bytes.size(), bytes.size());
  return 0;
}

}  // namespace pakt::cli
