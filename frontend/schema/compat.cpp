#include "schema/compat.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <set>
#include <utility>

namespace pakt::schema {
namespace {

Location schema_location(const Schema& schema) { return Location{schema.path, 1, 1}; }

// The type as the wire sees it: presence bytes make an optional field a different type.
std::string field_type(const Field& f) { return f.type.spelled() + (f.optional ? " (optional)" : ""); }

std::string bool_text(bool value) { return value ? "true" : "false"; }

std::string godot_text(GodotMode mode) { return mode == GodotMode::kArray ? "array" : "dict"; }

std::string code_text(const std::optional<int>& code) {
  if (!code) return "none";
  char text[16];
  std::snprintf(text, sizeof text, "0x%02X", static_cast<unsigned>(*code));
  return text;
}

std::string limit_text(std::size_t limit) { return limit != 0 ? std::to_string(limit) : "none"; }


std::string range_text(const std::optional<NumberRange>& range) {
  if (!range) return "none";
  return "[" + number_text(range->min) + ", " + number_text(range->max) + "]";
}

bool same_range(const std::optional<NumberRange>& a, const std::optional<NumberRange>& b) {
  if (!a || !b) return !a && !b;
  return a->min_int == b->min_int && a->max_int == b->max_int && a->min == b->min && a->max == b->max;
}

bool same_packing(const Packing& a, const Packing& b) {
  return same_range(a.range, b.range) && a.precision == b.precision && a.bits == b.bits;
}

std::string enum_number_text(const Enum& e, const EnumValue& v) {
  return e.underlying == Builtin::kUInt64 ? std::to_string(v.unsigned_number) : std::to_string(v.number);
}

bool same_number(const EnumValue& a, const EnumValue& b) {
  return a.number == b.number && a.unsigned_number == b.unsigned_number;
}

// Two defaults the same: numbers (bools as 0 and 1) by value, lists in order, maps as key/value sets.
bool same_value(const YamlValue& a, const YamlValue& b) {
  const auto numeric = [](const YamlValue& v) { return v.is_number() || v.is_bool(); };
  if (numeric(a) && numeric(b)) {
    if (a.is_int() && b.is_int()) {
      const YamlInt& x = a.as_int();
      const YamlInt& y = b.as_int();
      return x.negative == y.negative && x.magnitude == y.magnitude && x.beyond_64_bits == y.beyond_64_bits &&
             x.decimal == y.decimal;
    }
    const auto value = [](const YamlValue& v) { return v.is_bool() ? (v.as_bool() ? 1.0 : 0.0) : v.as_number(); };
    return value(a) == value(b);
  }
  if (a.data.index() != b.data.index()) return false;
  if (a.is_none()) return true;
  if (a.is_str()) return a.as_str() == b.as_str();
  if (a.is_list()) {
    const auto& x = a.as_list();
    const auto& y = b.as_list();
    return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(), same_value);
  }
  const auto& x = a.as_map();
  const auto& y = b.as_map();
  if (x.size() != y.size()) return false;
  return std::all_of(x.begin(), x.end(), [&](const auto& item) {
    return std::any_of(y.begin(), y.end(), [&](const auto& other) {
      return same_value(item.first, other.first) && same_value(item.second, other.second);
    });
  });
}

// The schema and everything it imports, directly or not: the root first, each schema once.
std::vector<const Schema*> closure(const Schema& root) {
  std::vector<const Schema*> seen;
  const auto visit = [&seen](const Schema* s, const auto& self) -> void {
    if (std::find(seen.begin(), seen.end(), s) != seen.end()) return;
    seen.push_back(s);
    for (const Schema* i : s->imports) self(i, self);
  };
  visit(&root, visit);
  return seen;
}

// Message name -> the "Outer.field" sites where it is nested inside another message.
std::map<std::string, std::vector<std::string>> nesting_sites(const std::vector<const Schema*>& schemas) {
  std::map<std::string, std::vector<std::string>> sites;
  const auto visit = [&sites](const Message& outer, const Field& f, const TypeRef& t, const auto& self) -> void {
    if (t.kind == TypeRef::Kind::kList || t.kind == TypeRef::Kind::kArray) {
      self(outer, f, *t.element, self);
    } else if (t.kind == TypeRef::Kind::kMessage) {
      sites[t.message->name].push_back(outer.name + "." + f.name);
    }
  };
  for (const Schema* s : schemas) {
    for (const auto& m : s->messages) {
      for (const Field& f : m->fields) visit(*m, f, f.type, visit);
    }
  }
  return sites;
}

std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

template <typename T, typename Get>
std::map<std::string, const T*> by_name(const std::vector<const Schema*>& schemas, Get get) {
  std::map<std::string, const T*> out;
  for (const Schema* s : schemas) {
    for (const auto& item : get(*s)) out.emplace(item->name, item.get());
  }
  return out;
}

class Comparison {
 public:
  Comparison(const Schema& old_schema, const Schema& new_schema, std::vector<CompatNote>* notes)
      : notes_(notes), old_(old_schema), new_(new_schema), old_schemas_(closure(old_schema)), new_schemas_(closure(new_schema)),
        nested_in_old_(nesting_sites(old_schemas_)) {}

