#include "command_support.hpp"

#include "dynamic/json_codec.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>

namespace pakt::cli {

const std::vector<std::pair<std::string, dynamic::Format>> kAllFormats = {{"compact", dynamic::Format::kCompact},
                                                                          {"mslima", dynamic::Format::kMslima},
                                                                          {"godot4", dynamic::Format::kGodot4},
                                                                          {"godot3", dynamic::Format::kGodot3},
                                                                          {"packed", dynamic::Format::kPacked},
                                                                          {"json", dynamic::Format::kJson}};

void add_message_options(CLI::App* to, std::string& schema, std::string& message, dynamic::Format& format,
                         const std::vector<std::pair<std::string, dynamic::Format>>& formats,
                         const std::string& format_help) {
  value_option(to, "--schema", schema, "SCHEMA.yaml", "the schema that declares the message")->required();
  value_option(to, "--message", message, "NAME", "the message")->required();
  choice_option(to, "--format", format, formats, "format", "FORMAT", format_help);
}

void add_baseline_option(CommandLine& line, CLI::App* to, std::optional<std::string>& baseline,
                         const dynamic::Format& format, const std::string& what) {
  CLI::Option* option = value_option(to, "--baseline", baseline, "FILE",
                                     "packed, a message with delta: true: " + what +
                                         "\n(a JSON value of the message, as encode reads)");
  line.check([option, &format] {
    if (option->count() != 0 && format != dynamic::Format::kPacked) {
      throw CLI::ValidationError("--baseline", "applies with --format packed only");
    }
  });
}

int fail(const char* command, const std::string& message) {
  std::fprintf(stderr, "pakt %s: error: %s\n", command, message.c_str());
  return 1;
}

std::optional<schema::SchemaSet> load_schema(const char* command, const std::string& path) {
  schema::SchemaSet schemas = schema::load_schemas({path});
  if (schemas.ok()) return schemas;
  const std::size_t more = schemas.diagnostics.size() - 1;
  fail(command, "invalid schema: " + schemas.diagnostics.front().to_string() +
                    (more == 0 ? "" : " (and " + std::to_string(more) + " more: run pakt check)"));
  return std::nullopt;
}

const schema::Message* find_message(const char* command, const schema::SchemaSet& schemas, const std::string& name) {
  if (const schema::Message* m = schemas.find_message(name)) return m;
  std::string known;
  for (const schema::Message* m : schemas.root_messages()) known += (known.empty() ? "" : ", ") + m->name;
  fail(command, "no message '" + name + "' in the schema (messages: " + known + ")");
  return nullptr;
}

std::string read_stdin() {
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

bool load_baseline(const char* command, const schema::Message& message, const std::string& path,
                   dynamic::DynValue& out) {
  if (!message.delta) {
    fail(command, "--baseline: message " + message.name + " has no delta: true");
    return false;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    fail(command, "--baseline: cannot read " + path);
    return false;
  }
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const Status parsed = dynamic::message_from_json_text(message, text, out);
  if (!parsed) {
    fail(command, "--baseline " + path + ": " + parsed.message());
    return false;
  }
  return true;
}

}  // namespace pakt::cli
