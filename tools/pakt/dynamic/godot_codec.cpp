#include "dynamic/godot_codec.hpp"

#include <optional>

#include "dynamic/json_codec.hpp"
#include "dynamic/limit_check.hpp"
#include "dynamic/native_value.hpp"
#include "pakt/godot/value_reader.hpp"
#include "pakt/godot/value_writer.hpp"
#include "pakt/godot/mapping.hpp"

namespace pakt::dynamic {
namespace {

using schema::Builtin;
using schema::Field;
using schema::GodotMode;
using schema::Message;
using schema::TypeRef;

// The C++ leaf type of a non-message type: builtins, and enums as their underlying integer.
Builtin leaf_type(const TypeRef& t) { return integer_type(t); }

bool contains_message(const TypeRef& t) {
  if (t.kind == TypeRef::Kind::kList || t.kind == TypeRef::Kind::kArray) return contains_message(*t.element);
  return t.kind == TypeRef::Kind::kMessage;
}

class GodotWriter {
 public:
  GodotWriter(godot::ValueWriter& w, std::optional<GodotMode> forced) : w_(w), forced_(forced) {}

  bool message(const Message& m, const DynValue& v) {
    const bool as_array = forced_.value_or(m.godot) == GodotMode::kArray;
    const std::size_t n = m.fields.size();
    if (!(as_array ? w_.array_header(n) : w_.dictionary_header(n))) return false;
    for (std::size_t i = 0; i < n; ++i) {
      const Field& f = m.fields[i];
      const DynValue written = f.deprecated ? field_default(f) : v.list()[i];
      if (!as_array && !w_.string(f.name)) return w_.in_field(f.name.c_str());
      if (!field(f.type, written)) return w_.in_field(f.name.c_str());
    }
    return true;
  }

 private:
  bool field(const TypeRef& t, const DynValue& v) {
    if (v.is_null()) return w_.nil();  // an absent optional
    if (t.kind == TypeRef::Kind::kMessage) return message(*t.message, v);
    if (contains_message(t)) {
      const DynValue::List& items = v.list();
      if (!w_.array_header(items.size())) return false;
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (!message(*t.element->message, items[i])) return w_.in_index(i);
      }
      return true;
    }
    if (t.kind == TypeRef::Kind::kList || t.kind == TypeRef::Kind::kArray) {
      return with_native_type(leaf_type(*t.element), [&](auto zero) {
        using E = decltype(zero);
        std::vector<E> list(v.list().size());
        for (std::size_t i = 0; i < list.size(); ++i) {
          E e{};
          to_native(v.list()[i], e);
          list[i] = e;
        }
        return godot::mapping::write_list<E>(w_, list);
      });
    }
    return with_native_type(leaf_type(t), [&](auto value) {
      to_native(v, value);
      return godot::mapping::write_value(w_, value);
    });
  }

  godot::ValueWriter& w_;
  std::optional<GodotMode> forced_;
};

class GodotReader {
 public:
  GodotReader(godot::ValueReader& r, Trace* trace) : r_(r), trace_(trace) {}

  bool message(const Message& m, DynValue& out, const std::string& path) {
    out = message_default(m);
    DynValue::List& fields = out.list();
    std::size_t count = 0;
    if (m.godot == GodotMode::kArray) {
      if (!r_.read_array_header(count)) return false;
      for (std::size_t i = 0; i < m.fields.size(); ++i) {
        const Field& f = m.fields[i];
        if (count > i) {
          if (!field(f, fields[i], r_.reader().offset(), path + "." + f.name)) {
            return r_.reader().in_field(f.name.c_str());
          }
        } else if (!godot::mapping::absent_field(r_, f.name.c_str(), f.required)) {
          return false;
        }  // else: an older sender's shorter Array; the field keeps its default
      }
      return godot::mapping::skip_extra_elements(r_, m.fields.size(), count);  // a newer sender's extra fields
    }
    if (!r_.read_dictionary_header(count)) return false;
    std::vector<bool> seen(m.fields.size());
    std::string key;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t at = r_.reader().offset();
      bool is_name = false;
      if (!godot::mapping::read_field_key(r_, key, is_name)) return false;
      if (!is_name) continue;  // a non-string key: skipped with its value
      std::size_t index = m.fields.size();
      for (std::size_t j = 0; j < m.fields.size(); ++j) {
        if (m.fields[j].name == key) index = j;
      }
      if (index == m.fields.size()) {
        if (!godot::mapping::skip_unknown_field(r_)) return false;
        continue;
      }
      const Field& f = m.fields[index];
      if (!field(f, fields[index], at, path + "." + f.name)) return r_.reader().in_field(f.name.c_str());
      seen[index] = true;
    }
    for (std::size_t j = 0; j < m.fields.size(); ++j) {
      if (!seen[j]) {
        if (!godot::mapping::absent_field(r_, m.fields[j].name.c_str(), m.fields[j].required)) return false;
        fields[j] = field_default(m.fields[j]);
      }
    }
    return true;
  }

