// pakt sizes --schema S [--message M] [--json] [--svg FILE] [--no-mono]: what each encoding costs, for
// every message with an `example:`.
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "binary_formatter_sizes.hpp"
#include "command_support.hpp"
#include "commands.hpp"
#include "size_chart.hpp"
#include "size_table.hpp"

namespace pakt::cli {
namespace {

constexpr const char* kCommand = "sizes";
}  // namespace

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
    SizeRow row;
    const Status measured = measure_example(*m, row);
    if (!measured) return fail(kCommand, measured.message());
    rows.push_back(row);
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

}  // namespace pakt::cli
