#include "dynamic/json_codec.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pakt::dynamic {
namespace {

using schema::Builtin;
using schema::Field;
using schema::Message;
using schema::TypeRef;

void write_message(JsonWriter& j, const Message& m, const DynValue& v);

void write_value(JsonWriter& j, const TypeRef& t, const DynValue& v) {
  if (v.is_null()) {
    j.null();
    return;
  }
  switch (t.kind) {
    case TypeRef::Kind::kMessage: write_message(j, *t.message, v); return;
    case TypeRef::Kind::kList:
    case TypeRef::Kind::kArray:
      j.begin_array();
      for (const DynValue& item : v.list()) write_value(j, *t.element, item);
      j.end_array();
      return;
    case TypeRef::Kind::kEnum:
    case TypeRef::Kind::kBuiltin: break;
  }
  const Builtin b = integer_type(t);
  if (const auto* i = std::get_if<std::int64_t>(&v.data)) {
    j.integer(*i);
  } else if (const auto* u = std::get_if<std::uint64_t>(&v.data)) {
    j.integer(*u);
  } else if (const auto* flag = std::get_if<bool>(&v.data)) {
    j.boolean(*flag);
  } else if (const auto* d = std::get_if<double>(&v.data)) {
    if (b == Builtin::kFloat32) {
      j.number(static_cast<float>(*d));
    } else {
      j.number(*d);
    }
  } else if (const auto* s = std::get_if<std::string>(&v.data)) {
    j.string(*s);
  } else if (const auto* bytes = std::get_if<DynValue::Bytes>(&v.data)) {
    j.begin_array();
    for (std::uint8_t byte : *bytes) j.integer(byte);
    j.end_array();
  } else {
    const std::vector<std::string>& names = schema::info(b).components;
    j.begin_object();
    for (std::size_t i = 0; i < names.size(); ++i) {
      j.key(names[i].c_str());
      const DynValue& c = v.list()[i];
      if (schema::has_integer_components(b)) {
        j.integer(static_cast<std::int32_t>(std::get<std::int64_t>(c.data)));
      } else {
        j.number(static_cast<float>(std::get<double>(c.data)));
      }
    }
    j.end_object();
  }
}

void write_message(JsonWriter& j, const Message& m, const DynValue& v) {
  j.begin_object();
  const DynValue::List& fields = v.list();
  for (std::size_t i = 0; i < fields.size() && i < m.fields.size(); ++i) {
    j.key(m.fields[i].name.c_str());
    write_value(j, m.fields[i].type, fields[i]);
  }
  j.end_object();
}

// ------------------------------------------------------------------------------ input
class JsonReader {
 public:
  bool message(const Message& m, const nlohmann::json& json, DynValue& out, const std::string& path) {
    if (!json.is_object()) return fail(path, "expected an object for message " + m.name, json);
    DynValue::List fields;
    for (auto it = json.begin(); it != json.end(); ++it) {
      const bool known = std::any_of(m.fields.begin(), m.fields.end(),
                                     [&](const Field& f) { return f.name == it.key(); });
      if (!known) return fail(path, "message " + m.name + " has no field '" + it.key() + "'");
    }
    for (const Field& f : m.fields) {
      const auto it = json.find(f.name);
      const std::string field_path = path + "." + f.name;
      if (it == json.end()) {
        fields.push_back(field_default(f));
      } else if (it->is_null()) {
        if (!f.optional) return fail(field_path, "null is only allowed for optional fields");
        fields.emplace_back();
      } else {
        fields.emplace_back();
        if (!value(f.type, *it, fields.back(), field_path)) return false;
      }
    }
    out.data = std::move(fields);
    return true;
  }

  Status status() const { return Status::Error(ErrorCode::kInvalidValue, 0, path_, reason_); }

 private:
  bool fail(const std::string& path, const std::string& reason, const nlohmann::json& got) {
    return fail(path, reason + ", got " + got.dump());
  }
  bool fail(const std::string& path, const std::string& reason) {
    path_ = path;
    reason_ = reason;
    return false;
  }

  bool value(const TypeRef& t, const nlohmann::json& json, DynValue& out, const std::string& path) {
    switch (t.kind) {
      case TypeRef::Kind::kMessage: return message(*t.message, json, out, path);
      case TypeRef::Kind::kList:
      case TypeRef::Kind::kArray: {
        if (!json.is_array()) return fail(path, "expected an array for " + t.spelled(), json);
        if (t.kind == TypeRef::Kind::kArray && json.size() != t.count) {
          return fail(path, "expected " + std::to_string(t.count) + " elements for " + t.spelled() + ", got " +
                                std::to_string(json.size()));
        }
        DynValue::List items(json.size());
        for (std::size_t i = 0; i < json.size(); ++i) {
          if (!value(*t.element, json[i], items[i], path + "[" + std::to_string(i) + "]")) return false;
        }
        out.data = std::move(items);
        return true;
      }
      case TypeRef::Kind::kEnum: return enumeration(*t.enumeration, json, out, path);
      case TypeRef::Kind::kBuiltin: return builtin(t.builtin, json, out, path);
    }
    return false;
  }

  bool enumeration(const schema::Enum& e, const nlohmann::json& json, DynValue& out, const std::string& path) {
    if (json.is_string()) {
      const schema::EnumValue* v = e.value_named(json.get<std::string>());
      if (v == nullptr) return fail(path, json.dump() + " is not a value of enum " + e.name);
      if (schema::is_signed_integer(e.underlying)) {
        out.data = v->number;
      } else {
        out.data = v->unsigned_number;
      }
      return true;
    }
    return integer(e.underlying, json, out, path);
  }

