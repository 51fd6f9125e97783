// Photon Protocol 1.6 (GpBinaryV16): every number big-endian, int16 lengths and counts (int32 for
// byte[]), one ASCII type code per typed value. Reference: photon-wire-format.md §2.2.
#include <cstdint>
#include <limits>
#include <string>

#include "pakt/utf8.hpp"
#include "envelope.hpp"
#include "wire.hpp"

namespace pakt::photon::v16 {
namespace {

constexpr std::uint8_t kNullCode = '*';
constexpr std::uint8_t kZeroNullCode = 0x00;
constexpr std::uint8_t kLegacyIntArray = 'n';
constexpr std::uint8_t kLegacyStringArray = 'a';
constexpr std::size_t kMaxCount = 32767;

// Type codes, indexed by Type; kObject is 0 ("typed per item") in a Dictionary's declaration.
constexpr std::uint8_t kCodes[] = {'*', 'b', 'o', 'k', 'i', 'l', 'f', 'd', 's', 'x',
                                   'y', 'z', 'h', 'D', 'c', 'e', 'q', 'p', 0};

std::uint8_t code_of(Type t) { return kCodes[static_cast<std::size_t>(t)]; }

bool type_of(std::uint8_t code, Type& t) {
  for (std::size_t i = 0; i < sizeof kCodes; ++i) {
    if (kCodes[i] == code) {
      t = static_cast<Type>(i);
      return true;
    }
  }
  return false;
}

std::string describe_code(std::uint8_t code) {
  std::string s = "type code " + std::to_string(code);
  if (code >= 0x20 && code < 0x7F) s += std::string(" ('") + static_cast<char>(code) + "')";
  return s;
}

bool write_payload(wire::Encoder& e, const Value& v);
bool read_payload(wire::Decoder& d, Type t, Value& v);
bool read_legacy_array(wire::Decoder& d, std::uint8_t code, Value& v);

bool write_count(wire::Encoder& e, std::size_t n, const char* what) {
  if (n > kMaxCount) {
    return e.fail(ErrorCode::kLimitExceeded,
                  std::string(what) + " " + std::to_string(n) + " exceeds Protocol 1.6's int16 limit 32767");
  }
  e.big_endian(static_cast<std::int16_t>(n));
  return true;
}

bool read_count(wire::Decoder& d, std::size_t& n, std::size_t min_item_size, const char* what) {
  const std::size_t at = d.offset();
  std::int16_t count = 0;
  if (!d.big_endian(count)) return false;
  if (count < 0) return d.fail_at(at, ErrorCode::kLengthOverflow, std::string("negative ") + what);
  n = static_cast<std::size_t>(count);
  return d.check_count(at, n, min_item_size, what);
}

bool write_string_payload(wire::Encoder& e, const std::string& s) {
  if (s.size() > kMaxBodySize) {
    return e.fail(ErrorCode::kLimitExceeded,
                  "string of " + std::to_string(s.size()) + " bytes exceeds Protocol 1.6's limit 32767");
  }
  e.big_endian(static_cast<std::int16_t>(s.size()));
  e.bytes(s);
  return true;
}

bool read_string_payload(wire::Decoder& d, std::string& s) {
  std::size_t n = 0;
  return read_count(d, n, 1, "string length") && d.utf8_string(n, s);
}

bool write_custom_body(wire::Encoder& e, const Custom& c) {
  if (c.body.size() > kMaxBodySize) {
    return e.fail(ErrorCode::kLimitExceeded, "custom type " + std::to_string(c.code) + " body of " +
                                                 std::to_string(c.body.size()) +
                                                 " bytes exceeds Protocol 1.6's int16 length (32767)");
  }
  e.big_endian(static_cast<std::int16_t>(c.body.size()));
  e.bytes(c.body.data(), c.body.size());
  return true;
}

bool read_custom_body(wire::Decoder& d, std::uint8_t code, Value& v) {
  std::size_t n = 0;
  if (!read_count(d, n, 1, "custom body length")) return false;
  const std::uint8_t* p = d.take(n, "custom body");
  v = Custom{code, Bytes(p, p + n)};
  return true;
}

bool write_typed(wire::Encoder& e, const Value& v) {
  e.byte(code_of(v.type()));
  return write_payload(e, v);
}

bool read_typed(wire::Decoder& d, Value& v) {
  const std::size_t at = d.offset();
  std::uint8_t code = 0;
  if (!d.u8(code)) return false;
  if (code == kZeroNullCode) {
    v = Null{};
    return true;
  }
  if (code == kLegacyIntArray || code == kLegacyStringArray) {
    if (!d.enter()) return false;
    const bool ok = read_legacy_array(d, code, v);
    d.leave();
    return ok;
  }
  Type t = Type::kNull;
  if (!type_of(code, t) || t == Type::kObject) {
    return d.fail_at(at, ErrorCode::kInvalidType, "unknown Protocol 1.6 " + describe_code(code));
  }
  return read_payload(d, t, v);
}

// A Dictionary's declared key or value type: 0 (any) or a type whose payload stands alone.
bool is_declarable(Type t) {
  return t != Type::kArray && t != Type::kDictionary && t != Type::kCustom && t != Type::kNull;
}

bool write_entries(wire::Encoder& e, const std::vector<Entry>& entries, Type key_type, Type value_type) {
  if (!write_count(e, entries.size(), "entry count")) return false;
  for (const Entry& entry : entries) {
    for (const auto& [item, declared] : {std::pair{&entry.key, key_type}, std::pair{&entry.value, value_type}}) {
      if (declared == Type::kObject) {
        if (!write_typed(e, *item)) return false;
      } else if (item->type() != declared) {
        return e.fail(ErrorCode::kInvalidType, std::string("dictionary declares ") + to_string(declared) + " but holds " +
                                                   to_string(item->type()));
      } else if (!write_payload(e, *item)) {
        return false;
      }
    }
  }
  return true;
}

bool read_entries(wire::Decoder& d, std::vector<Entry>& entries, Type key_type, Type value_type) {
  std::size_t n = 0;
  if (!read_count(d, n, 2, "entry count")) return false;
  entries.resize(n);
  for (Entry& entry : entries) {
    if (!(key_type == Type::kObject ? read_typed(d, entry.key) : read_payload(d, key_type, entry.key))) return false;
    if (!(value_type == Type::kObject ? read_typed(d, entry.value) : read_payload(d, value_type, entry.value))) {
      return false;
    }
  }
  return true;
}

bool write_dictionary_types(wire::Encoder& e, Type key_type, Type value_type) {
  if (!is_declarable(key_type) || !is_declarable(value_type)) {
    return e.fail(ErrorCode::kUnsupported, std::string("a Dictionary cannot declare ") + to_string(key_type) + ", " +
                                               to_string(value_type) + " (use object or a Hashtable)");
  }
  e.byte(code_of(key_type));
  e.byte(code_of(value_type));
  return true;
}

bool read_dictionary_types(wire::Decoder& d, Type& key_type, Type& value_type) {
  for (Type* t : {&key_type, &value_type}) {
    const std::size_t at = d.offset();
    std::uint8_t code = 0;
    if (!d.u8(code)) return false;
    if (code == kNullCode) {  // '*' declares object too, as Photon's reader takes it
      *t = Type::kObject;
      continue;
    }
    if (!type_of(code, *t) || !is_declarable(*t)) {
      return d.fail_at(at, ErrorCode::kUnsupported, "Dictionary declared with " + describe_code(code));
    }
  }
  return true;
}

bool write_parameters(wire::Encoder& e, const std::vector<Parameter>& parameters) {
  if (!write_count(e, parameters.size(), "parameter count")) return false;
  for (const Parameter& p : parameters) {
    e.byte(p.key);
    if (!write_typed(e, p.value)) return false;
  }
  return true;
}

bool read_parameters(wire::Decoder& d, std::vector<Parameter>& parameters) {
  std::size_t n = 0;
  if (!read_count(d, n, 2, "parameter count")) return false;
  parameters.resize(n);
  for (Parameter& p : parameters) {
    if (!d.u8(p.key) || !read_typed(d, p.value)) return false;
  }
  return true;
}

bool write_array(wire::Encoder& e, const Array& a) {
  const ElementType& element = a.element;
  if (element.type == Type::kObject || element.type == Type::kNull) {
    return e.fail(ErrorCode::kUnsupported, std::string("a typed array cannot hold ") + to_string(element.type));
  }
  if (!write_count(e, a.items.size(), "array count")) return false;
  e.byte(code_of(element.type));
  if (element.type == Type::kCustom) e.byte(element.custom_code);
  if (element.type == Type::kDictionary && !write_dictionary_types(e, element.key_type, element.value_type)) {
    return false;
  }
  for (const Value& item : a.items) {
    if (item.type() != element.type) {
      return e.fail(ErrorCode::kInvalidType, std::string("array of ") + to_string(element.type) + " holds " +
                                                 to_string(item.type()));
    }
    if (const Custom* c = item.get_if<Custom>()) {
      if (c->code != element.custom_code) {
        return e.fail(ErrorCode::kInvalidType, "array of custom type " + std::to_string(element.custom_code) +
                                                   " holds custom type " + std::to_string(c->code));
      }
      if (!write_custom_body(e, *c)) return false;
    } else if (const Dictionary* dict = item.get_if<Dictionary>()) {
      if (dict->key_type != element.key_type || dict->value_type != element.value_type) {
        return e.fail(ErrorCode::kInvalidType, "dictionary array items must share the declared key and value types");
      }
      if (!write_entries(e, dict->entries, dict->key_type, dict->value_type)) return false;
    } else if (!write_payload(e, item)) {
      return false;
    }
  }
  return true;
}

bool read_array(wire::Decoder& d, Array& a) {
  std::size_t n = 0;
  if (!read_count(d, n, 0, "array count")) return false;
  const std::size_t at = d.offset();
  std::uint8_t code = 0;
  if (!d.u8(code)) return false;
  if (!type_of(code, a.element.type) || a.element.type == Type::kObject || a.element.type == Type::kNull) {
    return d.fail_at(at, ErrorCode::kInvalidType, "typed array of unknown " + describe_code(code));
  }
  if (a.element.type == Type::kCustom && !d.u8(a.element.custom_code)) return false;
  if (a.element.type == Type::kDictionary && !read_dictionary_types(d, a.element.key_type, a.element.value_type)) {
    return false;
  }
  // Every element takes at least one byte, except nulls, which a typed array cannot hold.
  if (!d.check_count(at, n, 1, "array count")) return false;
  a.items.resize(n);
  for (Value& item : a.items) {
    if (a.element.type == Type::kCustom) {
      if (!read_custom_body(d, a.element.custom_code, item)) return false;
    } else if (a.element.type == Type::kDictionary) {
      Dictionary dict{a.element.key_type, a.element.value_type, {}};
      if (!read_entries(d, dict.entries, dict.key_type, dict.value_type)) return false;
      item = std::move(dict);
    } else if (!read_payload(d, a.element.type, item)) {
      return false;
    }
  }
  return true;
}

bool write_container(wire::Encoder& e, const Value& v) {
  switch (v.type()) {
    case Type::kArray: return write_array(e, *v.get_if<Array>());
    case Type::kObjectArray: {
      const auto& items = v.get_if<ObjectArray>()->items;
      if (!write_count(e, items.size(), "object array count")) return false;
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

bool write_payload(wire::Encoder& e, const Value& v) {
  switch (v.type()) {
    case Type::kNull: return true;
    case Type::kByte: e.byte(*v.get_if<std::uint8_t>()); return true;
    case Type::kBool: e.byte(*v.get_if<bool>() ? 1 : 0); return true;
    case Type::kShort: e.big_endian(*v.get_if<std::int16_t>()); return true;
    case Type::kInt: e.big_endian(*v.get_if<std::int32_t>()); return true;
    case Type::kLong: e.big_endian(*v.get_if<std::int64_t>()); return true;
    case Type::kFloat: e.big_endian(*v.get_if<float>()); return true;
    case Type::kDouble: e.big_endian(*v.get_if<double>()); return true;
    case Type::kString: return write_string_payload(e, *v.get_if<std::string>());
    case Type::kByteArray: {
      const Bytes& b = *v.get_if<Bytes>();
      if (b.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
        return e.fail(ErrorCode::kLimitExceeded, "byte[] longer than 2^31-1");
      }
      e.big_endian(static_cast<std::int32_t>(b.size()));
      e.bytes(b.data(), b.size());
      return true;
    }
    case Type::kCustom: {
      const Custom& c = *v.get_if<Custom>();
      e.byte(c.code);
      return write_custom_body(e, c);
    }
    default: return write_container(e, v);
  }
}

// Protocol 1.6's legacy arrays, read only: 'n' int[] (int32 count) and 'a' string[].
bool read_legacy_array(wire::Decoder& d, std::uint8_t code, Value& v) {
  Array a;
  std::size_t n = 0;
  if (code == kLegacyIntArray) {
    const std::size_t at = d.offset();
    std::int32_t count = 0;
    if (!d.big_endian(count)) return false;
    if (count < 0) return d.fail_at(at, ErrorCode::kLengthOverflow, "negative int[] count");
    n = static_cast<std::size_t>(count);
    if (!d.check_count(at, n, 4, "int[] count")) return false;
    a.element.type = Type::kInt;
  } else {
    if (!read_count(d, n, 2, "string[] count")) return false;
    a.element.type = Type::kString;
  }
  a.items.resize(n);
  for (Value& item : a.items) {
    if (!read_payload(d, a.element.type, item)) return false;
  }
  v = std::move(a);
  return true;
}

bool read_payload(wire::Decoder& d, Type t, Value& v) {
  switch (t) {
    case Type::kNull: v = Null{}; return true;
    case Type::kByte: {
      std::uint8_t b = 0;
      if (!d.u8(b)) return false;
      v = b;
      return true;
    }
    case Type::kBool: {
      std::uint8_t b = 0;
      if (!d.u8(b)) return false;
      v = b != 0;
      return true;
    }
    case Type::kShort: { std::int16_t x = 0; if (!d.big_endian(x)) return false; v = x; return true; }
    case Type::kInt: { std::int32_t x = 0; if (!d.big_endian(x)) return false; v = x; return true; }
    case Type::kLong: { std::int64_t x = 0; if (!d.big_endian(x)) return false; v = x; return true; }
    case Type::kFloat: { float x = 0; if (!d.big_endian(x)) return false; v = x; return true; }
    case Type::kDouble: { double x = 0; if (!d.big_endian(x)) return false; v = x; return true; }
    case Type::kString: {
      std::string s;
      if (!read_string_payload(d, s)) return false;
      v = std::move(s);
      return true;
    }
    case Type::kByteArray: {
      const std::size_t at = d.offset();
      std::int32_t len = 0;
      if (!d.big_endian(len)) return false;
      if (len < 0) return d.fail_at(at, ErrorCode::kLengthOverflow, "negative byte[] length");
      if (!d.check_count(at, static_cast<std::size_t>(len), 1, "byte[] length")) return false;
      const std::uint8_t* p = d.take(static_cast<std::size_t>(len), "byte[]");
      v = Bytes(p, p + len);
      return true;
    }
    case Type::kCustom: {
      std::uint8_t code = 0;
      return d.u8(code) && read_custom_body(d, code, v);
    }
    default: break;
  }
  if (!d.enter()) return false;
  bool ok = false;
  switch (t) {
    case Type::kArray: {
      Array a;
      ok = read_array(d, a);
      v = std::move(a);
      break;
    }
    case Type::kObjectArray: {
      ObjectArray a;
      std::size_t n = 0;
      ok = read_count(d, n, 1, "object array count");
      if (ok) a.items.resize(n);
      for (std::size_t i = 0; ok && i < n; ++i) ok = read_typed(d, a.items[i]);
      v = std::move(a);
      break;
    }
    case Type::kHashtable: {
      Hashtable h;
      ok = read_entries(d, h.entries, Type::kObject, Type::kObject);
      v = std::move(h);
      break;
    }
    case Type::kDictionary: {
      Dictionary dict;
      ok = read_dictionary_types(d, dict.key_type, dict.value_type) &&
           read_entries(d, dict.entries, dict.key_type, dict.value_type);
      v = std::move(dict);
      break;
    }
    case Type::kEventData: {
      EventData ev;
      ok = read_event(d, ev);
      v = std::move(ev);
      break;
    }
    case Type::kOperationRequest: {
      OperationRequest rq;
      ok = read_request(d, rq);
      v = std::move(rq);
      break;
    }
    case Type::kOperationResponse: {
      OperationResponse rs;
      ok = read_response(d, rs);
      v = std::move(rs);
      break;
    }
    default: ok = d.fail(ErrorCode::kInvalidType, std::string("no Protocol 1.6 payload for ") + to_string(t));
  }
  d.leave();
  return ok;
}

}  // namespace

bool write_value(wire::Encoder& e, const Value& v) { return write_typed(e, v); }
bool read_value(wire::Decoder& d, Value& v) { return read_typed(d, v); }

namespace {

// What the envelopes of envelope.hpp take from Protocol 1.6.
struct Protocol16 {
  static bool write_parameters(wire::Encoder& e, const std::vector<Parameter>& p) { return v16::write_parameters(e, p); }
  static bool read_parameters(wire::Decoder& d, std::vector<Parameter>& p) { return v16::read_parameters(d, p); }
  static void write_return_code(wire::Encoder& e, std::int16_t code) { e.big_endian(code); }
  static bool read_return_code(wire::Decoder& d, std::int16_t& code) { return d.big_endian(code); }
  static bool write_string(wire::Encoder& e, const std::string& s) { e.byte('s'); return write_string_payload(e, s); }
  static void write_null(wire::Encoder& e) { e.byte(kNullCode); }
  static bool read_typed(wire::Decoder& d, Value& v) { return v16::read_typed(d, v); }
};

}  // namespace

bool write_event(wire::Encoder& e, const EventData& v) { return envelope::write_event<Protocol16>(e, v); }
bool write_request(wire::Encoder& e, const OperationRequest& v) { return envelope::write_request<Protocol16>(e, v); }
bool write_response(wire::Encoder& e, const OperationResponse& v) { return envelope::write_response<Protocol16>(e, v); }
bool read_event(wire::Decoder& d, EventData& v) { return envelope::read_event<Protocol16>(d, v); }
bool read_request(wire::Decoder& d, OperationRequest& v) { return envelope::read_request<Protocol16>(d, v); }
bool read_response(wire::Decoder& d, OperationResponse& v) { return envelope::read_response<Protocol16>(d, v); }

}  // namespace pakt::photon::v16
