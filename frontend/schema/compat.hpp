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

// A compatible change worth knowing about, in the new schema: fields appended at a newer version
// are fine for compact, mslima, Godot and JSON, but packed payloads carry no version boundaries.
struct CompatNote {
  Location location;
  std::string message;

  std::string to_string() const;  // "new.yaml:L:C: note: <message>"
};

// Compares the two root schemas and everything they import (types matched by name), in the
// order: schema version, enums, then messages with their fields. With notes, also collects the
// compatible changes that packed peers must know about.
std::vector<Incompatibility> compare_schemas(const Schema& old_schema, const Schema& new_schema,
                                             std::vector<CompatNote>* notes = nullptr);

}  // namespace pakt::schema
