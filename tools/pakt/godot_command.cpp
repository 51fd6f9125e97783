// pakt godot encode|decode: typed JSON (stdin) -> Godot Variant bytes as hex (stdout), and back.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "command_line.hpp"
#include "pakt/godot/codec.hpp"
#include "pakt/godot/typed_json.hpp"
#include "pakt_internal/hex.hpp"

namespace pakt::cli {
namespace {

struct GodotOptions {
  bool encode = false;            // the subcommand: encode, else decode
  bool godot3 = false;            // --godot 3 (default 4)
  bool double_precision = false;  // encode --double
  bool full_objects = false;      // encode --full-objects
  bool allow_objects = false;     // decode --allow-objects
  bool binary = false;            // decode --binary
};

std::string read_stdin() {
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

int run_encode(const godot::EncodeOptions& options) {
  const std::string text = read_stdin();
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) {
    std::fprintf(stderr, "error: stdin is not valid JSON\n");
    return 1;
  }
  godot::Variant value;
  const Status parsed = godot::from_typed_json(json, value);
  if (!parsed.ok()) {
    std::fprintf(stderr, "error: %s\n", parsed.message().c_str());
    return 1;
  }
  std::vector<std::uint8_t> bytes;
  const Status encoded = godot::encode(value, options, bytes);
  if (!encoded.ok()) {
    std::fprintf(stderr, "error: %s\n", encoded.message().c_str());
    return 1;
  }
  std::printf("%s\n", internal::to_hex(bytes).c_str());
  return 0;
}

int run_decode(const godot::DecodeOptions& options, bool binary) {
  const std::string text = read_stdin();
  std::vector<std::uint8_t> bytes;
  if (binary) {
    bytes.assign(text.begin(), text.end());
  } else {
    const internal::HexParse parsed = internal::parse_hex(text, bytes);
    if (!parsed) {
      std::fprintf(stderr, "error: invalid hex (bad digit or odd digit count) at offset %zu\n", parsed.offset);
      return 1;
    }
  }
  godot::Variant value;
  const godot::DecodeResult result = godot::decode(bytes, value, options);
  if (!result.ok()) {
    std::fprintf(stderr, "error: %s at offset %zu\n", result.status.message().c_str(), result.status.offset());
    return 1;
  }
  // Godot 3 strings may hold surrogates, which JSON text cannot: they print as U+FFFD.
  const std::string text_out = godot::to_typed_json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::printf("%s\n", text_out.c_str());
  return 0;
}

int run_godot(const GodotOptions& options) {
  const godot::Version version = options.godot3 ? godot::Version::godot3 : godot::Version::godot4;
  if (options.encode) {
    godot::EncodeOptions encode_options;
    encode_options.version = version;
    encode_options.double_precision = options.double_precision;
    encode_options.full_objects = options.full_objects;
    return run_encode(encode_options);
  }
  godot::DecodeOptions decode_options;
  decode_options.version = version;
  decode_options.allow_objects = options.allow_objects;
  return run_decode(decode_options, options.binary);
}

void add_godot(CommandLine& line) {
  GodotOptions& o = line.options<GodotOptions>();
  CLI::App* godot = line.command(
      &line.app, "godot",
      "encode/decode Godot Variant bytes (var_to_bytes) as typed JSON\n"
      "\n"
      "Options may come before or after encode / decode.",
      "exit codes: 0 ok, 1 bad input (\"error: <reason> at offset N\" on stderr), 2 usage error", nullptr);
  godot->require_subcommand(1);
  const auto add_version = [&o](CLI::App* to) {
    choice_option<bool>(to, "--godot", o.godot3, {{"4", false}, {"3", true}}, "Godot version", "4|3",
                        "the engine generation (default 4)");
  };
  add_version(godot);
  CLI::App* encode = line.command(
      godot, "encode",
      "typed JSON on stdin -> its var_to_bytes() encoding as hex on stdout\n"
      "\n"
      "Reads one typed JSON value ({\"type\": \"Vector3\", \"value\": {\"x\":1,...}}) on stdin\n"
      "and prints its var_to_bytes() encoding as hex.",
      godot->get_footer(), [&o] {
        o.encode = true;
        return run_godot(o);
      });
  add_version(encode);
  encode->add_flag("--double", o.double_precision, "write math types as a precision=double build (Godot 4)");
  encode->add_flag("--full-objects", o.full_objects, "as var_to_bytes_with_objects");
  CLI::App* decode = line.command(godot, "decode",
                                  "hex on stdin -> the typed JSON value on stdout\n"
                                  "\n"
                                  "Reads hex on stdin (whitespace ignored) and prints the typed JSON value.",
                                  godot->get_footer(), [&o] { return run_godot(o); });
  add_version(decode);
  decode->add_flag("--allow-objects", o.allow_objects, "as bytes_to_var_with_objects (full Object payloads)");
  decode->add_flag("--binary", o.binary, "read raw bytes instead of hex");
}

const CommandRegistration kGodot{10, add_godot};

}  // namespace
}  // namespace pakt::cli
