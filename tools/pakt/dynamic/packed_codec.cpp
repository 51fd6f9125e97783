#include "dynamic/packed_codec.hpp"

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "dynamic/json_codec.hpp"
#include "dynamic/limit_check.hpp"
#include "dynamic/native_value.hpp"
#include "pakt/packed.hpp"
#include "schema/facts.hpp"

namespace pakt::dynamic {
namespace {

namespace pk = pakt::packing;
using schema::Builtin;
using schema::Field;
using schema::Message;
using schema::PackedCode;
using schema::TypeRef;

// ------------------------------------------------------------------------------ codes
// The runtime's code of a leaf, from the front end's PackedCode (schema/facts.hpp).
using LeafCode = std::variant<pk::Bool, pk::Raw, pk::Varint, pk::Ranged, pk::Quantized, pk::SmallestThree>;

LeafCode runtime_code(const PackedCode& c) {
  switch (c.kind) {
    case PackedCode::Kind::kBool: return pk::Bool{};
    case PackedCode::Kind::kRanged: return pk::Ranged{c.min_int, c.span, c.bits};
    case PackedCode::Kind::kVarint:
    case PackedCode::Kind::kZigZag: return pk::Varint{};  // the runtime zig-zags signed types itself
    case PackedCode::Kind::kRaw: return pk::Raw{};
    case PackedCode::Kind::kQuantized: return pk::Quantized{c.min, c.max, c.steps, c.bits};
    case PackedCode::Kind::kSmallestThree: return pk::SmallestThree{c.bits};
  }
  return pk::Raw{};
}

template <class T, class... U>
inline constexpr bool kOneOf = (std::is_same_v<T, U> || ...);

// The (native type, code) pairs pakt/packed.hpp defines; the front end gives no others.
template <class T, class C>
inline constexpr bool kValidCode =
    (std::is_same_v<T, bool> && std::is_same_v<C, pk::Bool>) ||
    (std::is_integral_v<T> && !std::is_same_v<T, bool> &&
     (kOneOf<C, pk::Ranged, pk::Varint> || (sizeof(T) == 1 && std::is_same_v<C, pk::Raw>))) ||
    (kOneOf<T, float, double, Vector2, Vector3, Color> && kOneOf<C, pk::Raw, pk::Quantized>) ||
    (kOneOf<T, Vector2i, Vector3i> && kOneOf<C, pk::Ranged, pk::Varint>) ||
    (std::is_same_v<T, Quaternion> && kOneOf<C, pk::Raw, pk::SmallestThree>);

// Calls use(code) with the runtime code of a leaf of native type T; false (after `mismatch`) when
// the code does not apply to T (a front-end bug, never a payload's).
template <class T, class Use, class Mismatch>
bool with_code(const Field& field, Use use, Mismatch mismatch) {
  const std::optional<PackedCode> code = schema::packed_leaf_code(field);
  if (!code) return mismatch();
  return std::visit(
      [&](auto c) -> bool {
        if constexpr (kValidCode<T, decltype(c)>) {
          return use(c);
        } else {
          return mismatch();
        }
      },
      runtime_code(*code));
}

bool uint8_elements(const TypeRef& t) {
  return t.element->kind == TypeRef::Kind::kBuiltin && t.element->builtin == Builtin::kUInt8;
}
pk::Length list_length(const TypeRef& list, const Limits& limits) {
  return pk::MakeLength(ListLengthRule(limits, uint8_elements(list)));
}
pk::Text text_code(const Limits& limits) { return pk::Text{pk::MakeLength(StringLengthRule(limits))}; }
pk::Blob blob_code(const Limits& limits) { return pk::Blob{pk::MakeLength(ListLengthRule(limits, true))}; }

bool is_string(const TypeRef& t) { return t.kind == TypeRef::Kind::kBuiltin && t.builtin == Builtin::kString; }
bool is_bytes(const TypeRef& t) { return t.kind == TypeRef::Kind::kBuiltin && t.builtin == Builtin::kBytes; }

// A field whose delta is not its full encoding: a nested message, a list or array of messages.
bool has_element_delta(const Field& f) {
  return !f.optional && (f.type.kind == TypeRef::Kind::kList || f.type.kind == TypeRef::Kind::kArray) &&
         f.type.element->kind == TypeRef::Kind::kMessage;
}
bool has_message_delta(const Field& f) { return !f.optional && f.type.kind == TypeRef::Kind::kMessage; }

// ------------------------------------------------------------------------------ encode
class Encoder {
 public:
  explicit Encoder(BitWriter& w) : w_(w) {}

