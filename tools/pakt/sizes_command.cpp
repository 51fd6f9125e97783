// pakt sizes --schema S [--message M] [--json] [--svg FILE]: what each encoding costs, for every
// message with an `example:`.
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "command_line.hpp"
#include "commands.hpp"
#include "size_chart.hpp"
#include "size_table.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "sizes";
constexpr const char* kUsage =
    "usage: pakt sizes --schema SCHEMA.yaml [--message NAME] [--json] [--svg FILE]\n"
    "\n"
    "For each message with an example: (or just NAME), the bytes of its example in compact,\n"
    "mslima, godot4 Dictionary, godot4 Array, JSON unity, JSON shortest, CBOR and MessagePack\n"
    "(of the unity JSON document), and the theoretical size (.NET Marshal.SizeOf of the struct).\n"
    "  --json      print the table as JSON\n"
    "  --svg FILE  also draw it as a grouped bar chart\n"
    "exit codes: 0 ok, 1 bad input (one error line on stderr), 2 usage error\n";

}  // namespace

int run_sizes(int argc, char** argv) {
  const OptionSpec spec{{"--schema", "--message", "--svg"}, {"--json"}};
  const auto options = parse_options(kCommand, kUsage, spec, argc, argv);
  if (!options) return 2;
  if (options->help) return std::fputs(kUsage, stdout), 0;
  const std::string* schema_path = options->value("--schema");
  if (schema_path == nullptr) return usage_error(kCommand, kUsage, "--schema is required");
  const auto schemas = load_schema(kCommand, *schema_path);
  if (!schemas) return 1;

  std::vector<const schema::Message*> messages;
  if (const std::string* name = options->value("--message")) {
    const schema::Message* message = find_message(kCommand, *schemas, *name);
    if (message == nullptr) return 1;
    if (!message->example) return fail(kCommand, "message " + *name + " has no example:");
    messages.push_back(message);
  } else {
    for (const schema::Message* m : schemas->root_messages()) {
      if (m->example) messages.push_back(m);
    }
    if (messages.empty()) return fail(kCommand, "no message in " + *schema_path + " has an example:");
  }
  std::vector<SizeRow> rows;
  for (const schema::Message* m : messages) {
    SizeRow row;
    const Status measured = measure_example(*m, row);
    if (!measured) return fail(kCommand, measured.message());
    rows.push_back(row);
  }
  if (const std::string* svg_path = options->value("--svg")) {
    std::ofstream svg(*svg_path);
    svg << size_chart_svg(rows);
    if (!svg) return fail(kCommand, "cannot write " + *svg_path);
  }
  if (options->has("--json")) {
    std::printf("%s\n", size_table_json(rows).c_str());
  } else {
    std::fputs(size_table_text(rows).c_str(), stdout);
  }
  return 0;
}

}  // namespace pakt::cli
