// pakt encode --schema S --message M [--format F] [--hex] [--baseline FILE]: JSON on stdin -> payload
// on stdout (with --baseline: the packed delta against FILE's value).
#include <cstdio>
#include <optional>
#include <string>

#include "dynamic/json_codec.hpp"
#include "command_support.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "encode";

struct EncodeOptions {
  std::string schema;                                  // --schema
  std::string message;                                 // --message
  dynamic::Format format = dynamic::Format::kCompact;  // --format
  bool hex = false;                                    // --hex
  std::optional<std::string> baseline;                 // --baseline (packed deltas)
};

int run_encode(const EncodeOptions& options) {
  const auto schemas = load_schema(kCommand, options.schema);
  if (!schemas) return 1;
  const schema::Message* message = find_message(kCommand, *schemas, options.message);
  if (message == nullptr) return 1;

  dynamic::DynValue value;
  const Status parsed = dynamic::message_from_json_text(*message, read_stdin(), value);
  if (!parsed) return fail(kCommand, parsed.message());
  std::vector<std::uint8_t> bytes;
  Status encoded;
  if (options.baseline) {
    dynamic::DynValue baseline;
    if (!load_baseline(kCommand, *message, *options.baseline, baseline)) return 1;
    encoded = dynamic::encode_delta(*message, value, baseline, bytes);
  } else {
    encoded = dynamic::encode(*message, value, options.format, bytes);
  }
  if (!encoded) return fail(kCommand, encoded.message());
  if (options.hex) {
    std::printf("%s\n", to_hex(bytes).c_str());
  } else {
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
  }
  return 0;
}

void add_encode(CommandLine& line) {
  EncodeOptions& encode = line.options<EncodeOptions>();
  CLI::App* encode_app = line.command(
      &line.app, "encode",
      "JSON -> a message in compact, mslima, godot4, godot3, packed or json\n"
      "\n"
      "Reads one JSON object (the message's fields by name; missing fields take their defaults)\n"
      "on stdin and writes the encoded message on stdout. Floats also accept \"NaN\", \"Infinity\"\n"
      "and \"-Infinity\"; enums their value names.",
      kPayloadExitCodes, [&encode] { return run_encode(encode); });
  add_message_options(encode_app, encode.schema, encode.message, encode.format, kAllFormats,
                      "compact (default), mslima, godot4, godot3, packed or json (unity style)");
  encode_app->add_flag("--hex", encode.hex, "write lowercase hex and a newline instead of raw bytes");
  add_baseline_option(line, encode_app, encode.baseline, encode.format, "write the delta against FILE");
}

const CommandRegistration kEncode{70, add_encode};

}  // namespace
}  // namespace pakt::cli
