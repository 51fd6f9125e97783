#include "schema/descriptor.hpp"

#include <algorithm>
#include <functional>

#include "schema/facts.hpp"
#include "schema/fingerprint.hpp"
#include "schema/value_json.hpp"

#ifndef PAKT_VERSION
#error "PAKT_VERSION must be defined (tools/pakt/CMakeLists.txt)"
#endif

namespace pakt::schema {
namespace {

using Json = nlohmann::ordered_json;

// model.py Schema.stem: the file name without .yaml, else without its extension (os.path.splitext,
// which keeps a name's leading dots).
std::string stem(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  const std::string yaml = ".yaml";
  if (base.size() >= yaml.size() && base.compare(base.size() - yaml.size(), yaml.size(), yaml) == 0) {
    return base.substr(0, base.size() - yaml.size());
  }
  const std::size_t dot = base.rfind('.');
  if (dot == std::string::npos || base.find_first_not_of('.') >= dot) return base;
  return base.substr(0, dot);
}

std::string full_name(const Schema* schema, const std::string& name) {
  return schema != nullptr && !schema->package.empty() ? schema->package + "." + name : name;
}

const char* godot_name(GodotMode mode) { return mode == GodotMode::kArray ? "array" : "dict"; }

Json optional_size(std::size_t n) { return n == 0 ? Json(nullptr) : Json(n); }

// The facts of a field's type, or of its element, in that field (its packing and limits apply;
// an element has the field's max_length but no max_count of its own).
Json type_facts_json(const TypeRef& type, const Field& field, bool element) {
  Json out;
  out["min_size"] = wire_min_size(type);
  out["fixed_size"] = optional_size(wire_fixed_size(type));
  out["packed_min_bits"] = packed_min_bits(type, &field);
  out["write_can_fail"] = write_can_fail(type, field.max_length, element ? 0 : field.max_count);
  out["packed_write_can_fail"] = packed_write_can_fail(type, field);
  return out;
}

// A TYPE; with a field, the field's type and its element carry their facts.
Json type_json(const TypeRef& type, const Field* field = nullptr, bool element = false) {
  Json out;
  switch (type.kind) {
    case TypeRef::Kind::kBuiltin:
      out["kind"] = "builtin";
      out["name"] = info(type.builtin).name;
      out["spelled"] = type.spelled();
      break;
    case TypeRef::Kind::kEnum:
      out["kind"] = "enum";
      out["name"] = type.enumeration->name;
      out["spelled"] = type.spelled();
      out["file"] = type.enumeration->schema != nullptr ? type.enumeration->schema->path : "";
      break;
    case TypeRef::Kind::kMessage:
      out["kind"] = "message";
      out["name"] = type.message->name;
      out["spelled"] = type.spelled();
      out["file"] = type.message->schema != nullptr ? type.message->schema->path : "";
      break;
    case TypeRef::Kind::kList:
      out["kind"] = "list";
      out["element"] = type_json(*type.element, field, true);
      out["spelled"] = type.spelled();
      break;
    case TypeRef::Kind::kArray:
      out["kind"] = "array";
      out["element"] = type_json(*type.element, field, true);
      out["count"] = type.count;
      out["spelled"] = type.spelled();
      break;
  }
  if (field != nullptr) out["facts"] = type_facts_json(type, *field, element);
  return out;
}

Json enum_json(const Enum& e) {
  Json out;
  out["name"] = e.name;
  out["full_name"] = full_name(e.schema, e.name);
  out["doc"] = e.doc;
  out["line"] = e.location.line;
  out["column"] = e.location.column;
  out["underlying"] = info(e.underlying).name;
  Json values = Json::array();
  for (const EnumValue& v : e.values) {
    Json value;
    value["name"] = v.name;
    // Signed underlying types hold negative numbers; unsigned ones may pass INT64_MAX (uint64).
    value["number"] = is_signed_integer(e.underlying) ? Json(v.number) : Json(v.unsigned_number);
    value["line"] = v.location.line;
    value["column"] = v.location.column;
    values.push_back(std::move(value));
  }
  out["values"] = std::move(values);
  return out;
}

// The packed options as written (docs/packed.md "Schema options"): null when none is given.
Json packing_json(const Field& f) {
  const Packing& p = f.packing;
  if (!p.range && p.precision == 0 && p.bits == 0) return Json(nullptr);
  const TypeRef* leaf = &f.type;
  while (leaf->kind == TypeRef::Kind::kList || leaf->kind == TypeRef::Kind::kArray) leaf = leaf->element.get();
  const bool integers = leaf->kind == TypeRef::Kind::kBuiltin &&
                        (is_integer(leaf->builtin) || has_integer_components(leaf->builtin));
  Json out;
  if (!p.range) {
    out["range"] = nullptr;
  } else if (integers) {
    out["range"] = Json::array({p.range->min_int, p.range->max_int});
  } else {
    out["range"] = Json::array({p.range->min, p.range->max});
  }
  out["precision"] = p.precision != 0 ? Json(p.precision) : Json(nullptr);
  out["bits"] = p.bits != 0 ? Json(p.bits) : Json(nullptr);
  return out;
}

Json packed_code_json(const PackedCode& code) {
  Json out;
  switch (code.kind) {
    case PackedCode::Kind::kBool: out["kind"] = "bool"; break;
    case PackedCode::Kind::kRanged:
      out["kind"] = "ranged";
      out["bits"] = code.bits;
      out["min"] = code.min_int;
      out["span"] = code.span;
      break;
    case PackedCode::Kind::kVarint: out["kind"] = "varint"; break;
    case PackedCode::Kind::kZigZag: out["kind"] = "zigzag"; break;
    case PackedCode::Kind::kRaw:
      out["kind"] = "raw";
      out["bits"] = code.bits;
      break;
    case PackedCode::Kind::kQuantized:
      out["kind"] = "quantized";
      out["bits"] = code.bits;
      out["min"] = code.min;
      out["max"] = code.max;
      out["steps"] = code.steps;
      break;
    case PackedCode::Kind::kSmallestThree:
      out["kind"] = "smallest_three";
      out["bits"] = code.bits;
      break;
  }
  return out;
}

bool is_text_or_bytes(const TypeRef& t) {
  return t.kind == TypeRef::Kind::kBuiltin && (t.builtin == Builtin::kString || t.builtin == Builtin::kBytes);
}

Json field_json(const Field& f) {
  Json out;
  out["name"] = f.name;
  out["doc"] = f.doc;
  out["line"] = f.location.line;
  out["column"] = f.location.column;
  out["type"] = type_json(f.type, &f);
  out["optional"] = f.optional;
  out["required"] = f.required;
  out["deprecated"] = f.deprecated;
  out["since"] = f.since;
  out["max_length"] = optional_size(f.max_length);
  out["max_count"] = optional_size(f.max_count);
  out["packing"] = packing_json(f);
  const std::optional<PackedCode> leaf = packed_leaf_code(f);
  out["packed"] = leaf ? packed_code_json(*leaf) : Json(nullptr);
  const bool sequence = f.type.kind == TypeRef::Kind::kList || f.type.kind == TypeRef::Kind::kArray;
  if (f.type.kind == TypeRef::Kind::kList) {
    out["packed_length"] = packed_code_json(packed_length_code(f.max_count));
  } else if (is_text_or_bytes(f.type)) {
    out["packed_length"] = packed_code_json(packed_length_code(f.max_length));
  } else {
    out["packed_length"] = nullptr;
  }
  // A list's or an array's strings/bytes: each element's length.
  out["packed_element_length"] = sequence && is_text_or_bytes(*f.type.element)
                                     ? packed_code_json(packed_length_code(f.max_length))
                                     : Json(nullptr);
  out["packed_min_bits"] = packed_min_bits(f);
  if (f.has_default) out["default"] = value_json(f.type, f.default_value);
  out["initial"] = initial_json(f);
  return out;
}

Json wire_sizes_json(const Message& m) {
  Json out;
  out["min_size"] = message_min_size(m);
  out["fixed_size"] = optional_size(message_fixed_size(m));
  return out;
}

Json facts_json(const Message& m, const std::string& shape) {
  Json out;
  // compact and mslima share one layout today; each has its own entry so that they may diverge.
  out["compact"] = wire_sizes_json(m);
  out["mslima"] = wire_sizes_json(m);
  const MarshalLayout marshal = marshal_layout(m);
  out["marshal_size"] = marshal.size;
  out["marshal_alignment"] = marshal.alignment;
  out["wire_shape"] = shape;
  out["fingerprint"] = nullptr;  // add_fingerprints() sets it once every file is described
  out["version_boundaries"] = version_boundaries(m);
  out["needs_check"] = message_needs_check(m);
  out["takes_no_bytes"] = message_takes_no_bytes(m);
  out["packed_min_bits"] = packed_message_min_bits(m);
  out["write_can_fail"] = message_write_can_fail(m);
  out["packed_write_can_fail"] = packed_message_write_can_fail(m);
  return out;
}

Json message_json(const Message& m, const std::string& shape) {
  Json out;
  out["name"] = m.name;
  out["full_name"] = full_name(m.schema, m.name);
  out["doc"] = m.doc;
  out["line"] = m.location.line;
  out["column"] = m.location.column;
  out["code"] = m.code ? Json(*m.code) : Json(nullptr);
  out["godot"] = godot_name(m.godot);
  out["extensible"] = m.extensible;
  out["final"] = m.final;
  out["delta"] = m.delta;
  Json fields = Json::array();
  for (const Field& f : m.fields) fields.push_back(field_json(f));
  out["fields"] = std::move(fields);
  out["example"] = m.example ? message_value_json(m, *m.example) : Json(nullptr);
  if (m.example && m.example_location) {
    out["example_line"] = m.example_location->line;
    out["example_column"] = m.example_location->column;
  }
  out["facts"] = facts_json(m, shape);
  return out;
}

// Bounds on what nesting may cost (see bounded_wire_shape): far beyond real schemas (a few levels,
// shapes of a few hundred characters).
constexpr std::size_t kMaxShapeLength = std::size_t{1} << 20;
constexpr std::size_t kMaxTotalShapeLength = std::size_t{64} << 20;
constexpr std::size_t kMaxNesting = 256;

// The descriptor's FILE objects; stops at the first message nested beyond the bounds.
class FileWriter {
 public:
  bool file_json(const Schema& s, Json& out);
  const std::string& error() const { return error_; }