  std::vector<Incompatibility> run() {
    compare_versions(old_, new_);
    const auto enums = [](const Schema& s) -> const auto& { return s.enums; };
    const auto messages = [](const Schema& s) -> const auto& { return s.messages; };
    const auto new_enums = by_name<Enum>(new_schemas_, enums);
    for (const Schema* s : old_schemas_) {
      for (const auto& e : s->enums) {
        const auto it = new_enums.find(e->name);
        if (it == new_enums.end()) {
          report(schema_location(new_), e->location, "enum " + e->name + " removed");
        } else {
          compare_enum(*e, *it->second);
        }
      }
    }
    const auto new_messages = by_name<Message>(new_schemas_, messages);
    for (const Schema* s : old_schemas_) {
      for (const auto& m : s->messages) {
        const auto it = new_messages.find(m->name);
        if (it == new_messages.end()) {
          report(schema_location(new_), m->location, "message " + m->name + " removed");
        } else {
          compare_versions(*m->schema, *it->second->schema);
          compare_message(*m, *it->second);
        }
      }
    }
    return std::move(found_);
  }

 private:
  void report(const Location& new_location, const Location& old_location, std::string message) {
    found_.push_back(Incompatibility{new_location, old_location, std::move(message)});
  }

  // Once per pair of files: the root pair, then the files declaring each message on both sides.
  void compare_versions(const Schema& old_schema, const Schema& new_schema) {
    if (new_schema.version < old_schema.version && versions_compared_.count({old_schema.path, new_schema.path}) == 0) {
      report(schema_location(new_schema), schema_location(old_schema),
             "schema version went down from " + std::to_string(old_schema.version) + " to " +
                 std::to_string(new_schema.version));
    }
    versions_compared_.insert({old_schema.path, new_schema.path});
  }

  void compare_enum(const Enum& old_enum, const Enum& new_enum) {
    const std::string& name = old_enum.name;
    if (old_enum.underlying != new_enum.underlying) {
      report(new_enum.location, old_enum.location,
             "enum " + name + ": type changed from " + info(old_enum.underlying).name + " to " +
                 info(new_enum.underlying).name);
    }
    for (const EnumValue& v : old_enum.values) {
      const EnumValue* moved = new_enum.value_named(v.name);
      const auto same = std::find_if(new_enum.values.begin(), new_enum.values.end(),
                                     [&v](const EnumValue& w) { return same_number(v, w); });
      if (moved != nullptr) {
        if (!same_number(*moved, v)) {
          report(moved->location, v.location,
                 "enum " + name + ": value " + v.name + " changed from " + enum_number_text(old_enum, v) + " to " +
                     enum_number_text(new_enum, *moved));
        }
      } else if (same != new_enum.values.end()) {
        report(same->location, v.location,
               "enum " + name + ": value " + enum_number_text(old_enum, v) + " renamed from " + v.name + " to " +
                   same->name + " (names are on the wire in JSON and Godot)");
      } else {
        report(new_enum.location, v.location,
               "enum " + name + ": value " + v.name + " (" + enum_number_text(old_enum, v) + ") removed");
      }
    }
  }

  static std::map<std::string, std::size_t> index_of(const Message& m) {
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < m.fields.size(); ++i) index.emplace(m.fields[i].name, i);
    return index;
  }

