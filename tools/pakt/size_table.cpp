#include "size_table.hpp"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "dynamic/compact_mslima_codec.hpp"
#include "dynamic/godot_codec.hpp"
#include "dynamic/json_codec.hpp"
#include "dynamic/packed_codec.hpp"
#include "schema/facts.hpp"

namespace pakt::cli {

const std::vector<SizeColumn>& size_columns() {
  static const std::vector<SizeColumn> kColumns = {
      {"compact", "compact"},           {"mslima", "mslima"},
      {"packed", "packed"},
      {"godot4_dictionary", "godot4 dict"}, {"godot4_array", "godot4 array"},
      {"json_unity", "JSON unity"},     {"json_shortest", "JSON shortest"},
      {"cbor", "CBOR"},                 {"msgpack", "MessagePack"},
      {"theoretical", "theoretical"},
  };
  return kColumns;
}

SizeRow measure_example(const schema::Message& message) {
  const dynamic::DynValue value = dynamic::message_from_schema_value(message, *message.example);
  SizeRow row;
  row.message = message.name;
  std::vector<std::uint8_t> bytes;
  const auto measure = [&](const Status& s) {
    if (s) {
      row.bytes.emplace_back(bytes.size());
    } else {
      row.refused.push_back(message.name + " " + size_columns()[row.bytes.size()].title + ": " + s.message());
      row.bytes.emplace_back(std::nullopt);
    }
  };
  measure(dynamic::encode_binary(message, value, dynamic::BinaryFormat::kCompact, bytes));
  measure(dynamic::encode_binary(message, value, dynamic::BinaryFormat::kMslima, bytes));
  measure(dynamic::encode_packed(message, value, bytes));
  measure(dynamic::encode_godot(message, value, godot::Version::godot4, bytes, false));
  measure(dynamic::encode_godot(message, value, godot::Version::godot4, bytes, true));
  const std::string unity = dynamic::message_to_json(message, value, JsonStyle::kUnity);
  row.bytes.emplace_back(unity.size());
  row.bytes.emplace_back(dynamic::message_to_json(message, value, JsonStyle::kShortest).size());
  const nlohmann::json document = nlohmann::json::parse(unity);
  row.bytes.emplace_back(nlohmann::json::to_cbor(document).size());
  row.bytes.emplace_back(nlohmann::json::to_msgpack(document).size());
  row.bytes.emplace_back(schema::marshal_layout(message).size);
  return row;
}

std::string size_table_text(const std::vector<SizeRow>& rows, const std::string& binary_formatter_note) {
  std::size_t name_width = 7;
  for (const SizeRow& r : rows) name_width = std::max(name_width, r.message.size());
  const int width = static_cast<int>(name_width);
  std::string out;
  char cell[64];
  std::snprintf(cell, sizeof cell, "%-*s", width, "message");
  out += cell;
  for (const SizeColumn& c : size_columns()) {
    std::snprintf(cell, sizeof cell, "  %13s", c.title);
    out += cell;
  }
  out += "  BinaryFormatter\n";
  for (const SizeRow& r : rows) {
    std::snprintf(cell, sizeof cell, "%-*s", width, r.message.c_str());
    out += cell;
    for (const std::optional<std::size_t>& n : r.bytes) {
      std::snprintf(cell, sizeof cell, "  %13s", n ? std::to_string(*n).c_str() : "n/a");
      out += cell;
    }
    const std::string binary_formatter = r.binary_formatter ? std::to_string(*r.binary_formatter) : "n/a";
    std::snprintf(cell, sizeof cell, "  %15s\n", binary_formatter.c_str());
    out += cell;
  }
  for (const SizeRow& r : rows) {
    for (const std::string& why : r.refused) out += "n/a: " + why + "\n";
  }
  if (!binary_formatter_note.empty()) out += "BinaryFormatter: " + binary_formatter_note + "\n";
  return out;
}

std::string size_table_json(const std::vector<SizeRow>& rows) {
  nlohmann::ordered_json table = nlohmann::ordered_json::array();
  for (const SizeRow& r : rows) {
    nlohmann::ordered_json row;
    row["message"] = r.message;
    for (std::size_t i = 0; i < r.bytes.size(); ++i) {
      row[size_columns()[i].key] = r.bytes[i] ? nlohmann::ordered_json(*r.bytes[i]) : nullptr;
    }
    if (!r.refused.empty()) row["refused"] = r.refused;
    row["binary_formatter"] = r.binary_formatter ? nlohmann::ordered_json(*r.binary_formatter) : nullptr;
    table.push_back(row);
  }
  return table.dump(2);
}

}  // namespace pakt::cli