 private:
  std::size_t shape_budget_ = kMaxTotalShapeLength;
  std::string error_;
};

bool FileWriter::file_json(const Schema& s, Json& out) {
  out = Json();
  out["path"] = s.path;
  out["stem"] = stem(s.path);
  out["package"] = s.package;
  out["version"] = s.version;
  out["doc"] = s.doc;
  out["godot"] = godot_name(s.godot);
  out["fingerprint"] = nullptr;  // add_fingerprints() sets it
  Json imports = Json::array();
  for (const Schema* i : s.imports) imports.push_back(i->path);
  out["imports"] = std::move(imports);
  Json enums = Json::array();
  for (const auto& e : s.enums) enums.push_back(enum_json(*e));
  out["enums"] = std::move(enums);
  Json messages = Json::array();
  for (const auto& m : s.messages) {
    std::string shape;
    if (!bounded_wire_shape(*m, std::min(kMaxShapeLength, shape_budget_), kMaxNesting, shape)) {
      error_ = s.path + ": message '" + m->name + "' nests messages too deeply to describe (more than " +
               std::to_string(kMaxNesting) + " levels, or a wire shape of more than " +
               std::to_string(kMaxShapeLength) + " characters)";
      return false;
    }
    shape_budget_ -= shape.size();
    messages.push_back(message_json(*m, shape));
  }
  out["messages"] = std::move(messages);
  return true;
}

}  // namespace

std::vector<const Schema*> files_in_dependency_order(const SchemaSet& schemas) {
  std::vector<const Schema*> order;
  const std::function<void(const Schema*)> visit = [&](const Schema* s) {
    if (std::find(order.begin(), order.end(), s) != order.end()) return;
    for (const Schema* i : s->imports) visit(i);
    order.push_back(s);
  };
  for (const Schema* root : schemas.roots) visit(root);
  return order;
}

bool describe(const SchemaSet& schemas, Json& out, std::string& error) {
  out = Json();
  out["pakt_descriptor"] = kDescriptorVersion;
  out["pakt_version"] = PAKT_VERSION;
  Json roots = Json::array();
  std::vector<const Schema*> seen;
  for (const Schema* root : schemas.roots) {
    // A file given twice (or under two spellings) is one file: its path is the key of "files".
    if (std::find(seen.begin(), seen.end(), root) != seen.end()) continue;
    seen.push_back(root);
    roots.push_back(root->path);
  }
  out["roots"] = std::move(roots);
  Json files = Json::array();
  FileWriter writer;
  for (const Schema* s : files_in_dependency_order(schemas)) {
    Json file;
    if (!writer.file_json(*s, file)) {
      error = writer.error();
      return false;
    }
    files.push_back(std::move(file));
  }
  out["files"] = std::move(files);
  add_fingerprints(out);
  return true;
}

std::string descriptor_text(const nlohmann::ordered_json& descriptor) {
  return descriptor.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace pakt::schema
