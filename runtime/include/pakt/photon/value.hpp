// photon::Value: one value of Photon's typed object model, the things an event, an operation
// request or an RPC carries. Protocol 1.6 and 1.8 encode the same model (protocol.hpp).
//
//   Value v = std::int32_t{42};
//   Value table = Hashtable{{{std::uint8_t{0}, std::int32_t{7}}, {std::uint8_t{3}, std::string("Fire")}}};
//
// The variant's alternatives are in the order of Type, so value.type() is the variant index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace pakt::photon {

enum class Type : std::uint8_t {
  kNull,
  kByte,
  kBool,
  kShort,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kString,
  kByteArray,
  kArray,       // a typed array T[]: one element type for all items
  kObjectArray,
  kHashtable,
  kDictionary,  // Dictionary<K, V> with declared key and value types
  kCustom,      // a registered custom type: code + opaque body
  kEventData,
  kOperationRequest,
  kOperationResponse,
  kObject,      // only as a Dictionary's or array's declared type: "any value, typed per item"
};

const char* to_string(Type type) noexcept;

struct Value;

// An entry of a Hashtable or Dictionary, and a parameter of an event or operation.
struct Entry;
struct Parameter;

// The declared element type of a typed array (and, for dictionaries, their key and value types).
struct ElementType {
  Type type = Type::kObject;
  std::uint8_t custom_code = 0;      // when type is kCustom
  Type key_type = Type::kObject;     // when type is kDictionary
  Type value_type = Type::kObject;   // when type is kDictionary
};

struct Array {
  ElementType element;
  std::vector<Value> items;  // each of the declared element type
};

struct ObjectArray {
  std::vector<Value> items;
};

struct Hashtable {
  std::vector<Entry> entries;  // in wire order
};

struct Dictionary {
  Type key_type = Type::kObject;
  Type value_type = Type::kObject;
  std::vector<Entry> entries;
};

struct Custom {
  std::uint8_t code = 0;
  std::vector<std::uint8_t> body;
};

struct EventData {
  std::uint8_t code = 0;
  std::vector<Parameter> parameters;
};

struct OperationRequest {
  std::uint8_t operation_code = 0;
  std::vector<Parameter> parameters;
};

struct OperationResponse {
  std::uint8_t operation_code = 0;
  std::int16_t return_code = 0;
  bool has_debug_message = false;  // false: written as null
  std::string debug_message;
  std::vector<Parameter> parameters;
};

using Null = std::monostate;
using Bytes = std::vector<std::uint8_t>;

struct Value {
  using Storage = std::variant<Null, std::uint8_t, bool, std::int16_t, std::int32_t, std::int64_t, float, double,
                               std::string, Bytes, Array, ObjectArray, Hashtable, Dictionary, Custom, EventData,
                               OperationRequest, OperationResponse>;

  Value() = default;
  template <class T, class = std::enable_if_t<std::is_constructible_v<Storage, T&&> &&
                                              !std::is_same_v<std::decay_t<T>, Value>>>
  Value(T&& v) : data(std::forward<T>(v)) {}  // NOLINT: implicit by design

  Type type() const noexcept { return static_cast<Type>(data.index()); }
  template <class T>
  const T* get_if() const noexcept {
    return std::get_if<T>(&data);
  }
  template <class T>
  T* get_if() noexcept {
    return std::get_if<T>(&data);
  }

  Storage data;
};

struct Entry {
  Value key;
  Value value;
};

struct Parameter {
  std::uint8_t key = 0;
  Value value;
};

bool operator==(const Value& a, const Value& b);
bool operator==(const ElementType& a, const ElementType& b);
bool operator==(const Array& a, const Array& b);
bool operator==(const ObjectArray& a, const ObjectArray& b);
bool operator==(const Entry& a, const Entry& b);
bool operator==(const Hashtable& a, const Hashtable& b);
bool operator==(const Dictionary& a, const Dictionary& b);
bool operator==(const Custom& a, const Custom& b);
bool operator==(const Parameter& a, const Parameter& b);
bool operator==(const EventData& a, const EventData& b);
bool operator==(const OperationRequest& a, const OperationRequest& b);
bool operator==(const OperationResponse& a, const OperationResponse& b);
inline bool operator!=(const Value& a, const Value& b) { return !(a == b); }

}  // namespace pakt::photon
