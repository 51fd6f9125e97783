#include "dynamic/dyn_value.hpp"

#include "schema/vector_value.hpp"

namespace pakt::dynamic {

using schema::Builtin;
using schema::TypeRef;

schema::Builtin integer_type(const TypeRef& type) {
  return type.kind == TypeRef::Kind::kEnum ? type.enumeration->underlying : type.builtin;
}

namespace {

DynValue integer(Builtin type, std::int64_t value) {
  if (schema::is_signed_integer(type)) return DynValue{value};
  return DynValue{static_cast<std::uint64_t>(value)};
}

DynValue builtin_default(Builtin type) {
  if (type == Builtin::kBool) return DynValue{false};
  if (schema::is_integer(type)) return integer(type, 0);
  if (schema::is_float(type)) return DynValue{0.0};
  if (type == Builtin::kString) return DynValue{std::string()};
  if (type == Builtin::kBytes) return DynValue{DynValue::Bytes()};
  DynValue::List components;
  const std::size_t n = schema::info(type).components.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (schema::has_integer_components(type)) {
      components.push_back(DynValue{std::int64_t{0}});
    } else {
      const bool unit = (type == Builtin::kQuaternion || type == Builtin::kColor) && i == 3;  // w, a
      components.push_back(DynValue{unit ? 1.0 : 0.0});
    }
  }
  return DynValue{std::move(components)};
}

DynValue integer_from_schema_value(Builtin type, const schema::YamlInt& v) {
  if (schema::is_signed_integer(type)) return DynValue{v.as_int64()};
  return DynValue{v.as_uint64()};
}

}  // namespace

DynValue type_default(const TypeRef& type) {
  switch (type.kind) {
    case TypeRef::Kind::kBuiltin: return builtin_default(type.builtin);
    case TypeRef::Kind::kEnum: return integer(type.enumeration->underlying, 0);
    case TypeRef::Kind::kMessage: return message_default(*type.message);
    case TypeRef::Kind::kList: return DynValue{DynValue::List()};
    case TypeRef::Kind::kArray: return DynValue{DynValue::List(type.count, type_default(*type.element))};
  }
  return DynValue{};
}

DynValue field_default(const schema::Field& field) {
  if (field.has_default && !field.default_value.is_none()) return from_schema_value(field.type, field.default_value);
  if (field.optional) return DynValue{};
  return type_default(field.type);
}

DynValue message_default(const schema::Message& message) {
  DynValue::List fields;
  for (const schema::Field& f : message.fields) fields.push_back(field_default(f));
  return DynValue{std::move(fields)};
}

DynValue from_schema_value(const TypeRef& type, const schema::YamlValue& value) {
  switch (type.kind) {
    case TypeRef::Kind::kList:
    case TypeRef::Kind::kArray: {
      DynValue::List items;
      for (const schema::YamlValue& item : value.as_list()) items.push_back(from_schema_value(*type.element, item));
      return DynValue{std::move(items)};
    }
    case TypeRef::Kind::kEnum: {
      const schema::EnumValue* e = type.enumeration->value_named(value.as_str());
      if (schema::is_signed_integer(type.enumeration->underlying)) return DynValue{e->number};
      return DynValue{e->unsigned_number};
    }
    case TypeRef::Kind::kMessage: return message_from_schema_value(*type.message, value);
    case TypeRef::Kind::kBuiltin: break;
  }
  const Builtin b = type.builtin;
  if (b == Builtin::kBool) return DynValue{value.as_bool()};
  if (schema::is_integer(b)) return integer_from_schema_value(b, value.as_int());
  if (b == Builtin::kFloat32) return DynValue{static_cast<double>(static_cast<float>(value.as_number()))};
  if (b == Builtin::kFloat64) return DynValue{value.as_number()};
  if (b == Builtin::kString) return DynValue{value.as_str()};
  if (b == Builtin::kBytes) {
    DynValue::Bytes bytes;
    for (const schema::YamlValue& v : value.as_list()) bytes.push_back(static_cast<std::uint8_t>(v.as_int().magnitude));
    return DynValue{std::move(bytes)};
  }
  std::vector<schema::YamlValue> components;
  schema::vector_components(b, value, components);
  DynValue::List out;
  for (const schema::YamlValue& c : components) {
    if (schema::has_integer_components(b)) {
      out.push_back(DynValue{c.as_int().as_int64()});
    } else {
      out.push_back(DynValue{static_cast<double>(static_cast<float>(c.as_number()))});
    }
  }
  return DynValue{std::move(out)};
}

DynValue message_from_schema_value(const schema::Message& message, const schema::YamlValue& value) {
  DynValue::List fields;
  for (const schema::Field& f : message.fields) {
    const schema::YamlValue* v = value.find(f.name);
    if (v == nullptr) {
      fields.push_back(field_default(f));
    } else if (v->is_none()) {
      fields.push_back(DynValue{});
    } else {
      fields.push_back(from_schema_value(f.type, *v));
    }
  }
  return DynValue{std::move(fields)};
}

}  // namespace pakt::dynamic
