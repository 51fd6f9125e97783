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
  // One per column; nullopt where the example has no encoding in that format (a uint64 above INT64_MAX
  // has no Godot int), with the encoder's error in `refused` ("godot4 dict: ...").
  std::vector<std::optional<std::size_t>> bytes;
  std::vector<std::string> refused;
  // .NET BinaryFormatter under mono (binary_formatter_sizes.hpp); nullopt when not measured.
  std::optional<std::size_t> binary_formatter;
};

// The row of the message's example: a format that refuses the example is "n/a" in its column, the
// other columns are still measured.
SizeRow measure_example(const schema::Message& message);

// The table, with a last column BinaryFormatter ("n/a" where not measured), "n/a" in a format that
// refused an example and, after the table, why (each refusal; binary_formatter_note when not empty).
std::string size_table_text(const std::vector<SizeRow>& rows, const std::string& binary_formatter_note);
// One object per row; "binary_formatter" is null where it was not measured.
std::string size_table_json(const std::vector<SizeRow>& rows);

}  // namespace pakt::cli
