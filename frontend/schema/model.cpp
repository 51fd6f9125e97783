#include "schema/model.hpp"

#include <limits>

namespace pakt::schema {

const std::vector<BuiltinInfo>& builtins() {
  static const std::vector<BuiltinInfo> kBuiltins = {
      {Builtin::kBool, "bool", 4, 4, 1, {}},
      {Builtin::kInt8, "int8", 1, 1, 1, {}},
      {Builtin::kInt16, "int16", 2, 2, 2, {}},
      {Builtin::kInt32, "int32", 4, 4, 4, {}},
      {Builtin::kInt64, "int64", 8, 8, 8, {}},
      {Builtin::kUInt8, "uint8", 1, 1, 1, {}},
      {Builtin::kUInt16, "uint16", 2, 2, 2, {}},
      {Builtin::kUInt32, "uint32", 4, 4, 4, {}},
      {Builtin::kUInt64, "uint64", 8, 8, 8, {}},
      {Builtin::kFloat32, "float32", 4, 4, 4, {}},
      {Builtin::kFloat64, "float64", 8, 8, 8, {}},
      {Builtin::kString, "string", 8, 8, 0, {}},
      {Builtin::kBytes, "bytes", 8, 8, 0, {}},
      {Builtin::kVector2, "Vector2", 8, 4, 8, {"x", "y"}},
      {Builtin::kVector3, "Vector3", 12, 4, 12, {"x", "y", "z"}},
      {Builtin::kQuaternion, "Quaternion", 16, 4, 16, {"x", "y", "z", "w"}},
      {Builtin::kColor, "Color", 16, 4, 16, {"r", "g", "b", "a"}},
      {Builtin::kVector2i, "Vector2i", 8, 4, 8, {"x", "y"}},
      {Builtin::kVector3i, "Vector3i", 12, 4, 12, {"x", "y", "z"}},
  };
  return kBuiltins;
}

const BuiltinInfo& info(Builtin type) { return builtins()[static_cast<std::size_t>(type)]; }

const BuiltinInfo* find_builtin(const std::string& name) {
  for (const BuiltinInfo& b : builtins()) {
    if (name == b.name) return &b;
  }
  return nullptr;
}

std::string canonical_type_name(const std::string& name) {
  if (name == "byte") return "uint8";
  if (name == "int") return "int32";
  if (name == "long") return "int64";
  if (name == "float") return "float32";
  if (name == "double") return "float64";
  return name;
}

bool is_integer(Builtin type) { return type >= Builtin::kInt8 && type <= Builtin::kUInt64; }
bool is_signed_integer(Builtin type) { return type >= Builtin::kInt8 && type <= Builtin::kInt64; }
bool is_float(Builtin type) { return type == Builtin::kFloat32 || type == Builtin::kFloat64; }
bool is_vector(Builtin type) { return type >= Builtin::kVector2; }
bool has_integer_components(Builtin type) { return type == Builtin::kVector2i || type == Builtin::kVector3i; }

std::int64_t integer_min(Builtin type) {
  switch (type) {
    case Builtin::kInt8: return std::numeric_limits<std::int8_t>::min();
    case Builtin::kInt16: return std::numeric_limits<std::int16_t>::min();
    case Builtin::kInt32: return std::numeric_limits<std::int32_t>::min();
    case Builtin::kInt64: return std::numeric_limits<std::int64_t>::min();
    default: return 0;
  }
}

std::uint64_t integer_max(Builtin type) {
  switch (type) {
    case Builtin::kInt8: return std::numeric_limits<std::int8_t>::max();
    case Builtin::kInt16: return std::numeric_limits<std::int16_t>::max();
    case Builtin::kInt32: return std::numeric_limits<std::int32_t>::max();
    case Builtin::kInt64: return std::numeric_limits<std::int64_t>::max();
    case Builtin::kUInt8: return std::numeric_limits<std::uint8_t>::max();
    case Builtin::kUInt16: return std::numeric_limits<std::uint16_t>::max();
    case Builtin::kUInt32: return std::numeric_limits<std::uint32_t>::max();
    case Builtin::kUInt64: return std::numeric_limits<std::uint64_t>::max();
    default: return 0;
  }
}

const std::vector<std::string>& integer_type_names() {
  static const std::vector<std::string> kNames = {"int8",  "int16",  "int32",  "int64",
                                                  "uint8", "uint16", "uint32", "uint64"};
  return kNames;
}

std::string TypeRef::name() const {
  switch (kind) {
    case Kind::kBuiltin: return info(builtin).name;
    case Kind::kEnum: return enumeration->name;
    case Kind::kMessage: return message->name;
    case Kind::kList:
    case Kind::kArray: return element->name();
  }
  return "";
}

std::string TypeRef::spelled() const {
  if (kind == Kind::kList) return element->spelled() + "[]";
  if (kind == Kind::kArray) return element->spelled() + "[" + std::to_string(count) + "]";
  return name();
}

const EnumValue* Enum::value_named(const std::string& value_name) const {
  for (const EnumValue& v : values) {
    if (v.name == value_name) return &v;
  }
  return nullptr;
}

}  // namespace pakt::schema
