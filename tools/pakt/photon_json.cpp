// Typed JSON for Photon values (see photon_json.hpp for the format).
#include "photon_json.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "pakt_internal/hex.hpp"

namespace pakt::cli::photon_json {
namespace {

using nlohmann::json;
using photon::Type;
using photon::Value;

constexpr Type kAllTypes[] = {Type::kNull,      Type::kByte,        Type::kBool,      Type::kShort,
                              Type::kInt,       Type::kLong,        Type::kFloat,     Type::kDouble,
                              Type::kString,    Type::kByteArray,   Type::kArray,     Type::kObjectArray,
                              Type::kHashtable, Type::kDictionary,  Type::kCustom,    Type::kEventData,
                              Type::kOperationRequest, Type::kOperationResponse, Type::kObject};

bool type_named(const std::string& name, Type& type) {
  for (Type t : kAllTypes) {
    if (name == photon::to_string(t)) {
      type = t;
      return true;
    }
  }
  return false;
}

template <class F>
json float_json(F f) {
  if (std::isnan(f)) return "NaN";
  if (std::isinf(f)) return f > 0 ? "Infinity" : "-Infinity";
  return static_cast<double>(f);
}

json entries_json(const std::vector<photon::Entry>& entries) {
  json list = json::array();
  for (const photon::Entry& e : entries) list.push_back(json::array({to_json(e.key), to_json(e.value)}));
  return list;
}

json parameters_json(const std::vector<photon::Parameter>& parameters) {
  json list = json::array();
  for (const photon::Parameter& p : parameters) list.push_back(json::array({p.key, to_json(p.value)}));
  return list;
}

// ---- reading: each reader reports what is wrong relative to the JSON it was given.
class JsonReader {
 public:
  bool fail(const std::string& where, const std::string& what) {
    if (error_.empty()) error_ = where.empty() ? what : where + ": " + what;
    return false;
  }
  const std::string& error() const { return error_; }

  template <class T>
  bool integer(const json& j, const std::string& where, T& out) {
    if (!j.is_number_integer()) return fail(where, "expected an integer");
    if (j.is_number_unsigned()) {
      const auto u = j.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return fail(where, "integer out of range");
      out = static_cast<T>(u);
      return true;
    }
    const auto s = j.get<std::int64_t>();
    if (s < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        (s > 0 && static_cast<std::uint64_t>(s) > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))) {
      return fail(where, "integer out of range");
    }
    out = static_cast<T>(s);
    return true;
  }

  template <class F>
  bool floating(const json& j, const std::string& where, F& out) {
    if (j.is_string()) {
      const std::string s = j.get<std::string>();
      if (s == "NaN") {
        out = std::numeric_limits<F>::quiet_NaN();
      } else if (s == "Infinity") {
        out = std::numeric_limits<F>::infinity();
      } else if (s == "-Infinity") {
        out = -std::numeric_limits<F>::infinity();
      } else {
        return fail(where, "expected a number, \"NaN\", \"Infinity\" or \"-Infinity\"");
      }
      return true;
    }
    if (!j.is_number()) return fail(where, "expected a number");
    out = static_cast<F>(j.get<double>());
    return true;
  }

  bool declared_type(const json& j, const std::string& where, Type& out) {
    if (!j.is_string() || !type_named(j.get<std::string>(), out)) return fail(where, "expected a type name");
    return true;
  }

  const json* member(const json& j, const char* name, const std::string& where) {
    if (!j.is_object() || !j.contains(name)) {
      fail(where, std::string("missing \"") + name + "\"");
      return nullptr;
    }
    return &j.at(name);
  }

  bool entries(const json& j, const std::string& where, std::vector<photon::Entry>& out) {
    if (!j.is_array()) return fail(where, "expected a list of [key, value] pairs");
    out.resize(j.size());
    for (std::size_t i = 0; i < j.size(); ++i) {
      const std::string at = where + "[" + std::to_string(i) + "]";
      if (!j[i].is_array() || j[i].size() != 2) return fail(at, "expected a [key, value] pair");
      if (!value(j[i][0], at + "[0]", out[i].key) || !value(j[i][1], at + "[1]", out[i].value)) return false;
    }
    return true;
  }

