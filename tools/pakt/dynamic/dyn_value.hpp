// DynValue: a message value whose shape comes from a schema loaded at run time. The schema's
// TypeRef says how to read it:
//   bool -> bool; signed integers and enums over them -> int64; unsigned ones -> uint64;
//   float32/float64 -> double (a float32 holds the float's exact value); string -> string;
//   bytes -> Bytes; vectors -> List of components (double, or int64 for Vector2i/3i);
//   lists, fixed arrays -> List; messages -> List of field values in field order;
//   an absent optional -> Null.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "schema/model.hpp"

namespace pakt::dynamic {

struct DynValue {
  struct Null {};
  using Bytes = std::vector<std::uint8_t>;
  using List = std::vector<DynValue>;
  std::variant<Null, bool, std::int64_t, std::uint64_t, double, std::string, Bytes, List> data;

  bool is_null() const { return std::holds_alternative<Null>(data); }
  const List& list() const { return std::get<List>(data); }
  List& list() { return std::get<List>(data); }
};

// The value a generated struct member starts with: the field's `default:`, else the type's
// zero (Quaternion w = 1, Color a = 1, nested messages with their own defaults).
DynValue field_default(const schema::Field& field);
DynValue type_default(const schema::TypeRef& type);
DynValue message_default(const schema::Message& message);

// A validated YAML value (default or example) of the given type.
DynValue from_schema_value(const schema::TypeRef& type, const schema::YamlValue& value);
DynValue message_from_schema_value(const schema::Message& message, const schema::YamlValue& value);

// Underlying integer type of an integer or enum type.
schema::Builtin integer_type(const schema::TypeRef& type);

}  // namespace pakt::dynamic
