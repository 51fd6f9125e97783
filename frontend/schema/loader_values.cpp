// Loader: defaults and examples checked against their types.
#include <cmath>

#include "schema/did_you_mean.hpp"
#include "schema/loader.hpp"
#include "schema/vector_value.hpp"

namespace pakt::schema {
namespace {

constexpr double kFloat32Max = 3.4028234663852886e38;

bool is_byte_list(const YamlValue& v) {
  if (!v.is_list()) return false;
  for (const YamlValue& b : v.as_list()) {
    if (!b.is_int() || !b.as_int().fits(0, 255)) return false;
  }
  return true;
}

std::string range_text(Builtin type) {
  return " [" + std::to_string(integer_min(type)) + ", " + std::to_string(integer_max(type)) + "]";
}

}  // namespace

bool Loader::check_value(const TypeRef& t, const YamlValue& v, const Location& where, const std::string& what,
                         const Field* f) {
  const auto bad = [&](const std::string& message) {
    diags_.error(where, what + ": " + message);
    return false;
  };
  if (t.kind == TypeRef::Kind::kList || t.kind == TypeRef::Kind::kArray) {
    if (!v.is_list()) return bad("expected a list for " + t.spelled());
    const std::size_t n = v.as_list().size();
    if (t.kind == TypeRef::Kind::kArray && n != t.count) {
      return bad("expected " + std::to_string(t.count) + " elements for " + t.spelled() + ", got " +
                 std::to_string(n));
    }
    if (f != nullptr && f->max_count != 0 && n > f->max_count) {
      return bad(std::to_string(n) + " elements exceed max_count " + std::to_string(f->max_count));
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (!check_value(*t.element, v.as_list()[i], where, what + "[" + std::to_string(i) + "]", f)) return false;
    }
    return true;
  }
  if (t.kind == TypeRef::Kind::kEnum) {
    if (!v.is_str() || t.enumeration->value_named(v.as_str()) == nullptr) {
      std::vector<std::string> names;
      for (const EnumValue& e : t.enumeration->values) names.push_back(e.name);
      if (v.is_bool()) {  // `on`, `no`, `yes`... unquoted: YAML 1.1 reads them as booleans
        return bad("a YAML boolean is not a value of enum " + t.enumeration->name +
                   " (unquoted on, off, yes, no, y, n, true and false read as booleans; quote the value's name)");
      }
      return bad("'" + value_text(v) + "' is not a value of enum " + t.enumeration->name +
                 did_you_mean(value_text(v), names));
    }
    return true;
  }
  if (t.kind == TypeRef::Kind::kMessage) {
    if (!v.is_map()) return bad("expected a mapping of field values for message " + t.message->name);
    return check_message_value(*t.message, v, where, what);
  }
  const Builtin type = t.builtin;
  const std::string name = info(type).name;
  if (type == Builtin::kBool) return v.is_bool() || bad("expected true or false");
  // packed: a value outside the field's range cannot be encoded (docs/packed.md).
  const NumberRange* packed_range = f != nullptr && f->packing.range ? &*f->packing.range : nullptr;
  const auto outside_int = [&](const YamlInt& x) {
    return packed_range != nullptr && !x.fits(packed_range->min_int, static_cast<std::uint64_t>(packed_range->max_int));
  };
  const auto outside_float = [&](double d) {
    return packed_range != nullptr && !(d >= packed_range->min && d <= packed_range->max);
  };
  const auto range_of_field = [&]() {
    return has_integer_components(type) || is_integer(type)
               ? " [" + std::to_string(packed_range->min_int) + ", " + std::to_string(packed_range->max_int) + "]"
               : " [" + value_text(YamlValue{packed_range->min}) + ", " + value_text(YamlValue{packed_range->max}) +
                     "]";
  };
  if (is_integer(type)) {
    if (!v.is_int()) return bad("expected an integer for " + name + yaml_reading_hint(v, false));
    if (!v.as_int().fits(integer_min(type), integer_max(type))) {
      return bad(v.as_int().decimal + " is out of range for " + name + range_text(type));
    }
    return !outside_int(v.as_int()) || bad(v.as_int().decimal + " is outside the field's range" + range_of_field());
  }
  if (is_float(type)) {
    if (!v.is_number()) return bad("expected a number for " + name + yaml_reading_hint(v, false));
    const double d = v.as_number();
    if (type == Builtin::kFloat32 && std::isfinite(d) && std::fabs(d) > kFloat32Max) {
      return bad(value_text(v) + " is out of range for float32");
    }
    return !outside_float(d) || bad(value_text(v) + " is outside the field's range" + range_of_field());
  }
  if (type == Builtin::kString) {
    if (!v.is_str()) return bad("expected text" + yaml_reading_hint(v, true));
    const std::size_t n = v.as_str().size();  // UTF-8 bytes
    if (f != nullptr && f->max_length != 0 && n > f->max_length) {
      return bad(std::to_string(n) + " bytes exceed max_length " + std::to_string(f->max_length));
    }
    return true;
  }
  if (type == Builtin::kBytes) {
    if (!is_byte_list(v)) return bad("expected a list of byte values 0..255");
    const std::size_t n = v.as_list().size();
    if (f != nullptr && f->max_length != 0 && n > f->max_length) {
      return bad(std::to_string(n) + " bytes exceed max_length " + std::to_string(f->max_length));
    }
    return true;
  }
  const std::vector<std::string>& components = info(type).components;
  std::vector<YamlValue> values;
  if (!vector_components(type, v, values)) {
    std::string joined;
    for (const std::string& c : components) joined += (joined.empty() ? "" : ", ") + c;
    return bad("expected " + name + " as a list of " + std::to_string(components.size()) +
               " numbers or a mapping {" + joined + "}");
  }
  for (std::size_t i = 0; i < components.size(); ++i) {
    const YamlValue& x = values[i];
    if (has_integer_components(type)) {
      if (!x.is_int() || !x.as_int().fits(-2147483648LL, 2147483647ULL)) {
        return bad("component " + components[i] + " must be an int32");
      }
      if (outside_int(x.as_int())) {
        return bad("component " + components[i] + " " + x.as_int().decimal + " is outside the field's range" +
                   range_of_field());
      }
    } else if (!x.is_number()) {
      return bad("component " + components[i] + " must be a number");
    } else if (type != Builtin::kQuaternion && outside_float(x.as_number())) {
      return bad("component " + components[i] + " " + value_text(x) + " is outside the field's range" +
                 range_of_field());
    }
  }
  return true;
}

bool Loader::check_message_value(const Message& m, const YamlValue& v, const Location& where,
                                 const std::string& what) {
  std::vector<std::string> names;
  for (const Field& f : m.fields) names.push_back(f.name);
  bool ok = true;
  for (const auto& [key, value] : v.as_map()) {
    const Field* f = nullptr;
    for (const Field& candidate : m.fields) {
      if (key.is_str() && candidate.name == key.as_str()) f = &candidate;
    }
    if (f == nullptr) {
      diags_.error(where, what + ": message " + m.name + " has no field '" + value_text(key) + "'" +
                              did_you_mean(value_text(key), names));
      ok = false;
      continue;
    }
    if (value.is_none()) {
      if (!f->optional) {
        diags_.error(where, what + "." + f->name + ": null is only allowed for optional fields");
        ok = false;
      }
      continue;
    }
    ok = check_value(f->type, value, where, what + "." + f->name, f) && ok;
  }
  return ok;
}

void Loader::load_example(const std::string& path, Message& m, const YAML::Node& node) {
  Diagnostics ignored;
  const std::vector<MappingItem> items = mapping_items(path, node, ignored);
  const MappingItem* example = find_item(items, "example");
  if (example == nullptr) return;
  const YAML::Node& en = example->value_node;
  m.example_location = location_of(path, en);
  if (!en.IsMap()) {
    diags_.error(location_of(path, en), "example of " + m.name + " must be a mapping of field values");
    return;
  }
  std::vector<std::string> names;
  for (const Field& f : m.fields) names.push_back(f.name);
  bool ok = true;
  for (const MappingItem& item : mapping_items(path, en, diags_)) {
    const Field* f = nullptr;
    for (const Field& candidate : m.fields) {
      if (candidate.name == item.key) f = &candidate;
    }
    const Location where = location_of(path, item.value_node);
    const std::string what = "example of " + m.name + "." + item.key;
    if (f == nullptr) {
      diags_.error(location_of(path, item.key_node),
                   "example of " + m.name + ": no field '" + item.key + "'" + did_you_mean(item.key, names));
      ok = false;
    } else if (item.value_node.IsNull()) {
      if (!f->optional) {
        diags_.error(where, what + ": null is only allowed for optional fields");
        ok = false;
      }
    } else {
      ok = check_value(f->type, yaml_value(item.value_node), where, what, f) && ok;
    }
  }
  if (ok) m.example = yaml_value(en);
}

}  // namespace pakt::schema