  bool message(const Message& m, const DynValue& v) {
    const DynValue::List& fields = v.list();
    for (std::size_t i = 0; i < m.fields.size(); ++i) {
      const Field& f = m.fields[i];
      if (!field(f, f.deprecated ? field_default(f) : fields[i])) return w_.in_field(f.name.c_str());
    }
    return true;
  }

  bool field(const Field& f, const DynValue& v) {
    if (f.optional) {
      w_.write_bool(!v.is_null());
      if (v.is_null()) return true;
    }
    return value(f, f.type, v, field_limits(f));
  }

 private:
  bool value(const Field& f, const TypeRef& t, const DynValue& v, const Limits& limits) {
    switch (t.kind) {
      case TypeRef::Kind::kMessage: return message(*t.message, v);
      case TypeRef::Kind::kList: {
        const DynValue::List& items = v.list();
        if (!pk::WriteLength(w_, items.size(), list_length(t, limits))) return false;
        const Limits element_limits = ElementLimits(limits);
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (!value(f, *t.element, items[i], element_limits)) return w_.in_index(i);
        }
        return true;
      }
      case TypeRef::Kind::kArray: {
        const DynValue::List& items = v.list();
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (!value(f, *t.element, items[i], limits)) return w_.in_index(i);
        }
        return true;
      }
      case TypeRef::Kind::kEnum:
      case TypeRef::Kind::kBuiltin: break;
    }
    if (is_string(t)) return pk::Write(w_, std::get<std::string>(v.data), text_code(limits));
    if (is_bytes(t)) return pk::Write(w_, std::get<DynValue::Bytes>(v.data), blob_code(limits));
    return with_native_type(integer_type(t), [&](auto native) {
      to_native(v, native);
      return with_code<decltype(native)>(
          f, [&](auto code) { return pk::Write(w_, native, code); },
          [&] { return w_.fail(ErrorCode::kInvalidValue, "no packed code for this type"); });
    });
  }

  BitWriter& w_;
};

// The packed bits of what `put` writes through a scratch BitWriter: two such are the same
// encoding when their bytes and bit counts are.
struct Bits {
  std::vector<std::uint8_t> bytes;
  std::size_t count = 0;
  bool operator==(const Bits& o) const { return count == o.count && bytes == o.bytes; }
};
template <class Put>
Bits bits_of(Put put) {
  Bits out;
  BitWriter w(out.bytes);
  (void)put(w);  // the value was validated by a full encode first
  out.count = w.bit_count();
  w.finish();
  return out;
}
bool same_field(const Field& f, const DynValue& a, const DynValue& b) {
  return bits_of([&](BitWriter& w) { return Encoder(w).field(f, a); }) ==
         bits_of([&](BitWriter& w) { return Encoder(w).field(f, b); });
}
bool same_message(const Message& m, const DynValue& a, const DynValue& b) {
  return bits_of([&](BitWriter& w) { return Encoder(w).message(m, a); }) ==
         bits_of([&](BitWriter& w) { return Encoder(w).message(m, b); });
}

// docs/packed.md "Delta": a changed bit per field, then a nested message's delta, a list's or
// array's element delta, or the field in full. Both values were encoded in full before (valid).
class DeltaEncoder {
 public:
  explicit DeltaEncoder(BitWriter& w) : w_(w) {}

  bool message(const Message& m, const DynValue& v, const DynValue& base) {
    for (std::size_t i = 0; i < m.fields.size(); ++i) {
      const Field& f = m.fields[i];
      if (f.deprecated) {
        w_.write_bool(false);  // both are written as the default
        continue;
      }
      const DynValue& a = v.list()[i];
      const DynValue& b = base.list()[i];
      const bool changed = !same_field(f, a, b);
      w_.write_bool(changed);
      if (changed && !field(f, a, b)) return w_.in_field(f.name.c_str());
    }
    return true;
  }

 private:
  bool field(const Field& f, const DynValue& v, const DynValue& base) {
    if (has_message_delta(f)) return message(*f.type.message, v, base);
    if (has_element_delta(f)) {
      const Message& element = *f.type.element->message;
      const DynValue::List& items = v.list();
      const DynValue::List& base_items = base.list();
      const bool list = f.type.kind == TypeRef::Kind::kList;
      const pk::Length length = list_length(f.type, field_limits(f));
      return pk::WriteElementsDelta(
          w_, items.size(), base_items.size(), list ? &length : nullptr,
          [&](std::size_t i) { return !same_message(element, items[i], base_items[i]); },
          [&](std::size_t i) { return message(element, items[i], base_items[i]); },
          [&](std::size_t i) { return Encoder(w_).message(element, items[i]); });
    }
    return Encoder(w_).field(f, v);
  }

