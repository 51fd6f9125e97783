// pakt photon decode|encode: Photon Protocol 1.6/1.8 bytes (hex) <-> typed JSON.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynamic/formats.hpp"
#include "command_line.hpp"
#include "pakt/photon/protocol.hpp"
#include "pakt_internal/hex.hpp"
#include "photon_json.hpp"
#include "photon_schema.hpp"
#include "schema/loader.hpp"

namespace pakt::cli {
namespace {

enum class Kind { kValue, kEvent, kRequest, kResponse, kMessage };

// The command line's options.
struct PhotonOptions {
  bool encode = false;                                // the subcommand: encode, else decode
  bool protocol16 = false;                            // --protocol 16 (default 18)
  Kind kind = Kind::kValue;                           // --kind
  std::optional<std::string> schema;                  // --schema
  dynamic::Format format = dynamic::Format::kMslima;  // --format (with --schema only)
};

// The options as the codecs take them, the schema loaded.
struct Options {
  photon::Protocol protocol = photon::Protocol::k18;
  Kind kind = Kind::kValue;
  std::optional<schema::SchemaSet> schemas;  // --schema
  dynamic::Format format = dynamic::Format::kMslima;
};

int input_error(const std::string& reason) {
  std::fprintf(stderr, "error: %s\n", reason.c_str());
  return 1;
}

int input_error(const Status& status) {
  std::fprintf(stderr, "error: %s at offset %zu\n", status.message().c_str(), status.offset());
  return 1;
}

std::string read_stdin() { return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()); }

// stdin as hex digits with any whitespace between them; the offset of a bad character is in the text.
bool read_hex(const std::string& text, std::vector<std::uint8_t>& out, std::string& error) {
  const internal::HexParse parsed = internal::parse_hex(text, out);
  if (parsed.problem == internal::HexProblem::kBadDigit) {
    error = "stdin is not hex: character " + std::to_string(parsed.offset) + " is '" + text[parsed.offset] + "'";
  } else if (parsed.problem == internal::HexProblem::kOddDigitCount) {
    error = "stdin has an odd number of hex digits";
  }
  return static_cast<bool>(parsed);
}

int run_decode(const Options& options) {
  std::vector<std::uint8_t> bytes;
  std::string error;
  if (!read_hex(read_stdin(), bytes, error)) return input_error(error);
  nlohmann::json out;
  Status status;
  switch (options.kind) {
    case Kind::kValue: {
      photon::Value v;
      status = photon::DecodeValue(bytes, options.protocol, v);
      out = photon_json::to_json(v);
      break;
    }
    case Kind::kEvent: {
      photon::EventData e;
      status = photon::DecodeEvent(bytes, options.protocol, e);
      out = photon_json::to_json(photon::Value(std::move(e)));
      break;
    }
    case Kind::kRequest: {
      photon::OperationRequest r;
      status = photon::DecodeRequest(bytes, options.protocol, r);
      out = photon_json::to_json(photon::Value(std::move(r)));
      break;
    }
    case Kind::kResponse: {
      photon::OperationResponse r;
      status = photon::DecodeResponse(bytes, options.protocol, r);
      out = photon_json::to_json(photon::Value(std::move(r)));
      break;
    }
    case Kind::kMessage: {
      photon::Message m;
      status = photon::DecodeMessage(bytes, options.protocol, m);
      out = photon_json::to_json(m);
      break;
    }
  }
  if (!status) return input_error(status);
  if (options.schemas && !photon_schema::decode_customs(out, *options.schemas, options.format, error)) {
    return input_error(error);
  }
  std::printf("%s\n", out.dump(2).c_str());
  return 0;
}

// The JSON value must be of the kind's type.
template <class T>
bool body_of(const photon::Value& v, photon::Type type, T& out, std::string& error) {
  if (const T* body = v.get_if<T>()) {
    out = *body;
    return true;
  }
  error = std::string("expected a ") + photon::to_string(type) + ", got " + photon::to_string(v.type());
  return false;
}

int run_encode(const Options& options) {
  nlohmann::json json = nlohmann::json::parse(read_stdin(), nullptr, false);
  if (json.is_discarded()) return input_error("stdin is not valid JSON");
  std::string error;
  if (options.schemas && !photon_schema::encode_customs(json, *options.schemas, options.format, error)) {
    return input_error(error);
  }
  std::vector<std::uint8_t> bytes;
  Status status;
  if (options.kind == Kind::kMessage) {
    photon::Message m;
    if (!photon_json::from_json(json, m, error)) return input_error(error);
    status = photon::EncodeMessage(m, options.protocol, bytes);
  } else {
    photon::Value v;
    if (!photon_json::from_json(json, v, error)) return input_error(error);
    switch (options.kind) {
      case Kind::kEvent: {
        photon::EventData e;
        if (!body_of(v, photon::Type::kEventData, e, error)) return input_error(error);
        status = photon::EncodeEvent(e, options.protocol, bytes);
        break;
      }
      case Kind::kRequest: {
        photon::OperationRequest r;
        if (!body_of(v, photon::Type::kOperationRequest, r, error)) return input_error(error);
        status = photon::EncodeRequest(r, options.protocol, bytes);
        break;
      }
      case Kind::kResponse: {
        photon::OperationResponse r;
        if (!body_of(v, photon::Type::kOperationResponse, r, error)) return input_error(error);
        status = photon::EncodeResponse(r, options.protocol, bytes);
        break;
      }
      default: status = photon::EncodeValue(v, options.protocol, bytes);
    }
  }
  if (!status) return input_error(status);
  std::printf("%s\n", internal::to_hex(bytes).c_str());
  return 0;
}

int run_photon(const PhotonOptions& options) {
  Options run_options;
  run_options.protocol = options.protocol16 ? photon::Protocol::k16 : photon::Protocol::k18;
  run_options.kind = options.kind;
  run_options.format = options.format;
  if (options.schema) {
    run_options.schemas = schema::load_schemas({*options.schema});
    if (!run_options.schemas->ok()) {
      const std::size_t more = run_options.schemas->diagnostics.size() - 1;
      return input_error("invalid schema: " + run_options.schemas->diagnostics.front().to_string() +
                         (more == 0 ? "" : " (and " + std::to_string(more) + " more: run pakt check)"));
    }
  }
  return options.encode ? run_encode(run_options) : run_decode(run_options);
}

void add_photon(CommandLine& line) {
  PhotonOptions& o = line.options<PhotonOptions>();
  CLI::App* photon = line.command(
      &line.app, "photon",
      "decode/encode Photon Protocol 1.6/1.8 values and messages as typed JSON\n"
      "\n"
      "Typed JSON: {\"type\":\"int\",\"value\":42}, Hashtables as lists of [key, value] pairs, byte[] as\n"
      "hex, custom types as {\"type\":\"custom\",\"code\":65,\"bytes\":\"..\"}. decode | encode gives the bytes\n"
      "back (for input in the canonical form Photon's own writers produce). Options may come before\n"
      "or after decode / encode.",
      "exit codes: 0 ok, 1 bad input (\"error: <reason> at offset N\" on stderr), 2 usage error", nullptr);
  photon->require_subcommand(1);
  std::vector<CLI::Option*> format_options;
  const auto add_options = [&o, &format_options](CLI::App* to) {
    choice_option<bool>(to, "--protocol", o.protocol16, {{"16", true}, {"18", false}}, "protocol", "16|18",
                        "GpBinaryV16 or GpBinaryV18 (default 18, PUN2's default)");
    choice_option<Kind>(to, "--kind", o.kind,
                        {{"value", Kind::kValue},
                         {"event", Kind::kEvent},
                         {"request", Kind::kRequest},
                         {"response", Kind::kResponse},
                         {"message", Kind::kMessage}},
                        "kind", "KIND",
                        "value: a typed value (default); event / request / response: a body\n"
                        "without a type code; message: the 0xF3 header, message type and body");
    value_option(to, "--schema", o.schema, "SCHEMA.yaml",
                 "custom types whose code is a schema message's code: decode adds\n"
                 "\"message\" and \"value\" (the body as that message's JSON) next to \"bytes\";\n"
                 "encode takes \"value\" instead of \"bytes\" (the value wins when both are given)");
    format_options.push_back(choice_option<dynamic::Format>(
        to, "--format", o.format, {{"mslima", dynamic::Format::kMslima}, {"compact", dynamic::Format::kCompact}},
        "format", "FORMAT",
        "the bodies' format with --schema: mslima (default: Unity's MSLIMA\nPhotonSerializer) or compact"));
  };
  add_options(photon);
  CLI::App* decode = line.command(photon, "decode", "hex on stdin -> typed JSON on stdout", photon->get_footer(),
                                  [&o] { return run_photon(o); });
  add_options(decode);
  CLI::App* encode = line.command(photon, "encode", "typed JSON on stdin -> the bytes as hex on stdout",
                                  photon->get_footer(), [&o] {
                                    o.encode = true;
                                    return run_photon(o);
                                  });
  add_options(encode);
  line.check([&o, format_options] {
    const bool format_given = std::any_of(format_options.begin(), format_options.end(),
                                          [](const CLI::Option* opt) { return opt->count() != 0; });
    if (format_given && !o.schema) throw CLI::ValidationError("--format", "applies with --schema only");
  });
}

const CommandRegistration kPhoton{20, add_photon};

}  // namespace
}  // namespace pakt::cli
