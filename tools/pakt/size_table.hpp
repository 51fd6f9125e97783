// The size comparison of `pakt sizes`: one row per message example, one column per encoding.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "pakt/status.hpp"
#include "schema/model.hpp"

namespace pakt::cli {

struct SizeColumn {
  const char* key;    // JSON name
  const char* title;  // table header
};

// The columns in order: compact, mslima, packed, godot4 dict, godot4 array, JSON unity, JSON shortest,
// CBOR, MessagePack, theoretical.
const std::vector<SizeColumn>& size_columns();

struct SizeRow {
  std::string message;
  std::vector<std::size_t> bytes;  // one per column
  // .NET BinaryFormatter under mono (binary_formatter_sizes.hpp); nullopt when not measured.
  std::optional<std::size_t> binary_formatter;
};

Status measure_example(const schema::Message& message, SizeRow& row);

// The table, with a last column BinaryFormatter ("n/a" where not measured) and, when binary_formatter_note
// is not empty, a line after the table that says why.
std::string size_table_text(const std::vector<SizeRow>& rows, const std::string& binary_formatter_note);
// One object per row; "binary_formatter" is null where it was not measured.
std::string size_table_json(const std::vector<SizeRow>& rows);

}  // namespace pakt::cli
