// The size comparison of `pakt sizes`: one row per message example, one column per encoding.
#pragma once

#include <cstddef>
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
};

Status measure_example(const schema::Message& message, SizeRow& row);

std::string size_table_text(const std::vector<SizeRow>& rows);
std::string size_table_json(const std::vector<SizeRow>& rows);

}  // namespace pakt::cli
