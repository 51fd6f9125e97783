// The validated schema model: Schema, Enum, Message, Field, TypeRef — what the descriptor
// (descriptor.cpp) describes to the back ends. Schemas own their enums and messages; TypeRefs point into them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "schema/diagnostics.hpp"
#include "schema/yaml_value.hpp"

namespace pakt::schema {

enum class Builtin {
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUInt8,
  kUInt16,
  kUInt32,
  kUInt64,
  kFloat32,
  kFloat64,
  kString,
  kBytes,
  kVector2,
  kVector3,
  kQuaternion,
  kColor,
  kVector2i,
  kVector3i,
};

struct BuiltinInfo {
  Builtin type;
  const char* name;
  std::size_t marshal_size;       // .NET Marshal.SizeOf (the seed's "theoretical size")
  std::size_t marshal_alignment;
  std::size_t wire_size;          // compact/mslima bytes; 0 for variable-size types
  std::vector<std::string> components;  // vectors: component names in wire order
};

const std::vector<BuiltinInfo>& builtins();  // in the descriptor's order
const BuiltinInfo& info(Builtin type);
const BuiltinInfo* find_builtin(const std::string& name);  // canonical names only
std::string canonical_type_name(const std::string& name);  // resolves byte, int, long, float, double

bool is_integer(Builtin type);
bool is_signed_integer(Builtin type);
bool is_float(Builtin type);
bool is_vector(Builtin type);
bool has_integer_components(Builtin type);  // Vector2i, Vector3i
std::int64_t integer_min(Builtin type);
std::uint64_t integer_max(Builtin type);
const std::vector<std::string>& integer_type_names();  // int8 ... uint64, in order

struct Enum;
struct Message;

struct TypeRef {
  enum class Kind { kBuiltin, kEnum, kMessage, kList, kArray };
  Kind kind = Kind::kBuiltin;
  Builtin builtin = Builtin::kBool;
  const Enum* enumeration = nullptr;
  const Message* message = nullptr;
  std::shared_ptr<const TypeRef> element;  // lists and arrays
  std::size_t count = 0;                   // arrays

  std::string name() const;     // builtin, enum or message name; the element's for lists/arrays
  std::string spelled() const;  // "int32", "Player[]", "uint8[4]"
};

struct EnumValue {
  std::string name;
  std::int64_t number = 0;  // enum values fit in int64 except uint64 above INT64_MAX
  std::uint64_t unsigned_number = 0;
  Location location;
};

struct Schema;

struct Enum {
  std::string name;
  Builtin underlying = Builtin::kInt32;
  std::vector<EnumValue> values;
  std::string doc;  // stripped, "" when absent
  Location location;
  const Schema* schema = nullptr;  // the file that declares it

  const EnumValue* value_named(const std::string& value_name) const;
};

// The packed format's options of a field (docs/packed.md); the other formats ignore them. They apply
// to the field's leaf values: the number itself, each component of a vector, each element of a list
// or array.
struct NumberRange {
  std::int64_t min_int = 0, max_int = 0;  // integer types and Vector2i/Vector3i components
  double min = 0, max = 0;                // every type (integers' bounds converted)
};
struct Packing {
  std::optional<NumberRange> range;  // `range: [min, max]`
  double precision = 0;              // `precision: step` (0: not given)
  int bits = 0;                      // `bits: N` (0: not given)
  std::optional<Location> location;  // the first packed option written, for diagnostics
};

struct Field {
  std::string name;
  TypeRef type;
  std::string doc;  // stripped, "" when absent
  Location location;
  Location type_location;
  std::optional<Location> since_location;
  YamlValue default_value;  // as written, validated
  bool has_default = false;
  bool optional = false;
  bool required = false;
  std::size_t max_length = 0;
  std::size_t max_count = 0;
  int since = 1;
  bool deprecated = false;
  Packing packing;
};

enum class GodotMode { kDictionary, kArray };

struct Message {
  std::string name;
  std::vector<Field> fields;
  std::string doc;  // stripped, "" when absent
  Location location;
  std::optional<int> code;
  std::optional<YamlValue> example;
  std::optional<Location> example_location;  // set with `example`
  GodotMode godot = GodotMode::kDictionary;
  bool final = false;       // promises never to change (pakt compat enforces it)
  bool extensible = false;  // framed by an int32 byte length, so older readers skip newer fields
  bool delta = false;       // packed: Serialize/Deserialize against a baseline (docs/packed.md "Delta")
  const Schema* schema = nullptr;
};

struct Schema {
  std::string path;  // as given, imports as joined to the importer's folder (diagnostics, banners, descriptor keys)
  std::string package;
  Location package_location;  // the package's value (names of its parts are checked there)
  int version = 1;
  std::string doc;  // stripped, "" when absent
  std::vector<const Schema*> imports;
  std::vector<std::unique_ptr<Enum>> enums;
  std::vector<std::unique_ptr<Message>> messages;
  GodotMode godot = GodotMode::kDictionary;
};

}  // namespace pakt::schema