  BitWriter& w_;
};

// ------------------------------------------------------------------------------ decode
class Decoder {
 public:
  Decoder(BitReader& r, Trace* trace) : r_(r), trace_(trace) {}

  bool message(const Message& m, DynValue& out, const std::string& path) {
    out.data = DynValue::List();
    for (const Field& f : m.fields) {
      DynValue field_value;
      if (!field(f, field_value, path + "." + f.name)) {
        out.list().push_back(std::move(field_value));
        return r_.in_field(f.name.c_str());
      }
      out.list().push_back(f.deprecated ? field_default(f) : std::move(field_value));
    }
    return true;
  }

  bool field(const Field& f, DynValue& out, const std::string& path) {
    if (f.optional) {
      const std::size_t at = r_.bit_offset();
      bool present = false;
      if (!r_.read_bool(present, "presence bit")) return false;
      record(at, path + " (present)", present ? "true" : "false");
      if (!present) {
        out = DynValue{};
        return true;
      }
    }
    return value(f, f.type, out, field_limits(f), path);
  }

  void record(std::size_t at, const std::string& path, const std::string& value) {
    if (trace_ != nullptr) trace_->push_back(TraceEntry{at, r_.bit_offset() - at, path, value, /*bits=*/true});
  }

 private:
  bool value(const Field& f, const TypeRef& t, DynValue& out, const Limits& limits, const std::string& path) {
    switch (t.kind) {
      case TypeRef::Kind::kMessage: return message(*t.message, out, path);
      case TypeRef::Kind::kArray: {
        out.data = DynValue::List();
        for (std::size_t i = 0; i < t.count; ++i) {
          out.list().emplace_back();
          if (!value(f, *t.element, out.list().back(), limits, path + "[" + std::to_string(i) + "]")) {
            return r_.in_index(i);
          }
        }
        return true;
      }
      case TypeRef::Kind::kList: {
        out.data = DynValue::List();
        const std::size_t at = r_.bit_offset();
        std::size_t n = 0;
        if (!pk::ReadLength(r_, n, list_length(t, limits), schema::packed_min_bits(*t.element, &f))) return false;
        record(at, path + " (count)", std::to_string(n));
        const Limits element_limits = ElementLimits(limits);
        for (std::size_t i = 0; i < n; ++i) {
          out.list().emplace_back();
          if (!value(f, *t.element, out.list().back(), element_limits, path + "[" + std::to_string(i) + "]")) {
            return r_.in_index(i);
          }
        }
        return true;
      }
      case TypeRef::Kind::kEnum:
      case TypeRef::Kind::kBuiltin: break;
    }
    const std::size_t at = r_.bit_offset();
    if (!leaf(f, t, out, limits)) return false;
    record(at, path, value_to_json(t, out));
    return true;
  }

  bool leaf(const Field& f, const TypeRef& t, DynValue& out, const Limits& limits) {
    if (is_string(t)) {
      std::string s;
      if (!pk::Read(r_, s, text_code(limits))) return false;
      out = DynValue{std::move(s)};
      return true;
    }
    if (is_bytes(t)) {
      DynValue::Bytes b;
      if (!pk::Read(r_, b, blob_code(limits))) return false;
      out = DynValue{std::move(b)};
      return true;
    }
    return with_native_type(integer_type(t), [&](auto native) {
      return with_code<decltype(native)>(
          f,
          [&](auto code) {
            if (!pk::Read(r_, native, code)) return false;
            out = from_native(native);
            return true;
          },
          [&] { return r_.fail(ErrorCode::kInvalidValue, "no packed code for this type"); });
    });
  }

  BitReader& r_;
  Trace* trace_;
};

// Applies a delta to `v`, which holds the baseline's value.
class DeltaDecoder {
 public:
  DeltaDecoder(BitReader& r, Trace* trace) : r_(r), full_(r, trace) {}

