// pakt encode --schema S --message M [--format F] [--hex] [--baseline FILE]: JSON on stdin -> payload
// on stdout (with --baseline: the packed delta against FILE's value).
#include <cstdio>

#include "dynamic/json_codec.hpp"
#include "command_support.hpp"
#include "commands.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "encode";
}  // namespace

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

}  // namespace pakt::cli
