// Schema evolution check: every change from an old schema to a new one that breaks peers still on
// the old one — the rules and the report of docs/evolution.md.
#pragma once

#include <string>
#include <vector>

#include "schema/diagnostics.hpp"
#include "schema/model.hpp"

namespace pakt::schema {

struct Incompatibility {
  Location new_location;
  Location old_location;
  std::string message;

  // "new.yaml:L:C: error: <message>\nold.yaml:L:C: note: previous version"
  std::string to_string() const;
};

// Compares the two root schemas and everything they import (types matched by name), in the
// order: schema version, enums, then messages with their fields.
std::vector<Incompatibility> compare_schemas(const Schema& old_schema, const Schema& new_schema);

}  // namespace pakt::schema