  void compare_message(const Message& old_message, const Message& new_message) {
    const std::string& name = old_message.name;
    const std::vector<Field>& old_fields = old_message.fields;
    const std::vector<Field>& new_fields = new_message.fields;
    if (old_message.final && message_changed(old_message, new_message)) {
      report(new_message.location, old_message.location,
             name + " is final: true and changed (a final message never changes)");
    }
    if (old_message.code != new_message.code) {
      report(new_message.location, old_message.location,
             name + ": code changed from " + code_text(old_message.code) + " to " + code_text(new_message.code));
    }
    if (old_message.extensible != new_message.extensible) {
      report(new_message.location, old_message.location,
             name + ": extensible changed from " + bool_text(old_message.extensible) + " to " +
                 bool_text(new_message.extensible) + " (the length prefix comes or goes)");
    }
    if (old_message.delta != new_message.delta) {
      report(new_message.location, old_message.location,
             name + ": packed: delta changed from " + bool_text(old_message.delta) + " to " +
                 bool_text(new_message.delta) + " (delta payloads against a baseline come or go)");
    }
    if (old_message.godot != new_message.godot) {
      report(new_message.location, old_message.location,
             name + ": godot form changed from " + godot_text(old_message.godot) + " to " +
                 godot_text(new_message.godot));
    }

    const auto old_index = index_of(old_message);
    const auto new_index = index_of(new_message);
    // A field whose name is gone, at a position holding a name that is new: a rename.
    std::map<std::size_t, const Field*> renamed_to;
    for (std::size_t i = 0; i < old_fields.size(); ++i) {
      if (new_index.count(old_fields[i].name) == 0 && i < new_fields.size() &&
          old_index.count(new_fields[i].name) == 0) {
        renamed_to[i] = &new_fields[i];
      }
    }
    // Fields on both sides, in old order and in new order: a difference is a reordering (a shift
    // caused by a removal or an insertion is reported as that removal or insertion).
    std::vector<std::string> kept_in_old_order;
    for (const Field& f : old_fields) {
      if (new_index.count(f.name) != 0) kept_in_old_order.push_back(f.name);
    }
    std::vector<std::string> kept_in_new_order = kept_in_old_order;
    std::stable_sort(kept_in_new_order.begin(), kept_in_new_order.end(),
                     [&new_index](const std::string& a, const std::string& b) {
                       return new_index.at(a) < new_index.at(b);
                     });
    const auto rank = [](const std::vector<std::string>& order, const std::string& n) {
      return std::find(order.begin(), order.end(), n) - order.begin();
    };
    for (std::size_t i = 0; i < old_fields.size(); ++i) {
      const Field& f = old_fields[i];
      const auto kept = new_index.find(f.name);
      if (kept != new_index.end()) {
        const Field& g = new_fields[kept->second];
        compare_field(name, f, g);
        if (rank(kept_in_old_order, f.name) != rank(kept_in_new_order, f.name)) {
          report(g.location, f.location,
                 name + "." + f.name + ": field reordered from position " + std::to_string(i + 1) + " to " +
                     std::to_string(kept->second + 1) + " (fields are only appended)");
        }
      } else if (renamed_to.count(i) != 0) {
        const Field& g = *renamed_to[i];
        report(g.location, f.location,
               name + "." + f.name + ": field renamed to " + g.name +
                   " (names are on the wire in JSON and Godot dictionaries)");
        compare_field(name, f, g);
      } else {
        report(new_message.location, f.location,
               name + "." + f.name + ": field removed (mark it deprecated: true instead; it stays on the wire)");
      }
    }
    std::set<std::string> renamed_names;
    for (const auto& entry : renamed_to) renamed_names.insert(entry.second->name);
    std::vector<const Field*> appended;
    for (std::size_t j = 0; j < new_fields.size(); ++j) {
      const Field& g = new_fields[j];
      if (old_index.count(g.name) != 0 || renamed_names.count(g.name) != 0) continue;
      if (j < old_fields.size()) {
        report(g.location, old_fields[j].location,
               name + "." + g.name + ": field inserted before the end (fields are only appended)");
      } else {
        appended.push_back(&g);
      }
    }
    const int old_version = old_message.schema->version;
    for (const Field* g : appended) {
      if (g->since <= old_version) {
        report(g->since_location.value_or(g->location), old_message.location,
               name + "." + g->name + ": appended field has since: " + std::to_string(g->since) +
                   ", not above the previous schema version " + std::to_string(old_version) +
                   " (an older payload would be truncated, not complete)");
      }
    }
    if (!appended.empty() && notes_ != nullptr) {
      std::string names;
      for (const Field* g : appended) names += (names.empty() ? "" : ", ") + g->name;
      notes_->push_back(CompatNote{appended.front()->location,
                                   name + ": " + names + " appended at version " +
                                       std::to_string(appended.front()->since) +
                                       ": compatible for compact, mslima, Godot and JSON, but packed payloads carry "
                                       "no version boundaries; packed peers must share the schema version"});
    }
    const auto nested = nested_in_old_.find(name);
    if (!appended.empty() && !old_message.extensible && nested != nested_in_old_.end()) {
      report(appended.front()->location, old_message.location,
             name + ": fields appended to a message nested in " + join(nested->second, ", ") +
                 " (only a top-level payload may end early; make " + name + " extensible: true)");
    }
  }