 private:
  bool field(const Field& f, DynValue& out, std::size_t at, const std::string& path) {
    DynValue value;
    if (!optional_value(f, value, path)) return false;
    if (trace_ != nullptr && !contains_message(f.type)) {
      trace_->push_back(TraceEntry{at, r_.reader().offset() - at, path, value_to_json(f.type, value)});
    }
    out = f.deprecated ? field_default(f) : std::move(value);
    return true;
  }

  bool optional_value(const Field& f, DynValue& out, const std::string& path) {
    if (f.optional) {
      godot::ValueHeader h;
      if (!r_.peek(h)) return false;
      if (h.type == godot::VariantType::nil) {
        out = DynValue{};
        return r_.skip_value();
      }
    }
    return value(f.type, out, field_limits(f), path);
  }

  bool value(const TypeRef& t, DynValue& out, const Limits& limits, const std::string& path) {
    if (t.kind == TypeRef::Kind::kMessage) return message(*t.message, out, path);
    const bool fixed = t.kind == TypeRef::Kind::kArray;
    const std::size_t at = r_.reader().offset();
    if (contains_message(t)) {
      std::size_t n = 0;
      if (!r_.read_array_header(n) || !sized(t, n, limits, at)) return false;
      out.data = DynValue::List(n);
      for (std::size_t i = 0; i < n; ++i) {
        if (!message(*t.element->message, out.list()[i], path + "[" + std::to_string(i) + "]")) {
          return r_.reader().in_index(i);
        }
      }
      return true;
    }
    if (t.kind == TypeRef::Kind::kList || fixed) {
      return with_native_type(leaf_type(*t.element), [&](auto zero) {
        using E = decltype(zero);
        std::vector<E> list;
        const Limits list_limits = fixed ? ElementLimits(limits) : limits;
        if (!godot::mapping::read_list<E>(r_, list, list_limits)) return false;
        if (fixed && !sized(t, list.size(), limits, at)) return false;
        DynValue::List items;
        for (std::size_t i = 0; i < list.size(); ++i) items.push_back(from_native(static_cast<E>(list[i])));
        out.data = std::move(items);
        return true;
      });
    }
    return with_native_type(leaf_type(t), [&](auto value) {
      if (!godot::mapping::read_value(r_, value, limits)) return false;
      out = from_native(value);
      return true;
    });
  }

  // Fixed arrays need their exact count; lists stay within max_count.
  bool sized(const TypeRef& t, std::size_t n, const Limits& limits, std::size_t at) {
    if (t.kind == TypeRef::Kind::kArray) {
      if (n == t.count) return true;
      return r_.reader().fail_at(at, ErrorCode::kInvalidValue, "expected " + std::to_string(t.count) +
                                                                   " elements, got " + std::to_string(n));
    }
    return godot::mapping::check_length(r_, at, ListLengthRule(limits, false), n);
  }

  godot::ValueReader& r_;
  Trace* trace_;
};

}  // namespace

Status encode_godot(const Message& message, const DynValue& value, godot::Version version,
                    std::vector<std::uint8_t>& out, bool array_form) {
  const Status limits = check_limits(message, value);
  if (!limits) return limits;
  out.clear();
  godot::EncodeOptions options;
  options.version = version;
  godot::ValueWriter w(out, options);
  const std::optional<GodotMode> forced = array_form ? std::optional<GodotMode>(GodotMode::kArray) : std::nullopt;
  if (!GodotWriter(w, forced).message(message, value)) {
    w.in_field(message.name.c_str());
    return w.status();
  }
  return Status::Ok();
}

Status decode_godot(const Message& message, ByteView bytes, godot::Version version, DynValue& out, Trace* trace) {
  Reader reader(bytes);
  godot::DecodeOptions options;
  options.version = version;
  godot::ValueReader r(reader, options);
  if (!GodotReader(r, trace).message(message, out, message.name)) {
    reader.in_field(message.name.c_str());
    return reader.status();
  }
  if (!reader.at_end()) {
    return Status::Error(ErrorCode::kTrailingData, reader.offset(), message.name,
                         std::to_string(reader.remaining()) + " unexpected bytes after the message");
  }
  return Status::Ok();
}

}  // namespace pakt::dynamic
