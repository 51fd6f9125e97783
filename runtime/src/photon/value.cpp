// photon::Value: type names and structural equality.
#include "pakt/photon/value.hpp"

namespace pakt::photon {

const char* to_string(Type type) noexcept {
  switch (type) {
    case Type::kNull: return "null";
    case Type::kByte: return "byte";
    case Type::kBool: return "bool";
    case Type::kShort: return "short";
    case Type::kInt: return "int";
    case Type::kLong: return "long";
    case Type::kFloat: return "float";
    case Type::kDouble: return "double";
    case Type::kString: return "string";
    case Type::kByteArray: return "byte[]";
    case Type::kArray: return "array";
    case Type::kObjectArray: return "object[]";
    case Type::kHashtable: return "hashtable";
    case Type::kDictionary: return "dictionary";
    case Type::kCustom: return "custom";
    case Type::kEventData: return "event";
    case Type::kOperationRequest: return "request";
    case Type::kOperationResponse: return "response";
    case Type::kObject: return "object";
  }
  return "unknown";
}

bool operator==(const Value& a, const Value& b) { return a.data == b.data; }
bool operator==(const ElementType& a, const ElementType& b) {
  return a.type == b.type && a.custom_code == b.custom_code && a.key_type == b.key_type && a.value_type == b.value_type;
}
bool operator==(const Array& a, const Array& b) { return a.element == b.element && a.items == b.items; }
bool operator==(const ObjectArray& a, const ObjectArray& b) { return a.items == b.items; }
bool operator==(const Entry& a, const Entry& b) { return a.key == b.key && a.value == b.value; }
bool operator==(const Hashtable& a, const Hashtable& b) { return a.entries == b.entries; }
bool operator==(const Dictionary& a, const Dictionary& b) {
  return a.key_type == b.key_type && a.value_type == b.value_type && a.entries == b.entries;
}
bool operator==(const Custom& a, const Custom& b) { return a.code == b.code && a.body == b.body; }
bool operator==(const Parameter& a, const Parameter& b) { return a.key == b.key && a.value == b.value; }
bool operator==(const EventData& a, const EventData& b) { return a.code == b.code && a.parameters == b.parameters; }
bool operator==(const OperationRequest& a, const OperationRequest& b) {
  return a.operation_code == b.operation_code && a.parameters == b.parameters;
}
bool operator==(const OperationResponse& a, const OperationResponse& b) {
  return a.operation_code == b.operation_code && a.return_code == b.return_code &&
         a.has_debug_message == b.has_debug_message && a.debug_message == b.debug_message &&
         a.parameters == b.parameters;
}

}  // namespace pakt::photon