  bool parameters(const json& j, const std::string& where, std::vector<photon::Parameter>& out) {
    if (!j.is_array()) return fail(where, "expected a list of [key, value] pairs");
    out.resize(j.size());
    for (std::size_t i = 0; i < j.size(); ++i) {
      const std::string at = where + "[" + std::to_string(i) + "]";
      if (!j[i].is_array() || j[i].size() != 2) return fail(at, "expected a [key, value] pair");
      if (!integer(j[i][0], at + "[0]", out[i].key) || !value(j[i][1], at + "[1]", out[i].value)) return false;
    }
    return true;
  }

  bool items(const json& j, const std::string& where, std::vector<Value>& out) {
    if (!j.is_array()) return fail(where, "expected a list of values");
    out.resize(j.size());
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (!value(j[i], where + "[" + std::to_string(i) + "]", out[i])) return false;
    }
    return true;
  }

  bool value(const json& j, const std::string& where, Value& out);

 private:
  bool scalar(const json& j, const std::string& where, Type type, Value& out);
  bool container(const json& j, const std::string& where, Type type, Value& out);

  std::string error_;
};

bool JsonReader::value(const json& j, const std::string& where, Value& out) {
  const json* type_json = member(j, "type", where);
  if (type_json == nullptr) return false;
  Type type = Type::kNull;
  if (!type_json->is_string() || !type_named(type_json->get<std::string>(), type) || type == Type::kObject) {
    return fail(where + ".type", "unknown type " + type_json->dump());
  }
  switch (type) {
    case Type::kNull: out = photon::Null{}; return true;
    case Type::kByte: case Type::kBool: case Type::kShort: case Type::kInt: case Type::kLong: case Type::kFloat:
    case Type::kDouble: case Type::kString: case Type::kByteArray: case Type::kCustom:
      return scalar(j, where, type, out);
    default:
      return container(j, where, type, out);
  }
}

bool JsonReader::scalar(const json& j, const std::string& where, Type type, Value& out) {
  if (type == Type::kCustom) {
    photon::Custom c;
    const json* code = member(j, "code", where);
    const json* bytes = member(j, "bytes", where);
    if (code == nullptr || bytes == nullptr || !integer(*code, where + ".code", c.code)) return false;
    if (!bytes->is_string() || !internal::parse_hex(bytes->get<std::string>(), c.body)) return fail(where + ".bytes", "expected hex");
    out = std::move(c);
    return true;
  }
  const json* v = member(j, "value", where);
  if (v == nullptr) return false;
  const std::string at = where + ".value";
  switch (type) {
    case Type::kByte: { std::uint8_t x = 0; if (!integer(*v, at, x)) return false; out = x; return true; }
    case Type::kShort: { std::int16_t x = 0; if (!integer(*v, at, x)) return false; out = x; return true; }
    case Type::kInt: { std::int32_t x = 0; if (!integer(*v, at, x)) return false; out = x; return true; }
    case Type::kLong: { std::int64_t x = 0; if (!integer(*v, at, x)) return false; out = x; return true; }
    case Type::kFloat: { float x = 0; if (!floating(*v, at, x)) return false; out = x; return true; }
    case Type::kDouble: { double x = 0; if (!floating(*v, at, x)) return false; out = x; return true; }
    case Type::kBool:
      if (!v->is_boolean()) return fail(at, "expected true or false");
      out = v->get<bool>();
      return true;
    case Type::kString:
      if (!v->is_string()) return fail(at, "expected a string");
      out = v->get<std::string>();
      return true;
    default: {
      photon::Bytes bytes;
      if (!v->is_string() || !internal::parse_hex(v->get<std::string>(), bytes)) return fail(at, "expected hex");
      out = std::move(bytes);
      return true;
    }
  }
}

