// pakt godot encode|decode: typed JSON (stdin) -> Godot Variant bytes as hex (stdout), and back.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "pakt/godot/codec.hpp"
#include "pakt/godot/hex.hpp"
#include "pakt/godot/typed_json.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kUsage =
    "usage: pakt godot encode [--godot 4|3] [--double] [--full-objects]\n"
    "       pakt godot decode [--godot 4|3] [--allow-objects] [--binary]\n"
    "\n"
    "encode  reads one typed JSON value on stdin ({\"type\": \"Vector3\", \"value\": {\"x\":1,...}})\n"
    "        and prints its var_to_bytes() encoding as hex.\n"
    "          --double        write math types as a precision=double build (Godot 4)\n"
    "          --full-objects  as var_to_bytes_with_objects\n"
    "decode  reads hex on stdin (whitespace ignored) and prints the typed JSON value.\n"
    "          --allow-objects as bytes_to_var_with_objects (full Object payloads)\n"
    "          --binary        read raw bytes instead of hex\n"
    "--godot 4|3  the engine generation (default 4)\n"
    "\n"
    "exit codes: 0 ok, 1 bad input (\"error: <reason> at offset N\" on stderr), 2 usage error\n";

int usage_error(const std::string& message) {
  std::fprintf(stderr, "pakt godot: %s\n%s", message.c_str(), kUsage);
  return 2;
}

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
  std::printf("%s\n", godot::to_hex(bytes).c_str());
  return 0;
}

int run_decode(const godot::DecodeOptions& options, bool binary) {
  const std::string text = read_stdin();
  std::vector<std::uint8_t> bytes;
  if (binary) {
    bytes.assign(text.begin(), text.end());
  } else {
    std::size_t bad = 0;
    if (!godot::parse_hex(text, bytes, bad)) {
      std::fprintf(stderr, "error: invalid hex (bad digit or odd digit count) at offset %zu\n", bad);
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

int run_godot(int argc, char** argv) {
  if (argc < 1) return usage_error("missing subcommand");
  const std::string command = argv[0];
  if (command == "--help" || command == "-h") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (command != "encode" && command != "decode") return usage_error("unknown subcommand '" + command + "'");
  const bool encoding = command == "encode";

  godot::EncodeOptions encode_options;
  godot::DecodeOptions decode_options;
  bool binary = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg == "--godot") {
      if (i + 1 >= argc) return usage_error("--godot needs 4 or 3");
      const std::string version = argv[++i];
      if (version != "4" && version != "3") return usage_error("--godot needs 4 or 3, not '" + version + "'");
      const auto v = version == "4" ? godot::Version::godot4 : godot::Version::godot3;
      encode_options.version = v;
      decode_options.version = v;
    } else if (encoding && arg == "--double") {
      encode_options.double_precision = true;
    } else if (encoding && arg == "--full-objects") {
      encode_options.full_objects = true;
    } else if (!encoding && arg == "--allow-objects") {
      decode_options.allow_objects = true;
    } else if (!encoding && arg == "--binary") {
      binary = true;
    } else {
      return usage_error("unknown option '" + arg + "' for " + command);
    }
  }
  return encoding ? run_encode(encode_options) : run_decode(decode_options, binary);
}

}  // namespace pakt::cli
