#include "dynamic/compact_mslima_codec.hpp"

#include <algorithm>

#include "dynamic/json_codec.hpp"
#include "dynamic/limit_check.hpp"
#include "dynamic/native_value.hpp"
#include "pakt/binary_codec.hpp"
#include "pakt/format.hpp"
#include "schema/facts.hpp"

namespace pakt::dynamic {
namespace {

using schema::Builtin;
using schema::Field;
using schema::Message;
using schema::TypeRef;

// A message's version boundaries as one flag per field (schema/facts.hpp gives their indexes).
std::vector<bool> boundary_flags(const Message& m) {
  std::vector<bool> out(m.fields.size(), false);
  for (const std::size_t i : schema::version_boundaries(m)) out[i] = true;
  return out;
}

// Appends n bytes that `put` writes through a Writer.
template <class Put>
void append_with(std::vector<std::uint8_t>& out, std::size_t n, Put put) {
  const std::size_t at = out.size();
  out.resize(at + n);
  Writer w(out.data() + at, n);
  put(w);
}

template <class T, class F>
void append(std::vector<std::uint8_t>& out, const T& value, F f) {
  append_with(out, WireSize(value, f), [&](Writer& w) { Write(w, value, f); });
}

// Does `a list of t` count as `bytes` for the message rules' max_length vs max_count?
bool uint8_elements(const TypeRef& t) {
  return t.element->kind == TypeRef::Kind::kBuiltin && t.element->builtin == Builtin::kUInt8;
}

// ------------------------------------------------------------------------------ encode
template <class F>
class Encoder {
 public:
  explicit Encoder(std::vector<std::uint8_t>& out) : out_(out) {}

  void message(const Message& m, const DynValue& v) {
    std::size_t frame = 0;
    if (m.extensible) {
      frame = out_.size();
      append(out_, std::int32_t{0}, F{});  // the frame length, patched below
    }
    const DynValue::List& fields = v.list();
    for (std::size_t i = 0; i < m.fields.size(); ++i) {
      const Field& f = m.fields[i];
      const DynValue written = f.deprecated ? field_default(f) : fields[i];
      if (f.optional) {
        append_with(out_, 1, [&](Writer& w) { WritePresence(w, !written.is_null()); });
        if (written.is_null()) continue;
      }
      value(f.type, written);
    }
    if (m.extensible) StoreFrameLength(out_.data() + frame, out_.size() - frame - 4, F{});
  }

 private:
  void value(const TypeRef& t, const DynValue& v) {
    switch (t.kind) {
      case TypeRef::Kind::kMessage: return message(*t.message, v);
      case TypeRef::Kind::kList:
        append(out_, static_cast<std::int32_t>(v.list().size()), F{});
        for (const DynValue& item : v.list()) value(*t.element, item);
        return;
      case TypeRef::Kind::kArray:
        for (const DynValue& item : v.list()) value(*t.element, item);
        return;
      case TypeRef::Kind::kEnum:
      case TypeRef::Kind::kBuiltin: break;
    }
    with_native_type(integer_type(t), [&](auto native) {
      to_native(v, native);
      append(out_, native, F{});
    });
  }

  std::vector<std::uint8_t>& out_;
};

// ------------------------------------------------------------------------------ decode
template <class F>
class Decoder {
 public:
  Decoder(Reader& r, Trace* trace) : r_(r), trace_(trace) {}

  bool message(const Message& m, DynValue& out, bool top_level, const std::string& path) {
    out.data = DynValue::List();
    const std::uint8_t* outer_end = nullptr;
    if (m.extensible) {
      const std::size_t at = r_.offset();
      std::size_t frame = 0;
      if (!ReadFrameLength(r_, frame, F{})) return false;
      record(at, path + " (length)", std::to_string(frame));
      outer_end = r_.begin_frame(frame);
    }
    const std::vector<bool> boundaries = boundary_flags(m);
    for (std::size_t i = 0; i < m.fields.size(); ++i) {
      const Field& f = m.fields[i];
      if (boundaries[i] && EndsAtVersionBoundary(r_, top_level, /*framed=*/m.extensible)) {
        // An older version's payload (or frame) ends here: the rest keep their defaults.
        for (std::size_t j = i; j < m.fields.size(); ++j) out.list().push_back(field_default(m.fields[j]));
        if (m.extensible) r_.end_frame(outer_end);
        return true;
      }
      DynValue field_value;
      if (!field(f, field_value, path + "." + f.name)) {
        out.list().push_back(std::move(field_value));
        return r_.in_field(f.name.c_str());
      }
      out.list().push_back(f.deprecated ? field_default(f) : std::move(field_value));
    }
    if (m.extensible) r_.end_frame(outer_end);
    return true;
  }

