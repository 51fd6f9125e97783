// pakt sizes --schema S [--message M] [--json] [--svg FILE] [--no-mono]: what each encoding costs, for
// every message with an `example:`.
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "binary_formatter_sizes.hpp"
#include "command_support.hpp"
#include "size_chart.hpp"
#include "size_table.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "sizes";

struct SizesOptions {
  std::string schema;                  // --schema
  std::optional<std::string> message;  // --message
  bool json = false;                   // --json
  std::optional<std::string> svg;      // --svg
  bool no_mono = false;                // --no-mono: no BinaryFormatter column (mono not run)
};

int run_sizes(const SizesOptions& options) {
  const auto schemas = load_schema(kCommand, options.schema);
  if (!schemas) return 1;

  std::vector<const schema::Message*> messages;
  if (const std::optional<std::string>& name = options.message) {
    const schema::Message* message = find_message(kCommand, *schemas, *name);
    if (message == nullptr) return 1;
    if (!message->example) return fail(kCommand, "message " + *name + " has no example:");
    messages.push_back(message);
  } else {
    for (const schema::Message* m : schemas->root_messages()) {
      if (m->example) messages.push_back(m);
    }
    if (messages.empty()) return fail(kCommand, "no message in " + options.schema + " has an example:");
  }
  std::vector<SizeRow> rows;
  for (const schema::Message* m : messages) {
    rows.push_back(measure_example(*m));
  }
  std::string binary_formatter_note = "not measured (--no-mono)";
  if (!options.no_mono) {
    const BinaryFormatterSizes measured = measure_binary_formatter(*schemas, messages, "python3");
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i].binary_formatter = measured.bytes[i];
    binary_formatter_note = measured.note;
  }
  if (const std::optional<std::string>& svg_path = options.svg) {
    std::ofstream svg(*svg_path);
    svg << size_chart_svg(rows);
    if (!svg) return fail(kCommand, "cannot write " + *svg_path);
  }
  if (options.json) {
    std::printf("%s\n", size_table_json(rows).c_str());
  } else {
    std::fputs(size_table_text(rows, binary_formatter_note).c_str(), stdout);
  }
  return 0;
}

void add_sizes(CommandLine& line) {
  SizesOptions& sizes = line.options<SizesOptions>();
  CLI::App* sizes_app = line.command(
      &line.app, "sizes",
      "bytes of each message example in every encoding (table, JSON, SVG)\n"
      "\n"
      "For each message with an example: (or just NAME), the bytes of its example in compact,\n"
      "mslima, packed, godot4 Dictionary, godot4 Array, JSON unity, JSON shortest, CBOR and MessagePack\n"
      "(of the unity JSON document), the theoretical size (.NET Marshal.SizeOf of the struct), and\n"
      ".NET BinaryFormatter's bytes: the C# back end's classes compiled with mcs into an assembly named\n"
      "Assembly-CSharp and run under mono (n/a when mono is not installed).",
      kPayloadExitCodes, [&sizes] { return run_sizes(sizes); });
  value_option(sizes_app, "--schema", sizes.schema, "SCHEMA.yaml", "the schema")->required();
  value_option(sizes_app, "--message", sizes.message, "NAME", "only this message");
  sizes_app->add_flag("--json", sizes.json, "print the table as JSON");
  value_option(sizes_app, "--svg", sizes.svg, "FILE", "also draw it as a grouped bar chart");
  sizes_app->add_flag("--no-mono", sizes.no_mono, "leave out the BinaryFormatter column (does not run mcs and mono)");
}

const CommandRegistration kSizes{100, add_sizes};

}  // namespace
}  // namespace pakt::cli
