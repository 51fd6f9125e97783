// pakt godot encode|decode: typed JSON (stdin) -> Godot Variant bytes as hex (stdout), and back.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "pakt/godot/codec.hpp"
#include "pakt/godot/typed_json.hpp"
#include "pakt_internal/hex.hpp"

namespace pakt::cli {
namespace {

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

}  // namespace

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

}  // namespace pakt::cli
