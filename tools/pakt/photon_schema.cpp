#include "photon_schema.hpp"

#include <cstdint>
#include <vector>

#include "dynamic/json_codec.hpp"
#include "command_support.hpp"

namespace pakt::cli::photon_schema {
namespace {

using nlohmann::json;

// The message whose `code:` is `code`, in any loaded schema (codes are unique across imports).
const schema::Message* message_with_code(const schema::SchemaSet& schemas, int code) {
  for (const auto& s : schemas.all) {
    for (const auto& m : s->messages) {
      if (m->code && *m->code == code) return m.get();
    }
  }
  return nullptr;
}

bool is_custom(const json& j) {
  return j.is_object() && j.contains("type") && j["type"] == "custom" && j.contains("code") &&
         j["code"].is_number_integer();
}

std::string describe(int code, const schema::Message& message) {
  return "custom type " + std::to_string(code) + " (" + message.name + ")";
}

template <class Visit>
bool walk(json& j, const std::string& where, const Visit& visit) {
  if (is_custom(j)) return visit(j, where);  // its "value" is a message's JSON, not Photon JSON
  if (j.is_object()) {
    for (auto& [key, item] : j.items()) {
      if (!walk(item, where + "." + key, visit)) return false;
    }
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (!walk(j[i], where + "[" + std::to_string(i) + "]", visit)) return false;
    }
  }
  return true;
}

}  // namespace

bool decode_customs(json& root, const schema::SchemaSet& schemas, dynamic::Format format, std::string& error) {
  return walk(root, "$", [&](json& custom, const std::string& where) {
    const int code = custom["code"].get<int>();
    const schema::Message* message = message_with_code(schemas, code);
    if (message == nullptr || !custom.contains("bytes") || !custom["bytes"].is_string()) return true;
    std::vector<std::uint8_t> body;
    if (!parse_hex(custom["bytes"].get<std::string>(), body)) return true;
    dynamic::DynValue value;
    const Status decoded = dynamic::decode(*message, body, format, value);
    if (!decoded) {
      error = where + ": " + describe(code, *message) + " body: " + decoded.to_string();
      return false;
    }
    custom["message"] = message->name;
    custom["value"] = json::parse(dynamic::message_to_json(*message, value, JsonStyle::kShortest));
    return true;
  });
}

bool encode_customs(json& root, const schema::SchemaSet& schemas, dynamic::Format format, std::string& error) {
  return walk(root, "$", [&](json& custom, const std::string& where) {
    if (!custom.contains("value")) return true;
    const int code = custom["code"].get<int>();
    const schema::Message* message = message_with_code(schemas, code);
    if (message == nullptr) {
      error = where + ": custom type " + std::to_string(code) + " has a \"value\" but no message of the schema " +
              "has code " + std::to_string(code);
      return false;
    }
    dynamic::DynValue value;
    Status status = dynamic::message_from_json(*message, custom["value"], value);
    std::vector<std::uint8_t> body;
    if (status) status = dynamic::encode(*message, value, format, body);
    if (!status) {
      error = where + ".value: " + describe(code, *message) + ": " + status.message();
      return false;
    }
    custom["bytes"] = to_hex(body);  // the value wins over bytes given with it
    custom.erase("value");
    custom.erase("message");
    return true;
  });
}

}  // namespace pakt::cli::photon_schema