  bool integer(Builtin b, const nlohmann::json& json, DynValue& out, const std::string& path) {
    const std::string name = schema::info(b).name;
    const std::string range =
        " [" + std::to_string(schema::integer_min(b)) + ", " + std::to_string(schema::integer_max(b)) + "]";
    if (json.is_number_unsigned()) {
      const auto v = json.get<std::uint64_t>();
      if (v > schema::integer_max(b)) return fail(path, json.dump() + " is out of range for " + name + range);
      if (schema::is_signed_integer(b)) {
        out.data = static_cast<std::int64_t>(v);
      } else {
        out.data = v;
      }
      return true;
    }
    if (json.is_number_integer()) {
      const auto v = json.get<std::int64_t>();
      if (v < schema::integer_min(b)) return fail(path, json.dump() + " is out of range for " + name + range);
      out.data = v;  // negative, so the type is signed
      return true;
    }
    if (json.is_number_float()) {
      return fail(path, json.dump() + " is out of range for " + name + range + " or not an integer");
    }
    return fail(path, "expected an integer for " + name, json);
  }

  bool number(Builtin b, const nlohmann::json& json, double& out, const std::string& path) {
    if (json.is_string()) {
      const auto& text = json.get_ref<const std::string&>();
      if (text == "NaN") {
        out = std::numeric_limits<double>::quiet_NaN();
      } else if (text == "Infinity") {
        out = std::numeric_limits<double>::infinity();
      } else if (text == "-Infinity") {
        out = -std::numeric_limits<double>::infinity();
      } else {
        return fail(path, "expected a number for " + std::string(schema::info(b).name), json);
      }
      return true;
    }
    if (!json.is_number()) return fail(path, "expected a number for " + std::string(schema::info(b).name), json);
    out = json.get<double>();
    if (b == Builtin::kFloat64) return true;
    if (std::isfinite(out) && std::fabs(out) > static_cast<double>(std::numeric_limits<float>::max())) {
      return fail(path, json.dump() + " is out of range for float32");
    }
    out = static_cast<double>(static_cast<float>(out));
    return true;
  }

  bool builtin(Builtin b, const nlohmann::json& json, DynValue& out, const std::string& path) {
    if (schema::is_integer(b)) return integer(b, json, out, path);
    if (b == Builtin::kBool) {
      if (!json.is_boolean()) return fail(path, "expected true or false", json);
      out.data = json.get<bool>();
      return true;
    }
    if (schema::is_float(b)) {
      double d = 0;
      if (!number(b, json, d, path)) return false;
      out.data = d;
      return true;
    }
    if (b == Builtin::kString) {
      if (!json.is_string()) return fail(path, "expected a string", json);
      out.data = json.get<std::string>();
      return true;
    }
    if (b == Builtin::kBytes) {
      if (!json.is_array()) return fail(path, "expected an array of byte values 0..255", json);
      DynValue::Bytes bytes;
      for (const nlohmann::json& byte : json) {
        if (!byte.is_number_unsigned() || byte.get<std::uint64_t>() > 255) {
          return fail(path, "expected an array of byte values 0..255", byte);
        }
        bytes.push_back(byte.get<std::uint8_t>());
      }
      out.data = std::move(bytes);
      return true;
    }
    return vector(b, json, out, path);
  }

  bool vector(Builtin b, const nlohmann::json& json, DynValue& out, const std::string& path) {
    const std::vector<std::string>& names = schema::info(b).components;
    std::vector<nlohmann::json> components;
    if (json.is_array() && json.size() == names.size()) {
      components.assign(json.begin(), json.end());
    } else if (json.is_object() && json.size() == names.size()) {
      for (const std::string& c : names) {
        const auto it = json.find(c);
        if (it == json.end()) break;
        components.push_back(*it);
      }
    }
    if (components.size() != names.size()) {
      std::string joined;
      for (const std::string& c : names) joined += (joined.empty() ? "" : ", ") + c;
      return fail(path, "expected " + std::string(schema::info(b).name) + " as an array of " +
                            std::to_string(names.size()) + " numbers or an object {" + joined + "}",
                  json);
    }
    DynValue::List values(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
      const std::string component_path = path + "." + names[i];
      if (schema::has_integer_components(b)) {
        if (!integer(Builtin::kInt32, components[i], values[i], component_path)) return false;
      } else {
        double d = 0;
        if (!number(Builtin::kFloat32, components[i], d, component_path)) return false;
        values[i].data = d;
      }
    }
    out.data = std::move(values);
    return true;
  }

  std::string path_;
  std::string reason_;
};

}  // namespace

std::string message_to_json(const Message& message, const DynValue& value, JsonStyle style) {
  std::string out;
  JsonWriter j(out, style);
  write_message(j, message, value);
  return out;
}

std::string value_to_json(const TypeRef& type, const DynValue& value) {
  std::string out;
  JsonWriter j(out, JsonStyle::kShortest);
  write_value(j, type, value);
  return out;
}

Status message_from_json(const Message& message, const nlohmann::json& json, DynValue& out) {
  JsonReader reader;
  if (!reader.message(message, json, out, message.name)) return reader.status();
  return Status::Ok();
}

Status message_from_json_text(const Message& message, const std::string& text, DynValue& out) {
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) return Status::Error(ErrorCode::kInvalidValue, 0, "", "input is not valid JSON");
  return message_from_json(message, json, out);
}

}  // namespace pakt::dynamic
