#include "schema/value_json.hpp"

#include <cmath>

#include "schema/vector_value.hpp"

namespace pakt::schema {
namespace {

using Json = nlohmann::ordered_json;

Json integer_json(const YamlInt& v) {
  if (v.negative) return Json(v.as_int64());
  return Json(v.as_uint64());
}

// Integers written for a float stay integers (back ends read either form the same); a
// non-finite double becomes the documented string.
Json float_json(const YamlValue& v) {
  double d = 0;
  if (v.is_int()) {
    if (!v.as_int().beyond_64_bits) return integer_json(v.as_int());
    d = v.as_int().as_double();  // correctly rounded
  } else if (v.is_float()) {
    d = v.as_float();
  } else {
    return Json(nullptr);  // unreachable for validated values
  }
  if (std::isnan(d)) return Json("nan");
  if (std::isinf(d)) return Json(d > 0 ? "inf" : "-inf");
  return Json(d);
}

Json builtin_json(Builtin type, const YamlValue& v) {
  if (type == Builtin::kBool) return Json(v.is_bool() && v.as_bool());
  if (is_integer(type)) return v.is_int() ? integer_json(v.as_int()) : Json(nullptr);
  if (is_float(type)) return float_json(v);
  if (type == Builtin::kString) return v.is_str() ? Json(v.as_str()) : Json(nullptr);
  if (type == Builtin::kBytes) {
    Json out = Json::array();
    if (v.is_list()) {
      for (const YamlValue& b : v.as_list()) out.push_back(b.is_int() ? integer_json(b.as_int()) : Json(nullptr));
    }
    return out;
  }
  std::vector<YamlValue> components;
  Json out = Json::array();
  if (!vector_components(type, v, components)) return out;
  for (const YamlValue& c : components) {
    out.push_back(has_integer_components(type) && c.is_int() ? integer_json(c.as_int()) : float_json(c));
  }
  return out;
}

}  // namespace

Json value_json(const TypeRef& type, const YamlValue& value) {
  if (value.is_none()) return Json(nullptr);
  switch (type.kind) {
    case TypeRef::Kind::kList:
    case TypeRef::Kind::kArray: {
      Json out = Json::array();
      if (value.is_list()) {
        for (const YamlValue& item : value.as_list()) out.push_back(value_json(*type.element, item));
      }
      return out;
    }
    case TypeRef::Kind::kEnum: return value.is_str() ? Json(value.as_str()) : Json(nullptr);
    case TypeRef::Kind::kMessage: return message_value_json(*type.message, value);
    case TypeRef::Kind::kBuiltin: break;
  }
  return builtin_json(type.builtin, value);
}

Json type_initial_json(const TypeRef& type) {
  switch (type.kind) {
    case TypeRef::Kind::kList: return Json::array();
    case TypeRef::Kind::kArray: return Json(std::vector<Json>(type.count, type_initial_json(*type.element)));
    case TypeRef::Kind::kMessage: return Json::object();  // each field its own initial value
    case TypeRef::Kind::kEnum: {
      const EnumValue* zero = nullptr;
      for (const EnumValue& v : type.enumeration->values) {
        if (v.number == 0 && v.unsigned_number == 0 && zero == nullptr) zero = &v;
      }
      return zero != nullptr ? Json(zero->name) : Json(0);
    }
    case TypeRef::Kind::kBuiltin: break;
  }
  const Builtin b = type.builtin;
  if (b == Builtin::kBool) return Json(false);
  if (is_integer(b)) return Json(0);
  if (is_float(b)) return Json(0.0);
  if (b == Builtin::kString) return Json("");
  if (b == Builtin::kBytes) return Json::array();
  Json out = Json::array();
  const std::size_t n = info(b).components.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (has_integer_components(b)) {
      out.push_back(0);
    } else {
      out.push_back((b == Builtin::kQuaternion || b == Builtin::kColor) && i == 3 ? 1.0 : 0.0);  // w, a
    }
  }
  return out;
}

Json initial_json(const Field& field) {
  if (field.has_default && !field.default_value.is_none()) return value_json(field.type, field.default_value);
  if (field.optional) return Json(nullptr);
  return type_initial_json(field.type);
}

Json message_value_json(const Message& message, const YamlValue& value) {
  Json out = Json::object();
  if (!value.is_map()) return out;
  // The fields the value gives, in the message's field order (the loader rejected unknown keys).
  for (const Field& f : message.fields) {
    if (const YamlValue* field_value = value.find(f.name)) out[f.name] = value_json(f.type, *field_value);
  }
  return out;
}

}  // namespace pakt::schema