bool JsonReader::container(const json& j, const std::string& where, Type type, Value& out) {
  switch (type) {
    case Type::kArray: {
      photon::Array a;
      const json* element = member(j, "element", where);
      const json* list = member(j, "items", where);
      if (element == nullptr || list == nullptr || !declared_type(*element, where + ".element", a.element.type)) {
        return false;
      }
      if (a.element.type == Type::kCustom) {
        const json* code = member(j, "code", where);
        if (code == nullptr || !integer(*code, where + ".code", a.element.custom_code)) return false;
      }
      if (a.element.type == Type::kDictionary) {
        const json* key = member(j, "key", where);
        const json* value_type = member(j, "value", where);
        if (key == nullptr || value_type == nullptr || !declared_type(*key, where + ".key", a.element.key_type) ||
            !declared_type(*value_type, where + ".value", a.element.value_type)) {
          return false;
        }
      }
      if (!items(*list, where + ".items", a.items)) return false;
      out = std::move(a);
      return true;
    }
    case Type::kObjectArray: {
      photon::ObjectArray a;
      const json* list = member(j, "items", where);
      if (list == nullptr || !items(*list, where + ".items", a.items)) return false;
      out = std::move(a);
      return true;
    }
    case Type::kHashtable: {
      photon::Hashtable h;
      const json* list = member(j, "entries", where);
      if (list == nullptr || !entries(*list, where + ".entries", h.entries)) return false;
      out = std::move(h);
      return true;
    }
    case Type::kDictionary: {
      photon::Dictionary d;
      const json* key = member(j, "key", where);
      const json* value_type = member(j, "value", where);
      const json* list = member(j, "entries", where);
      if (key == nullptr || value_type == nullptr || list == nullptr ||
          !declared_type(*key, where + ".key", d.key_type) ||
          !declared_type(*value_type, where + ".value", d.value_type) || !entries(*list, where + ".entries", d.entries)) {
        return false;
      }
      out = std::move(d);
      return true;
    }
    case Type::kEventData: {
      photon::EventData e;
      const json* code = member(j, "code", where);
      const json* list = member(j, "parameters", where);
      if (code == nullptr || list == nullptr || !integer(*code, where + ".code", e.code) ||
          !parameters(*list, where + ".parameters", e.parameters)) {
        return false;
      }
      out = std::move(e);
      return true;
    }
    case Type::kOperationRequest: {
      photon::OperationRequest r;
      const json* code = member(j, "operation_code", where);
      const json* list = member(j, "parameters", where);
      if (code == nullptr || list == nullptr || !integer(*code, where + ".operation_code", r.operation_code) ||
          !parameters(*list, where + ".parameters", r.parameters)) {
        return false;
      }
      out = std::move(r);
      return true;
    }
    default: {
      photon::OperationResponse r;
      const json* code = member(j, "operation_code", where);
      const json* return_code = member(j, "return_code", where);
      const json* list = member(j, "parameters", where);
      if (code == nullptr || return_code == nullptr || list == nullptr ||
          !integer(*code, where + ".operation_code", r.operation_code) ||
          !integer(*return_code, where + ".return_code", r.return_code) ||
          !parameters(*list, where + ".parameters", r.parameters)) {
        return false;
      }
      const json message = j.value("debug_message", json());
      if (message.is_string()) {
        r.has_debug_message = true;
        r.debug_message = message.get<std::string>();
      } else if (!message.is_null()) {
        return fail(where + ".debug_message", "expected a string or null");
      }
      out = std::move(r);
      return true;
    }
  }
}

struct MessageTypeName {
  photon::MessageType type;
  const char* name;
};
constexpr MessageTypeName kMessageTypes[] = {
    {photon::MessageType::kOperation, "request"},
    {photon::MessageType::kOperationResponse, "response"},
    {photon::MessageType::kEvent, "event"},
    {photon::MessageType::kInternalOperationRequest, "internal_request"},
    {photon::MessageType::kInternalOperationResponse, "internal_response"},
    {photon::MessageType::kMessage, "message"},
    {photon::MessageType::kRawMessage, "raw"},
};

}  // namespace