 private:
  bool field(const Field& f, DynValue& out, const std::string& path) {
    if (f.optional) {
      const std::size_t at = r_.offset();
      bool present = false;
      if (!ReadPresence(r_, present)) return false;
      record(at, path + " (present)", present ? "true" : "false");
      if (!present) return true;  // out stays Null
    }
    return value(f.type, out, field_limits(f), path);
  }

  bool value(const TypeRef& t, DynValue& out, const Limits& limits, const std::string& path) {
    switch (t.kind) {
      case TypeRef::Kind::kMessage: return message(*t.message, out, false, path);
      case TypeRef::Kind::kArray: {
        out.data = DynValue::List();
        for (std::size_t i = 0; i < t.count; ++i) {
          out.list().emplace_back();
          if (!value(*t.element, out.list().back(), limits, path + "[" + std::to_string(i) + "]")) {
            return r_.in_index(i);
          }
        }
        return true;
      }
      case TypeRef::Kind::kList: return list(t, out, limits, path);
      case TypeRef::Kind::kEnum:
      case TypeRef::Kind::kBuiltin: break;
    }
    const std::size_t at = r_.offset();
    if (!leaf(t, out, limits)) return false;
    record(at, path, value_to_json(t, out));
    return true;
  }

  bool leaf(const TypeRef& t, DynValue& out, const Limits& limits) {
    return with_native_type(integer_type(t), [&](auto native) {
      if (!Read(r_, native, F{}, limits)) return false;
      out = from_native(native);
      return true;
    });
  }

  bool list(const TypeRef& t, DynValue& out, const Limits& limits, const std::string& path) {
    out.data = DynValue::List();
    const std::size_t at = r_.offset();
    std::size_t n = 0;
    if (!detail::read_length<F>(r_, n, ListLengthRule(limits, uint8_elements(t)), schema::wire_min_size(*t.element))) {
      return false;
    }
    record(at, path + " (count)", std::to_string(n));
    const Limits element_limits = ElementLimits(limits);
    for (std::size_t i = 0; i < n; ++i) {
      out.list().emplace_back();
      if (!value(*t.element, out.list().back(), element_limits, path + "[" + std::to_string(i) + "]")) {
        return r_.in_index(i);
      }
    }
    return true;
  }

  void record(std::size_t at, const std::string& path, const std::string& value) {
    if (trace_ != nullptr) trace_->push_back(TraceEntry{at, r_.offset() - at, path, value});
  }

  Reader& r_;
  Trace* trace_;
};

template <class F>
Status encode_with(const Message& m, const DynValue& v, std::vector<std::uint8_t>& out) {
  const Status limits = check_limits(m, v);
  if (!limits) return limits;
  out.clear();
  Encoder<F>(out).message(m, v);
  return Status::Ok();
}

template <class F>
Status decode_with(const Message& m, ByteView bytes, DynValue& out, Trace* trace) {
  Reader r(bytes);
  if (!Decoder<F>(r, trace).message(m, out, /*top_level=*/true, m.name)) {
    r.in_field(m.name.c_str());
    return r.status();
  }
  if (!r.at_end()) {
    return Status::Error(ErrorCode::kTrailingData, r.offset(), m.name,
                         std::to_string(r.remaining()) + " unexpected bytes after the message");
  }
  return Status::Ok();
}

}  // namespace

Status encode_binary(const Message& message, const DynValue& value, BinaryFormat format,
                     std::vector<std::uint8_t>& out) {
  if (format == BinaryFormat::kMslima) return encode_with<mslima_t>(message, value, out);
  return encode_with<compact_t>(message, value, out);
}

Status decode_binary(const Message& message, ByteView bytes, BinaryFormat format, DynValue& out, Trace* trace) {
  if (format == BinaryFormat::kMslima) return decode_with<mslima_t>(message, bytes, out, trace);
  return decode_with<compact_t>(message, bytes, out, trace);
}

}  // namespace pakt::dynamic