  bool message(const Message& m, DynValue& v, const std::string& path) {
    for (std::size_t i = 0; i < m.fields.size(); ++i) {
      const Field& f = m.fields[i];
      const std::string field_path = path + "." + f.name;
      const std::size_t at = r_.bit_offset();
      bool changed = false;
      if (!r_.read_bool(changed, "changed bit")) return r_.in_field(f.name.c_str());
      full_.record(at, field_path + " (changed)", changed ? "true" : "false");
      if (!changed) continue;
      if (!field(f, v.list()[i], field_path)) return r_.in_field(f.name.c_str());
      if (f.deprecated) v.list()[i] = field_default(f);
    }
    return true;
  }

 private:
  bool field(const Field& f, DynValue& v, const std::string& path) {
    if (has_message_delta(f)) return message(*f.type.message, v, path);
    if (has_element_delta(f)) {
      const Message& element = *f.type.element->message;
      DynValue::List& items = v.list();
      const bool list = f.type.kind == TypeRef::Kind::kList;
      const pk::Length length = list_length(f.type, field_limits(f));
      const std::size_t at = r_.bit_offset();
      const auto element_path = [&](std::size_t i) { return path + "[" + std::to_string(i) + "]"; };
      return pk::ReadElementsDelta(
          r_, items.size(), list ? &length : nullptr, schema::packed_min_bits(*f.type.element, &f),
          [&](std::size_t n) {
            if (!list) return;
            full_.record(at, path + " (count)", std::to_string(n));
            items.resize(n, message_default(element));
          },
          [&](std::size_t i) { return message(element, items[i], element_path(i)); },
          [&](std::size_t i) { return full_.message(element, items[i], element_path(i)); });
    }
    DynValue fresh;
    const bool ok = full_.field(f, fresh, path);
    v = std::move(fresh);
    return ok;
  }

  BitReader& r_;
  Decoder full_;
};

// The end of a payload: the trace's last entry (an empty path) marks where the message's bits end.
bool finish(BitReader& r, Trace* trace) {
  if (trace != nullptr) trace->push_back(TraceEntry{r.bit_offset(), 0, "", "", /*bits=*/true});
  return r.finish();
}

// A baseline's errors read "baseline: Scene.cubes[0].id: ...".
Status baseline_error(const Status& s) { return Status::Error(s.code(), 0, "baseline: " + s.path(), s.reason()); }

Status encode_full(const Message& m, const DynValue& v, std::vector<std::uint8_t>& out) {
  const Status limits = check_limits(m, v);
  if (!limits) return limits;
  out.clear();
  BitWriter w(out);
  if (!Encoder(w).message(m, v)) {
    w.in_field(m.name.c_str());
    return w.status();
  }
  w.finish();
  return Status::Ok();
}

Status check_delta_inputs(const Message& m, const DynValue* value, const DynValue& baseline) {
  if (!m.delta) {
    return Status::Error(ErrorCode::kInvalidValue, 0, m.name, "the message has no delta: true (no baseline applies)");
  }
  std::vector<std::uint8_t> scratch;
  if (value != nullptr) {
    const Status s = encode_full(m, *value, scratch);
    if (!s) return s;
  }
  const Status b = encode_full(m, baseline, scratch);
  if (!b) return baseline_error(b);
  return Status::Ok();
}

}  // namespace

Status encode_packed(const Message& message, const DynValue& value, std::vector<std::uint8_t>& out) {
  return encode_full(message, value, out);
}

Status decode_packed(const Message& message, ByteView bytes, DynValue& out, Trace* trace) {
  BitReader r(bytes);
  if (!Decoder(r, trace).message(message, out, message.name) || !finish(r, trace)) {
    r.in_field(message.name.c_str());
    return r.status();
  }
  return Status::Ok();
}

Status encode_packed_delta(const Message& message, const DynValue& value, const DynValue& baseline,
                           std::vector<std::uint8_t>& out) {
  const Status inputs = check_delta_inputs(message, &value, baseline);
  if (!inputs) return inputs;
  out.clear();
  BitWriter w(out);
  if (!DeltaEncoder(w).message(message, value, baseline)) {
    w.in_field(message.name.c_str());
    return w.status();
  }
  w.finish();
  return Status::Ok();
}

Status decode_packed_delta(const Message& message, ByteView bytes, const DynValue& baseline, DynValue& out,
                           Trace* trace) {
  const Status inputs = check_delta_inputs(message, nullptr, baseline);
  if (!inputs) return inputs;
  out = baseline;
  BitReader r(bytes);
  if (!DeltaDecoder(r, trace).message(message, out, message.name) || !finish(r, trace)) {
    r.in_field(message.name.c_str());
    return r.status();
  }
  return Status::Ok();
}

}  // namespace pakt::dynamic