  void compare_field(const std::string& message, const Field& old_field, const Field& new_field) {
    const std::string where = message + "." + old_field.name;
    if (field_type(old_field) != field_type(new_field)) {
      report(new_field.type_location, old_field.type_location,
             where + ": type changed from " + field_type(old_field) + " to " + field_type(new_field));
    }
    const std::pair<const char*, std::size_t Field::*> limits[] = {{"max_length", &Field::max_length},
                                                                    {"max_count", &Field::max_count}};
    for (const auto& [limit, member] : limits) {
      if (old_field.*member != new_field.*member) {
        report(new_field.location, old_field.location,
               where + ": " + limit + " changed from " + limit_text(old_field.*member) + " to " +
                   limit_text(new_field.*member) + " (a peer with the lower limit rejects the value)");
      }
    }
    const Packing& old_packing = old_field.packing;
    const Packing& new_packing = new_field.packing;
    const Location packing_at = new_packing.location.value_or(new_field.location);
    const Location old_packing_at = old_packing.location.value_or(old_field.location);
    if (!same_range(old_packing.range, new_packing.range)) {
      report(packing_at, old_packing_at,
             where + ": packed: range changed from " + range_text(old_packing.range) + " to " +
                 range_text(new_packing.range) + " (the packed bits of the value change)");
    }
    if (old_packing.precision != new_packing.precision) {
      const auto text = [](double p) { return p != 0 ? number_text(p) : std::string("none"); };
      report(packing_at, old_packing_at,
             where + ": packed: precision changed from " + text(old_packing.precision) + " to " +
                 text(new_packing.precision) + " (the packed bits of the value change)");
    }
    if (old_packing.bits != new_packing.bits) {
      const auto text = [](int bits) { return bits != 0 ? std::to_string(bits) : std::string("none"); };
      report(packing_at, old_packing_at,
             where + ": packed: bits changed from " + text(old_packing.bits) + " to " + text(new_packing.bits) +
                 " (the packed bits of the value change)");
    }
    if (old_field.since != new_field.since) {
      report(new_field.since_location.value_or(new_field.location),
             old_field.since_location.value_or(old_field.location),
             where + ": since changed from " + std::to_string(old_field.since) + " to " +
                 std::to_string(new_field.since) + " (moves a version boundary)");
    }
  }

  static bool message_changed(const Message& a, const Message& b) {
    if (a.code != b.code || a.extensible != b.extensible || a.godot != b.godot || a.final != b.final ||
        a.delta != b.delta || a.fields.size() != b.fields.size()) {
      return true;
    }
    for (std::size_t i = 0; i < a.fields.size(); ++i) {
      const Field& f = a.fields[i];
      const Field& g = b.fields[i];
      if (f.name != g.name || field_type(f) != field_type(g) || f.max_length != g.max_length ||
          f.max_count != g.max_count || f.since != g.since || f.deprecated != g.deprecated ||
          !same_packing(f.packing, g.packing) ||
          !same_value(f.default_value, g.default_value)) {
        return true;
      }
    }
    return false;
  }

  std::vector<CompatNote>* notes_;
  const Schema& old_;
  const Schema& new_;
  std::vector<const Schema*> old_schemas_;
  std::vector<const Schema*> new_schemas_;
  std::map<std::string, std::vector<std::string>> nested_in_old_;
  std::set<std::pair<std::string, std::string>> versions_compared_;
  std::vector<Incompatibility> found_;
};

}  // namespace

std::string Incompatibility::to_string() const {
  return printable(new_location.to_string() + ": error: " + message) + "\n" +
         printable(old_location.to_string() + ": note: previous version");
}

std::string CompatNote::to_string() const { return printable(location.to_string() + ": note: " + message); }

std::vector<Incompatibility> compare_schemas(const Schema& old_schema, const Schema& new_schema,
                                             std::vector<CompatNote>* notes) {
  return Comparison(old_schema, new_schema, notes).run();
}

}  // namespace pakt::schema
