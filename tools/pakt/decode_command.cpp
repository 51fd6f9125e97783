// pakt decode --schema S --message M [--format F] [--hex] [--partial] [--baseline FILE]: payload on
// stdin -> JSON (with --baseline: a packed delta applied to FILE's value).
#include <cstdio>

#include "dynamic/json_codec.hpp"
#include "command_support.hpp"
#include "commands.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "decode";
}  // namespace

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

}  // namespace pakt::cli
