// pakt decode --schema S --message M [--format F] [--hex] [--partial] [--baseline FILE]: payload on
// stdin -> JSON (with --baseline: a packed delta applied to FILE's value).
#include <cstdio>
#include <optional>
#include <string>

#include "dynamic/json_codec.hpp"
#include "command_support.hpp"
#include "pakt/json.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "decode";

struct DecodeOptions {
  std::string schema;                                  // --schema
  std::string message;                                 // --message
  dynamic::Format format = dynamic::Format::kCompact;  // --format
  bool hex = false;                                    // --hex
  std::optional<std::string> baseline;                 // --baseline (packed deltas)
  bool partial = false;                                // --partial
  JsonStyle style = JsonStyle::kShortest;              // --style
};

int run_decode(const DecodeOptions& options) {
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
  Status decoded;
  if (options.baseline) {
    dynamic::DynValue baseline;
    if (!load_baseline(kCommand, *message, *options.baseline, baseline)) return 1;
    decoded = dynamic::decode_delta(*message, bytes, baseline, value);
  } else {
    decoded = dynamic::decode(*message, bytes, options.format, value);
  }
  if (!decoded) {
    const bool binary = options.format == dynamic::Format::kCompact || options.format == dynamic::Format::kMslima ||
                        options.format == dynamic::Format::kPacked;
    if (options.partial && binary && !value.is_null()) {
      std::printf("%s\n", dynamic::message_to_json(*message, value, options.style).c_str());
    }
    return fail(kCommand, decoded.to_string());
  }
  std::printf("%s\n", dynamic::message_to_json(*message, value, options.style).c_str());
  return 0;
}

void add_decode(CommandLine& line) {
  DecodeOptions& decode = line.options<DecodeOptions>();
  CLI::App* decode_app = line.command(
      &line.app, "decode",
      "a message in any format -> JSON; errors name the offset and field\n"
      "\n"
      "Reads one encoded message on stdin and prints it as JSON. Errors name the byte offset and\n"
      "the field path: 'offset 9: Player.name: truncated string ...'.",
      kPayloadExitCodes, [&decode] { return run_decode(decode); });
  add_message_options(decode_app, decode.schema, decode.message, decode.format, kAllFormats,
                      "compact (default), mslima, godot4, godot3, packed or json");
  add_baseline_option(line, decode_app, decode.baseline, decode.format, "the payload is a delta against FILE");
  decode_app->add_flag("--hex", decode.hex, "stdin is hex text (whitespace ignored) instead of raw bytes");
  decode_app->add_flag("--partial", decode.partial,
                       "on an error, also print the fields decoded before it (compact, mslima, packed)");
  choice_option<JsonStyle>(decode_app, "--style", decode.style,
                           {{"shortest", JsonStyle::kShortest}, {"unity", JsonStyle::kUnity}}, "style", "STYLE",
                           "JSON floats: shortest (default) or unity (JsonUtility's 17 digits)");
}

const CommandRegistration kDecode{80, add_decode};

}  // namespace
}  // namespace pakt::cli
