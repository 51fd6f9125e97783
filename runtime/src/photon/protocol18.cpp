// Photon Protocol 1.8 (GpBinaryV18): numeric type codes, varint lengths and counts, zigzag and
// compressed ints, little-endian short/float/double, slim custom codes 0x80+code.
// Reference: photon-wire-format.md §2.3.
#include <cstdint>
#include <limits>
#include <string>

#include "envelope.hpp"
#include "wire.hpp"

namespace pakt::photon::v18 {
namespace {

enum Code : std::uint8_t {
  kUnknown = 0,
  kBoolean = 2,
  kByte = 3,
  kShort = 4,
  kFloat = 5,
  kDouble = 6,
  kString = 7,
  kNullCode = 8,
  kCompressedInt = 9,
  kCompressedLong = 10,
  kInt1 = 11,
  kInt1Negative = 12,
  kInt2 = 13,
  kInt2Negative = 14,
  kLong1 = 15,
  kLong1Negative = 16,
  kLong2 = 17,
  kLong2Negative = 18,
  kCustom = 19,
  kDictionary = 20,
  kHashtable = 21,
  kObjectArray = 23,
  kOperationRequest = 24,
  kOperationResponse = 25,
  kEventData = 26,
  kBooleanFalse = 27,
  kBooleanTrue = 28,
  kShortZero = 29,
  kIntZero = 30,
  kLongZero = 31,
  kFloatZero = 32,
  kDoubleZero = 33,
  kByteZero = 34,
  kArrayOfArrays = 64,
  kBooleanArray = 66,
  kByteArray = 67,
  kShortArray = 68,
  kFloatArray = 69,
  kDoubleArray = 70,
  kStringArray = 71,
  kIntArray = 73,
  kLongArray = 74,
  kCustomArray = 83,
  kDictionaryArray = 84,
  kHashtableArray = 85,
  kCustomSlim = 0x80,
};

constexpr std::uint8_t kMaxSlimCode = 100;       // readers take 0x80..0xE4 as slim
constexpr std::uint8_t kMaxSlimWriteCode = 99;   // writers use the slim form below 100
constexpr std::size_t kMaxParameters = 255;      // the parameter table's count is one byte

std::uint32_t zigzag32(std::int32_t v) {
  return (static_cast<std::uint32_t>(v) << 1) ^ static_cast<std::uint32_t>(v >> 31);
}
std::uint64_t zigzag64(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
std::int32_t unzigzag32(std::uint32_t u) {
  return static_cast<std::int32_t>((u >> 1) ^ (~(u & 1) + 1));
}
std::int64_t unzigzag64(std::uint64_t u) {
  return static_cast<std::int64_t>((u >> 1) ^ (~(u & 1) + 1));
}

bool write_typed(wire::Encoder& e, const Value& v);
bool read_typed(wire::Decoder& d, Value& v);
bool read_code(wire::Decoder& d, std::uint8_t code, Value& v);
bool write_untyped(wire::Encoder& e, Type declared, const Value& v);

// ---- lengths and counts
bool read_length(wire::Decoder& d, std::size_t& n, std::size_t min_item_size, const char* what) {
  const std::size_t at = d.offset();
  std::uint64_t u = 0;
  if (!d.varint(u, 35)) return false;
  if (u > std::numeric_limits<std::uint32_t>::max() || u > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) {
    return d.fail_at(at, ErrorCode::kLengthOverflow, std::string(what) + " " + std::to_string(u) + " is too large");
  }
  n = static_cast<std::size_t>(u);
  return d.check_count(at, n, min_item_size, what);
}

bool write_limited_length(wire::Encoder& e, std::size_t n, const char* what) {
  if (n > kMaxBodySize) {
    return e.fail(ErrorCode::kLimitExceeded,
                  std::string(what) + " of " + std::to_string(n) + " bytes exceeds Photon's limit 32767");
  }
  e.varint(n);
  return true;
}

bool write_string_body(wire::Encoder& e, const std::string& s) {
  if (!write_limited_length(e, s.size(), "string")) return false;
  e.bytes(s);
  return true;
}

bool read_string_body(wire::Decoder& d, std::string& s) {
  std::size_t n = 0;
  return read_length(d, n, 1, "string length") && d.utf8_string(n, s);
}

// ---- ints in their typed forms
void write_typed_int(wire::Encoder& e, std::int64_t v, bool is_long) {
  if (v == 0) {
    e.byte(is_long ? kLongZero : kIntZero);
  } else if (v > 0 && v <= 0xFF) {
    e.byte(is_long ? kLong1 : kInt1);
    e.byte(static_cast<std::uint8_t>(v));
  } else if (v > 0 && v <= 0xFFFF) {
    e.byte(is_long ? kLong2 : kInt2);
    e.little_endian(static_cast<std::uint16_t>(v));
  } else if (v < 0 && v >= -0xFF) {
    e.byte(is_long ? kLong1Negative : kInt1Negative);
    e.byte(static_cast<std::uint8_t>(-v));
  } else if (v < 0 && v >= -0xFFFF) {
    e.byte(is_long ? kLong2Negative : kInt2Negative);
    e.little_endian(static_cast<std::uint16_t>(-v));
  } else if (is_long) {
    e.byte(kCompressedLong);
    e.varint(zigzag64(v));
  } else {
    e.byte(kCompressedInt);
    e.varint(zigzag32(static_cast<std::int32_t>(v)));
  }
}

bool read_compressed_int(wire::Decoder& d, std::int32_t& v) {
  std::uint64_t u = 0;
  if (!d.varint(u, 35)) return false;
  v = unzigzag32(static_cast<std::uint32_t>(u));
  return true;
}

bool read_compressed_long(wire::Decoder& d, std::int64_t& v) {
  std::uint64_t u = 0;
  if (!d.varint(u, 70)) return false;
  v = unzigzag64(u);
  return true;
}

// The short forms: one byte or a little-endian uint16, negated for the '_' codes.
bool read_short_form(wire::Decoder& d, bool two_bytes, bool negative, std::int64_t& v) {
  if (two_bytes) {
    std::uint16_t u = 0;
    if (!d.little_endian(u)) return false;
    v = u;
  } else {
    std::uint8_t b = 0;
    if (!d.u8(b)) return false;
    v = b;
  }
  if (negative) v = -v;
  return true;
}

// ---- custom types
bool write_custom_header(wire::Encoder& e, std::uint8_t code) {
  if (code <= kMaxSlimWriteCode) {
    e.byte(static_cast<std::uint8_t>(kCustomSlim + code));
  } else {
    e.byte(kCustom);
    e.byte(code);
  }
  return true;
}

bool write_custom_body(wire::Encoder& e, const Custom& c) {
  if (!write_limited_length(e, c.body.size(), ("custom type " + std::to_string(c.code) + " body").c_str())) {
    return false;
  }
  e.bytes(c.body.data(), c.body.size());
  return true;
}

bool read_custom_body(wire::Decoder& d, std::uint8_t code, Value& v) {
  std::size_t n = 0;
  if (!read_length(d, n, 1, "custom body length")) return false;
  const std::uint8_t* p = d.take(n, "custom body");
  v = Custom{code, Bytes(p, p + n)};
  return true;
}

// ---- declared types (Dictionary keys and values): the code, and the value without it
bool declared_code(Type t, std::uint8_t& code) {
  switch (t) {
    case Type::kObject: code = kUnknown; return true;
    case Type::kByte: code = kByte; return true;
    case Type::kBool: code = kBoolean; return true;
    case Type::kShort: code = kShort; return true;
    case Type::kInt: code = kCompressedInt; return true;
    case Type::kLong: code = kCompressedLong; return true;
    case Type::kFloat: code = kFloat; return true;
    case Type::kDouble: code = kDouble; return true;
    case Type::kString: code = kString; return true;
    case Type::kByteArray: code = kByteArray; return true;
    case Type::kHashtable: code = kHashtable; return true;
    case Type::kObjectArray: code = kObjectArray; return true;
    default: return false;
  }
}

bool declared_type(std::uint8_t code, Type& t) {
  for (Type candidate : {Type::kObject, Type::kByte, Type::kBool, Type::kShort, Type::kInt, Type::kLong, Type::kFloat,
                         Type::kDouble, Type::kString, Type::kByteArray, Type::kHashtable, Type::kObjectArray}) {
    std::uint8_t c = 0;
    declared_code(candidate, c);
    if (c == code) {
      t = candidate;
      return true;
    }
  }
  return false;
}

bool write_entries(wire::Encoder& e, const std::vector<Entry>& entries, Type key_type, Type value_type) {
  e.varint(entries.size());
  for (const Entry& entry : entries) {
    if (!write_untyped(e, key_type, entry.key) || !write_untyped(e, value_type, entry.value)) return false;
  }
  return true;
}

bool read_entries(wire::Decoder& d, std::vector<Entry>& entries, std::uint8_t key_code, std::uint8_t value_code) {
  std::size_t n = 0;
  if (!read_length(d, n, 2, "entry count")) return false;
  entries.resize(n);
  for (Entry& entry : entries) {
    if (!(key_code == kUnknown ? read_typed(d, entry.key) : read_code(d, key_code, entry.key))) return false;
    if (!(value_code == kUnknown ? read_typed(d, entry.value) : read_code(d, value_code, entry.value))) return false;
  }
  return true;
}

bool write_dictionary_types(wire::Encoder& e, Type key_type, Type value_type) {
  std::uint8_t key_code = 0;
  std::uint8_t value_code = 0;
  if (!declared_code(key_type, key_code) || !declared_code(value_type, value_code)) {
    return e.fail(ErrorCode::kUnsupported, std::string("a Dictionary cannot declare ") + to_string(key_type) + ", " +
                                               to_string(value_type) + " (use object or a Hashtable)");
  }
  e.byte(key_code);
  e.byte(value_code);
  return true;
}

bool read_dictionary_types(wire::Decoder& d, Dictionary& dict, std::uint8_t& key_code, std::uint8_t& value_code) {
  const std::size_t at = d.offset();
  if (!d.u8(key_code) || !d.u8(value_code)) return false;
  if (!declared_type(key_code, dict.key_type) || !declared_type(value_code, dict.value_type)) {
    return d.fail_at(at, ErrorCode::kUnsupported, "Dictionary declared with type codes " + std::to_string(key_code) +
                                                      ", " + std::to_string(value_code));
  }
  return true;
}

// ---- parameter tables
bool write_parameters(wire::Encoder& e, const std::vector<Parameter>& parameters) {
  if (parameters.size() > kMaxParameters) {
    return e.fail(ErrorCode::kLimitExceeded, std::to_string(parameters.size()) +
                                                 " parameters exceed Protocol 1.8's one-byte count (255)");
  }
  e.byte(static_cast<std::uint8_t>(parameters.size()));
  for (const Parameter& p : parameters) {
    e.byte(p.key);
    if (!write_typed(e, p.value)) return false;
  }
  return true;
}

bool read_parameters(wire::Decoder& d, std::vector<Parameter>& parameters) {
  const std::size_t at = d.offset();
  std::uint8_t n = 0;
  if (!d.u8(n) || !d.check_count(at, n, 2, "parameter count")) return false;
  parameters.resize(n);
  for (Parameter& p : parameters) {
    if (!d.u8(p.key) || !read_typed(d, p.value)) return false;
  }
  return true;
}

// ---- typed arrays
bool array_code(const ElementType& element, std::uint8_t& code) {
  switch (element.type) {
    case Type::kBool: code = kBooleanArray; return true;
    case Type::kShort: code = kShortArray; return true;
    case Type::kFloat: code = kFloatArray; return true;
    case Type::kDouble: code = kDoubleArray; return true;
    case Type::kString: code = kStringArray; return true;
    case Type::kInt: code = kIntArray; return true;
    case Type::kLong: code = kLongArray; return true;
    case Type::kCustom: code = kCustomArray; return true;
    case Type::kDictionary: code = kDictionaryArray; return true;
    case Type::kHashtable: code = kHashtableArray; return true;
    case Type::kArray:
    case Type::kObjectArray:
    case Type::kByteArray: code = kArrayOfArrays; return true;
    default: return false;
  }
}

bool check_item(wire::Encoder& e, const ElementType& element, const Value& item) {
  if (item.type() != element.type) {
    return e.fail(ErrorCode::kInvalidType,
                  std::string("array of ") + to_string(element.type) + " holds " + to_string(item.type()));
  }
  if (const Custom* c = item.get_if<Custom>(); c != nullptr && c->code != element.custom_code) {
    return e.fail(ErrorCode::kInvalidType, "array of custom type " + std::to_string(element.custom_code) +
                                               " holds custom type " + std::to_string(c->code));
  }
  if (const Dictionary* dict = item.get_if<Dictionary>();
      dict != nullptr && (dict->key_type != element.key_type || dict->value_type != element.value_type)) {
    return e.fail(ErrorCode::kInvalidType, "dictionary array items must share the declared key and value types");
  }
  return true;
}

bool write_array(wire::Encoder& e, const Array& a) {
  std::uint8_t code = 0;
  if (!array_code(a.element, code)) {
    return e.fail(ErrorCode::kUnsupported,
                  std::string("Protocol 1.8 has no array of ") + to_string(a.element.type) +
                      (a.element.type == Type::kByte ? " (use byte[])" : ""));
  }
  for (const Value& item : a.items) {
    if (!check_item(e, a.element, item)) return false;
  }
  e.byte(code);
  if (code == kDictionaryArray && !write_dictionary_types(e, a.element.key_type, a.element.value_type)) return false;
  e.varint(a.items.size());
  if (code == kCustomArray) e.byte(a.element.custom_code);
  if (code == kBooleanArray) {
    for (std::size_t i = 0; i < a.items.size(); i += 8) {
      std::uint8_t packed = 0;
      for (std::size_t bit = 0; bit < 8 && i + bit < a.items.size(); ++bit) {
        if (*a.items[i + bit].get_if<bool>()) packed = static_cast<std::uint8_t>(packed | (1u << bit));
      }
      e.byte(packed);
    }
    return true;
  }
  for (const Value& item : a.items) {
    bool ok = true;
    switch (code) {
      case kShortArray: e.little_endian(*item.get_if<std::int16_t>()); break;
      case kFloatArray: e.little_endian(*item.get_if<float>()); break;
      case kDoubleArray: e.little_endian(*item.get_if<double>()); break;
      case kStringArray: ok = write_string_body(e, *item.get_if<std::string>()); break;
      case kIntArray: e.varint(zigzag32(*item.get_if<std::int32_t>())); break;
      case kLongArray: e.varint(zigzag64(*item.get_if<std::int64_t>())); break;
      case kCustomArray: ok = write_custom_body(e, *item.get_if<Custom>()); break;
      case kDictionaryArray: {
        const Dictionary& dict = *item.get_if<Dictionary>();
        ok = write_entries(e, dict.entries, dict.key_type, dict.value_type);
        break;
      }
      case kHashtableArray: ok = write_entries(e, item.get_if<Hashtable>()->entries, Type::kObject, Type::kObject); break;
      default: ok = write_typed(e, item);  // kArrayOfArrays: each item a typed array
    }
    if (!ok) return false;
  }
  return true;
}

template <class T, class ReadItem>
bool read_items(wire::Decoder& d, Array& a, Type element, std::size_t min_item_size, ReadItem read_item) {
  std::size_t n = 0;
  if (!read_length(d, n, min_item_size, "array count")) return false;
  a.element.type = element;
  a.items.resize(n);
  for (Value& item : a.items) {
    T x{};
    if (!read_item(x)) return false;
    item = std::move(x);
  }
  return true;
}

bool read_array(wire::Decoder& d, std::uint8_t code, Value& v) {
  Array a;
  bool ok = false;
  switch (code) {
    case kBooleanArray: {
      std::size_t n = 0;
      ok = read_length(d, n, 0, "bool[] count") && d.check_count(d.offset(), (n + 7) / 8, 1, "bool[] bytes");
      if (!ok) break;
      a.element.type = Type::kBool;
      const std::uint8_t* p = d.take((n + 7) / 8, "bool[]");
      for (std::size_t i = 0; i < n; ++i) a.items.emplace_back(((p[i / 8] >> (i % 8)) & 1) != 0);
      break;
    }
    case kShortArray:
      ok = read_items<std::int16_t>(d, a, Type::kShort, 2, [&](std::int16_t& x) { return d.little_endian(x); });
      break;
    case kFloatArray:
      ok = read_items<float>(d, a, Type::kFloat, 4, [&](float& x) { return d.little_endian(x); });
      break;
    case kDoubleArray:
      ok = read_items<double>(d, a, Type::kDouble, 8, [&](double& x) { return d.little_endian(x); });
      break;
    case kStringArray:
      ok = read_items<std::string>(d, a, Type::kString, 1, [&](std::string& x) { return read_string_body(d, x); });
      break;
    case kIntArray:
      ok = read_items<std::int32_t>(d, a, Type::kInt, 1, [&](std::int32_t& x) { return read_compressed_int(d, x); });
      break;
    case kLongArray:
      ok = read_items<std::int64_t>(d, a, Type::kLong, 1, [&](std::int64_t& x) { return read_compressed_long(d, x); });
      break;
    case kCustomArray: {
      std::size_t n = 0;
      ok = read_length(d, n, 1, "custom array count") && d.u8(a.element.custom_code);
      a.element.type = Type::kCustom;
      if (ok) a.items.resize(n);
      for (std::size_t i = 0; ok && i < n; ++i) ok = read_custom_body(d, a.element.custom_code, a.items[i]);
      break;
    }
    case kDictionaryArray: {
      Dictionary shape;
      std::uint8_t key_code = 0;
      std::uint8_t value_code = 0;
      std::size_t n = 0;
      ok = read_dictionary_types(d, shape, key_code, value_code) && read_length(d, n, 1, "dictionary array count");
      a.element = ElementType{Type::kDictionary, 0, shape.key_type, shape.value_type};
      if (ok) a.items.resize(n);
      for (std::size_t i = 0; ok && i < n; ++i) {
        Dictionary dict{shape.key_type, shape.value_type, {}};
        ok = read_entries(d, dict.entries, key_code, value_code);
        a.items[i] = std::move(dict);
      }
      break;
    }
    case kHashtableArray: {
      std::size_t n = 0;
      ok = read_length(d, n, 1, "hashtable array count");
      a.element.type = Type::kHashtable;
      if (ok) a.items.resize(n);
      for (std::size_t i = 0; ok && i < n; ++i) {
        Hashtable h;
        ok = read_entries(d, h.entries, kUnknown, kUnknown);
        a.items[i] = std::move(h);
      }
      break;
    }
    default: {  // kArrayOfArrays
      std::size_t n = 0;
      ok = read_length(d, n, 1, "array count");
      a.element.type = Type::kArray;
      if (ok) a.items.resize(n);
      for (std::size_t i = 0; ok && i < n; ++i) {
        const std::size_t at = d.offset();
        ok = read_typed(d, a.items[i]);
        const Type t = a.items[i].type();
        if (ok && t != Type::kArray && t != Type::kObjectArray && t != Type::kByteArray) {
          ok = d.fail_at(at, ErrorCode::kInvalidType, std::string("array of arrays holds ") + to_string(t));
        }
        if (ok && i == 0) a.element.type = t;
        if (ok && t != a.element.type) {
          ok = d.fail_at(at, ErrorCode::kInvalidType, "array of arrays mixes element kinds");
        }
      }
    }
  }
  v = std::move(a);
  return ok;
}

// ---- values
bool write_container(wire::Encoder& e, const Value& v) {
  switch (v.type()) {
    case Type::kObjectArray: {
      const auto& items = v.get_if<ObjectArray>()->items;
      e.varint(items.size());
      for (const Value& item : items) {
        if (!write_typed(e, item)) return false;
      }
      return true;
    }
    case Type::kHashtable: return write_entries(e, v.get_if<Hashtable>()->entries, Type::kObject, Type::kObject);
    case Type::kDictionary: {
      const Dictionary& dict = *v.get_if<Dictionary>();
      return write_dictionary_types(e, dict.key_type, dict.value_type) &&
             write_entries(e, dict.entries, dict.key_type, dict.value_type);
    }
    case Type::kEventData: return write_event(e, *v.get_if<EventData>());
    case Type::kOperationRequest: return write_request(e, *v.get_if<OperationRequest>());
    case Type::kOperationResponse: return write_response(e, *v.get_if<OperationResponse>());
    default: return e.fail(ErrorCode::kUnsupported, std::string("not a container: ") + to_string(v.type()));
  }
}

bool write_typed(wire::Encoder& e, const Value& v) {
  switch (v.type()) {
    case Type::kNull: e.byte(kNullCode); return true;
    case Type::kByte: {
      const std::uint8_t b = *v.get_if<std::uint8_t>();
      e.byte(b == 0 ? kByteZero : kByte);
      if (b != 0) e.byte(b);
      return true;
    }
    case Type::kBool: e.byte(*v.get_if<bool>() ? kBooleanTrue : kBooleanFalse); return true;
    case Type::kShort: {
      const std::int16_t s = *v.get_if<std::int16_t>();
      e.byte(s == 0 ? kShortZero : kShort);
      if (s != 0) e.little_endian(s);
      return true;
    }
    case Type::kInt: write_typed_int(e, *v.get_if<std::int32_t>(), false); return true;
    case Type::kLong: write_typed_int(e, *v.get_if<std::int64_t>(), true); return true;
    case Type::kFloat: e.byte(kFloat); e.little_endian(*v.get_if<float>()); return true;
    case Type::kDouble: e.byte(kDouble); e.little_endian(*v.get_if<double>()); return true;
    case Type::kString: e.byte(kString); return write_string_body(e, *v.get_if<std::string>());
    case Type::kByteArray: {
      const Bytes& b = *v.get_if<Bytes>();
      e.byte(kByteArray);
      e.varint(b.size());
      e.bytes(b.data(), b.size());
      return true;
    }
    case Type::kCustom: {
      const Custom& c = *v.get_if<Custom>();
      return write_custom_header(e, c.code) && write_custom_body(e, c);
    }
    case Type::kArray: return write_array(e, *v.get_if<Array>());
    case Type::kObjectArray: e.byte(kObjectArray); break;
    case Type::kHashtable: e.byte(kHashtable); break;
    case Type::kDictionary: e.byte(kDictionary); break;
    case Type::kEventData: e.byte(kEventData); break;
    case Type::kOperationRequest: e.byte(kOperationRequest); break;
    case Type::kOperationResponse: e.byte(kOperationResponse); break;
    case Type::kObject: return e.fail(ErrorCode::kUnsupported, "object is only a declared type");
  }
  return write_container(e, v);
}

// A value of a Dictionary's declared type: the value without its type code, in the declared form
// (int as a zigzag varint, long likewise, bool as one byte).
bool write_untyped(wire::Encoder& e, Type declared, const Value& v) {
  if (declared == Type::kObject) return write_typed(e, v);
  if (v.type() != declared) {
    return e.fail(ErrorCode::kInvalidType,
                  std::string("dictionary declares ") + to_string(declared) + " but holds " + to_string(v.type()));
  }
  switch (declared) {
    case Type::kByte: e.byte(*v.get_if<std::uint8_t>()); return true;
    case Type::kBool: e.byte(*v.get_if<bool>() ? 1 : 0); return true;
    case Type::kShort: e.little_endian(*v.get_if<std::int16_t>()); return true;
    case Type::kInt: e.varint(zigzag32(*v.get_if<std::int32_t>())); return true;
    case Type::kLong: e.varint(zigzag64(*v.get_if<std::int64_t>())); return true;
    case Type::kFloat: e.little_endian(*v.get_if<float>()); return true;
    case Type::kDouble: e.little_endian(*v.get_if<double>()); return true;
    case Type::kString: return write_string_body(e, *v.get_if<std::string>());
    case Type::kByteArray: {
      const Bytes& b = *v.get_if<Bytes>();
      e.varint(b.size());
      e.bytes(b.data(), b.size());
      return true;
    }
    default: return write_container(e, v);  // Hashtable, object[]
  }
}

bool read_container(wire::Decoder& d, std::uint8_t code, Value& v) {
  switch (code) {
    case kObjectArray: {
      ObjectArray a;
      std::size_t n = 0;
      bool ok = read_length(d, n, 1, "object array count");
      if (ok) a.items.resize(n);
      for (std::size_t i = 0; ok && i < n; ++i) ok = read_typed(d, a.items[i]);
      v = std::move(a);
      return ok;
    }
    case kHashtable: {
      Hashtable h;
      const bool ok = read_entries(d, h.entries, kUnknown, kUnknown);
      v = std::move(h);
      return ok;
    }
    case kDictionary: {
      Dictionary dict;
      std::uint8_t key_code = 0;
      std::uint8_t value_code = 0;
      const bool ok = read_dictionary_types(d, dict, key_code, value_code) &&
                      read_entries(d, dict.entries, key_code, value_code);
      v = std::move(dict);
      return ok;
    }
    case kEventData: {
      EventData ev;
      const bool ok = read_event(d, ev);
      v = std::move(ev);
      return ok;
    }
    case kOperationRequest: {
      OperationRequest rq;
      const bool ok = read_request(d, rq);
      v = std::move(rq);
      return ok;
    }
    case kOperationResponse: {
      OperationResponse rs;
      const bool ok = read_response(d, rs);
      v = std::move(rs);
      return ok;
    }
    default: return read_array(d, code, v);
  }
}

bool is_container_code(std::uint8_t code) {
  switch (code) {
    case kObjectArray: case kHashtable: case kDictionary: case kEventData: case kOperationRequest:
    case kOperationResponse: case kArrayOfArrays: case kBooleanArray: case kShortArray: case kFloatArray:
    case kDoubleArray: case kStringArray: case kIntArray: case kLongArray: case kCustomArray:
    case kDictionaryArray: case kHashtableArray:
      return true;
    default:
      return false;
  }
}

// Reads the value that follows type code `code`.
bool read_code(wire::Decoder& d, std::uint8_t code, Value& v) {
  if (code >= kCustomSlim && code <= kCustomSlim + kMaxSlimCode) {
    return read_custom_body(d, static_cast<std::uint8_t>(code - kCustomSlim), v);
  }
  if (is_container_code(code)) {
    if (!d.enter()) return false;
    const bool ok = read_container(d, code, v);
    d.leave();
    return ok;
  }
  switch (code) {
    case kNullCode: v = Null{}; return true;
    case kBoolean: { std::uint8_t b = 0; if (!d.u8(b)) return false; v = b != 0; return true; }
    case kBooleanFalse: v = false; return true;
    case kBooleanTrue: v = true; return true;
    case kByte: { std::uint8_t b = 0; if (!d.u8(b)) return false; v = b; return true; }
    case kByteZero: v = std::uint8_t{0}; return true;
    case kShort: { std::int16_t s = 0; if (!d.little_endian(s)) return false; v = s; return true; }
    case kShortZero: v = std::int16_t{0}; return true;
    case kFloat: { float f = 0; if (!d.little_endian(f)) return false; v = f; return true; }
    case kFloatZero: v = 0.0f; return true;
    case kDouble: { double x = 0; if (!d.little_endian(x)) return false; v = x; return true; }
    case kDoubleZero: v = 0.0; return true;
    case kString: { std::string s; if (!read_string_body(d, s)) return false; v = std::move(s); return true; }
    case kCompressedInt: { std::int32_t x = 0; if (!read_compressed_int(d, x)) return false; v = x; return true; }
    case kCompressedLong: { std::int64_t x = 0; if (!read_compressed_long(d, x)) return false; v = x; return true; }
    case kIntZero: v = std::int32_t{0}; return true;
    case kLongZero: v = std::int64_t{0}; return true;
    case kInt1: case kInt1Negative: case kInt2: case kInt2Negative: {
      std::int64_t x = 0;
      if (!read_short_form(d, code >= kInt2, code == kInt1Negative || code == kInt2Negative, x)) return false;
      v = static_cast<std::int32_t>(x);
      return true;
    }
    case kLong1: case kLong1Negative: case kLong2: case kLong2Negative: {
      std::int64_t x = 0;
      if (!read_short_form(d, code >= kLong2, code == kLong1Negative || code == kLong2Negative, x)) return false;
      v = x;
      return true;
    }
    case kCustom: { std::uint8_t c = 0; return d.u8(c) && read_custom_body(d, c, v); }
    case kByteArray: {
      std::size_t n = 0;
      if (!read_length(d, n, 1, "byte[] length")) return false;
      const std::uint8_t* p = d.take(n, "byte[]");
      v = Bytes(p, p + n);
      return true;
    }
    default:
      return d.fail_at(d.offset() - 1, ErrorCode::kInvalidType, "unknown Protocol 1.8 type code " + std::to_string(code));
  }
}

bool read_typed(wire::Decoder& d, Value& v) {
  std::uint8_t code = 0;
  return d.u8(code) && read_code(d, code, v);
}

}  // namespace

bool write_value(wire::Encoder& e, const Value& v) { return write_typed(e, v); }
bool read_value(wire::Decoder& d, Value& v) { return read_typed(d, v); }

namespace {

// What the envelopes of envelope.hpp take from Protocol 1.8.
struct Protocol18 {
  static bool write_parameters(wire::Encoder& e, const std::vector<Parameter>& p) { return v18::write_parameters(e, p); }
  static bool read_parameters(wire::Decoder& d, std::vector<Parameter>& p) { return v18::read_parameters(d, p); }
  static void write_return_code(wire::Encoder& e, std::int16_t code) { e.little_endian(code); }
  static bool read_return_code(wire::Decoder& d, std::int16_t& code) { return d.little_endian(code); }
  static bool write_string(wire::Encoder& e, const std::string& s) { e.byte(kString); return write_string_body(e, s); }
  static void write_null(wire::Encoder& e) { e.byte(kNullCode); }
  static bool read_typed(wire::Decoder& d, Value& v) { return v18::read_typed(d, v); }
};

}  // namespace

bool write_event(wire::Encoder& e, const EventData& v) { return envelope::write_event<Protocol18>(e, v); }
bool write_request(wire::Encoder& e, const OperationRequest& v) { return envelope::write_request<Protocol18>(e, v); }
bool write_response(wire::Encoder& e, const OperationResponse& v) { return envelope::write_response<Protocol18>(e, v); }
bool read_event(wire::Decoder& d, EventData& v) { return envelope::read_event<Protocol18>(d, v); }
bool read_request(wire::Decoder& d, OperationRequest& v) { return envelope::read_request<Protocol18>(d, v); }
bool read_response(wire::Decoder& d, OperationResponse& v) { return envelope::read_response<Protocol18>(d, v); }

}  // namespace pakt::photon::v18