json to_json(const Value& value) {
  const char* type = photon::to_string(value.type());
  switch (value.type()) {
    case Type::kNull: return {{"type", type}};
    case Type::kByte: return {{"type", type}, {"value", *value.get_if<std::uint8_t>()}};
    case Type::kBool: return {{"type", type}, {"value", *value.get_if<bool>()}};
    case Type::kShort: return {{"type", type}, {"value", *value.get_if<std::int16_t>()}};
    case Type::kInt: return {{"type", type}, {"value", *value.get_if<std::int32_t>()}};
    case Type::kLong: return {{"type", type}, {"value", *value.get_if<std::int64_t>()}};
    case Type::kFloat: return {{"type", type}, {"value", float_json(*value.get_if<float>())}};
    case Type::kDouble: return {{"type", type}, {"value", float_json(*value.get_if<double>())}};
    case Type::kString: return {{"type", type}, {"value", *value.get_if<std::string>()}};
    case Type::kByteArray: return {{"type", type}, {"value", internal::to_hex(*value.get_if<photon::Bytes>())}};
    case Type::kCustom: {
      const photon::Custom& c = *value.get_if<photon::Custom>();
      return {{"type", type}, {"code", c.code}, {"bytes", internal::to_hex(c.body)}};
    }
    case Type::kArray: {
      const photon::Array& a = *value.get_if<photon::Array>();
      json j = {{"type", type}, {"element", photon::to_string(a.element.type)}};
      if (a.element.type == Type::kCustom) j["code"] = a.element.custom_code;
      if (a.element.type == Type::kDictionary) {
        j["key"] = photon::to_string(a.element.key_type);
        j["value"] = photon::to_string(a.element.value_type);
      }
      json items = json::array();
      for (const Value& item : a.items) items.push_back(to_json(item));
      j["items"] = std::move(items);
      return j;
    }
    case Type::kObjectArray: {
      json items = json::array();
      for (const Value& item : value.get_if<photon::ObjectArray>()->items) items.push_back(to_json(item));
      return {{"type", type}, {"items", std::move(items)}};
    }
    case Type::kHashtable: return {{"type", type}, {"entries", entries_json(value.get_if<photon::Hashtable>()->entries)}};
    case Type::kDictionary: {
      const photon::Dictionary& d = *value.get_if<photon::Dictionary>();
      return {{"type", type},
              {"key", photon::to_string(d.key_type)},
              {"value", photon::to_string(d.value_type)},
              {"entries", entries_json(d.entries)}};
    }
    case Type::kEventData: {
      const photon::EventData& e = *value.get_if<photon::EventData>();
      return {{"type", type}, {"code", e.code}, {"parameters", parameters_json(e.parameters)}};
    }
    case Type::kOperationRequest: {
      const photon::OperationRequest& r = *value.get_if<photon::OperationRequest>();
      return {{"type", type}, {"operation_code", r.operation_code}, {"parameters", parameters_json(r.parameters)}};
    }
    case Type::kOperationResponse: {
      const photon::OperationResponse& r = *value.get_if<photon::OperationResponse>();
      return {{"type", type},
              {"operation_code", r.operation_code},
              {"return_code", r.return_code},
              {"debug_message", r.has_debug_message ? json(r.debug_message) : json()},
              {"parameters", parameters_json(r.parameters)}};
    }
    case Type::kObject: break;
  }
  return {{"type", "object"}};
}

json to_json(const photon::Message& message) {
  const char* name = "unknown";
  for (const MessageTypeName& m : kMessageTypes) {
    if (m.type == message.type) name = m.name;
  }
  return {{"type", "message"}, {"message_type", name}, {"body", to_json(message.body)}};
}

bool from_json(const json& j, Value& value, std::string& error) {
  JsonReader reader;
  if (reader.value(j, "", value)) return true;
  error = reader.error();
  return false;
}

bool from_json(const json& j, photon::Message& message, std::string& error) {
  JsonReader reader;
  const json* type = reader.member(j, "message_type", "");
  const json* body = reader.member(j, "body", "");
  if (type == nullptr || body == nullptr) {
    error = reader.error();
    return false;
  }
  for (const MessageTypeName& m : kMessageTypes) {
    if (type->is_string() && type->get<std::string>() == m.name) {
      message.type = m.type;
      if (reader.value(*body, "body", message.body)) return true;
      error = reader.error();
      return false;
    }
  }
  error = "message_type: expected request, response, event, internal_request, internal_response, message or raw";
  return false;
}

}  // namespace pakt::cli::photon_json
