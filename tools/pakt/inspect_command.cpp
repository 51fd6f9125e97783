// pakt inspect --schema S --message M [--format F] [--hex] [--baseline FILE]: an annotated hex
// dump — offset, bytes, field path and value of every run of bytes, as a protocol dissector shows
// them; packed payloads get the bit offset and bit count of every run instead. The first line names
// the message and its schema fingerprint.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "command_support.hpp"
#include "schema/facts.hpp"
#include "schema/fingerprint.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "inspect";
constexpr std::size_t kBytesShown = 16;  // longer runs are cut with "..."

void print_entry(const std::vector<std::uint8_t>& bytes, const dynamic::TraceEntry& e) {
  if (e.bits) {  // packed: "bit 17+7  Player.health = 100"; an empty path marks the end of the bits
    if (e.path.empty()) {
      std::printf("%-14s (end: %zu bits in %zu bytes)\n", ("bit " + std::to_string(e.offset)).c_str(), e.offset,
                  bytes.size());
      return;
    }
    const std::string where = "bit " + std::to_string(e.offset) + "+" + std::to_string(e.size);
    std::printf("%-14s %s = %s\n", where.c_str(), e.path.c_str(), e.value.c_str());
    return;
  }
  std::string hex = to_hex(bytes.data() + e.offset, std::min(e.size, kBytesShown), " ");
  if (e.size != 0) hex += ' ';
  if (e.size > kBytesShown) hex += "...";
  std::printf("%06zx  %-52s %s = %s\n", e.offset, hex.c_str(), e.path.c_str(), e.value.c_str());
}


struct InspectOptions {
  std::string schema;                                  // --schema
  std::string message;                                 // --message
  dynamic::Format format = dynamic::Format::kCompact;  // --format (not json)
  bool hex = false;                                    // --hex
  std::optional<std::string> baseline;                 // --baseline (packed deltas)
};

int run_inspect(const InspectOptions& options) {
  const auto schemas = load_schema(kCommand, options.schema);
  if (!schemas) return 1;
  const schema::Message* message = find_message(kCommand, *schemas, options.message);
  if (message == nullptr) return 1;

  const std::string input = read_stdin();
  std::vector<std::uint8_t> bytes(input.begin(), input.end());
  if (options.hex && !parse_hex(input, bytes)) {
    return fail(kCommand, "stdin is not hex (pairs of 0-9a-f, whitespace ignored)");
  }
  dynamic::DynValue value;
  dynamic::Trace trace;
  Status decoded;
  if (options.baseline) {
    dynamic::DynValue baseline;
    if (!load_baseline(kCommand, *message, *options.baseline, baseline)) return 1;
    decoded = dynamic::decode_delta(*message, bytes, baseline, value, &trace);
  } else {
    decoded = dynamic::decode(*message, bytes, options.format, value, &trace);
  }
  // Which schema the bytes were read with: what a peer's fingerprint must equal (docs/replication.md).
  std::printf("%s: schema fingerprint %s\n", message->name.c_str(),
              schema::fingerprint_text(schema::message_fingerprint(*schemas, *message)).c_str());
  for (const dynamic::TraceEntry& e : trace) print_entry(bytes, e);
  if (!decoded) return fail(kCommand, decoded.to_string());
  if (options.format != dynamic::Format::kPacked) std::printf("%06zx  (end: %zu bytes)\n", bytes.size(), bytes.size());
  return 0;
}

void add_inspect(CommandLine& line) {
  InspectOptions& inspect = line.options<InspectOptions>();
  CLI::App* inspect_app = line.command(
      &line.app, "inspect",
      "annotated hex dump of a message: offset, bytes, field path, value\n"
      "\n"
      "Reads one encoded message on stdin and prints one line per field value:\n"
      "  offset  bytes (hex)  field path = value\n"
      "Lengths, counts and presence bytes get lines of their own. On a decode error the lines\n"
      "decoded so far are printed, then the error. Godot payloads get one line per field (its\n"
      "Dictionary key and value). Packed payloads get bit offsets and bit counts instead:\n"
      "  bit OFFSET+BITS  field path = value\n"
      "and with --baseline each field's changed bit on a line of its own.",
      kPayloadExitCodes, [&inspect] { return run_inspect(inspect); });
  add_message_options(inspect_app, inspect.schema, inspect.message, inspect.format,
                      {kAllFormats.begin(), kAllFormats.end() - 1},  // binary payloads: not json
                      "compact (default), mslima, godot4, godot3 or packed");
  inspect_app->add_flag("--hex", inspect.hex, "stdin is hex text (whitespace ignored) instead of raw bytes");
  add_baseline_option(line, inspect_app, inspect.baseline, inspect.format, "the payload is a delta against FILE");
}

const CommandRegistration kInspect{90, add_inspect};

}  // namespace
}  // namespace pakt::cli
