#include "schema/facts.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <limits>
#include <set>

namespace pakt::schema {
namespace {

constexpr std::size_t kSaturated = std::numeric_limits<std::size_t>::max();

std::size_t add(std::size_t a, std::size_t b) { return a > kSaturated - b ? kSaturated : a + b; }
std::size_t multiply(std::size_t a, std::size_t b) { return b != 0 && a > kSaturated / b ? kSaturated : a * b; }
std::size_t align_up(std::size_t n, std::size_t alignment) {
  return multiply(add(n, alignment - 1) / alignment, alignment);
}

std::size_t underlying_wire_size(const Enum& e) { return info(e.underlying).wire_size; }

}  // namespace

std::size_t wire_min_size(const TypeRef& type, bool optional) {
  if (optional) return 1;
  switch (type.kind) {
    case TypeRef::Kind::kBuiltin: {
      const std::size_t fixed = info(type.builtin).wire_size;
      return fixed != 0 ? fixed : 4;  // string and bytes: an int32 length
    }
    case TypeRef::Kind::kEnum: return underlying_wire_size(*type.enumeration);
    case TypeRef::Kind::kMessage: return message_min_size(*type.message);
    case TypeRef::Kind::kList: return 4;
    case TypeRef::Kind::kArray: return multiply(type.count, wire_min_size(*type.element));
  }
  return 0;
}

std::size_t message_min_size(const Message& message) {
  if (message.extensible) return 4;  // a frame may be empty: an older version with no fields yet
  std::size_t n = 0;
  for (const Field& f : message.fields) n = add(n, wire_min_size(f.type, f.optional));
  return n;
}

std::size_t wire_fixed_size(const TypeRef& type, bool optional) {
  if (optional) return 0;
  switch (type.kind) {
    case TypeRef::Kind::kBuiltin: return info(type.builtin).wire_size;
    case TypeRef::Kind::kEnum: return underlying_wire_size(*type.enumeration);
    case TypeRef::Kind::kMessage: return message_fixed_size(*type.message);
    case TypeRef::Kind::kList: return 0;
    case TypeRef::Kind::kArray: return multiply(type.count, wire_fixed_size(*type.element));
  }
  return 0;
}

std::size_t message_fixed_size(const Message& message) {
  if (message.extensible) return 0;  // readers accept shorter (older) and longer (newer) frames
  // No fields, or any field of variable size, makes the message "not fixed" (0).
  if (message.fields.empty()) return 0;
  std::size_t n = 0;
  for (const Field& f : message.fields) {
    const std::size_t size = wire_fixed_size(f.type, f.optional);
    if (size == 0) return 0;
    n = add(n, size);
  }
  return n;
}

MarshalLayout marshal_layout(const TypeRef& type, bool optional) {
  MarshalLayout base;
  switch (type.kind) {
    case TypeRef::Kind::kBuiltin: base = {info(type.builtin).marshal_size, info(type.builtin).marshal_alignment}; break;
    case TypeRef::Kind::kEnum: {
      const BuiltinInfo& underlying = info(type.enumeration->underlying);
      base = {underlying.marshal_size, underlying.marshal_alignment};
      break;
    }
    case TypeRef::Kind::kMessage: base = marshal_layout(*type.message); break;
    case TypeRef::Kind::kList: base = {8, 8}; break;  // a reference
    case TypeRef::Kind::kArray: {
      const MarshalLayout element = marshal_layout(*type.element);
      base = {multiply(element.size, type.count), element.alignment};
      break;
    }
  }
  if (!optional) return base;
  // Nullable<T>: a bool flag, then T.
  if (base.alignment > 1) return {add(align_up(1, base.alignment), base.size), base.alignment};
  return {add(1, base.size), 1};
}

MarshalLayout marshal_layout(const Message& message) {
  std::size_t offset = 0;
  std::size_t max_alignment = 1;
  for (const Field& f : message.fields) {
    const MarshalLayout layout = marshal_layout(f.type, f.optional);
    offset = add(align_up(offset, layout.alignment), layout.size);
    max_alignment = std::max(max_alignment, layout.alignment);
  }
  return {align_up(offset, max_alignment), max_alignment};
}

namespace {

// Appends shapes to out while it stays within the bounds.
class ShapeWriter {
 public:
  ShapeWriter(std::string& out, std::size_t max_length, std::size_t max_depth)
      : out_(out), max_length_(max_length), max_depth_(max_depth) {}

  bool message(const Message& message, std::size_t depth) {
    if (depth > max_depth_) return false;
    if (!append(message.extensible ? "ext{" : "{")) return false;
    for (std::size_t i = 0; i < message.fields.size(); ++i) {
      if (i != 0 && !append(",")) return false;
      if (!type(message.fields[i].type, message.fields[i].optional, depth)) return false;
    }
    return append("}");
  }

 private:
  bool type(const TypeRef& t, bool optional, std::size_t depth) {
    bool ok = true;
    switch (t.kind) {
      case TypeRef::Kind::kMessage: ok = message(*t.message, depth + 1); break;
      case TypeRef::Kind::kEnum: ok = append(info(t.enumeration->underlying).name); break;
      case TypeRef::Kind::kList: ok = type(*t.element, false, depth) && append("[]"); break;
      case TypeRef::Kind::kArray:
        ok = type(*t.element, false, depth) && append("[" + std::to_string(t.count) + "]");
        break;
      case TypeRef::Kind::kBuiltin: ok = append(info(t.builtin).name); break;
    }
    return ok && (!optional || append("?"));
  }

  bool append(const std::string& text) {
    if (text.size() > max_length_ - std::min(max_length_, out_.size())) return false;
    out_ += text;
    return true;
  }

  std::string& out_;
  std::size_t max_length_;
  std::size_t max_depth_;
};

}  // namespace

bool bounded_wire_shape(const Message& message, std::size_t max_length, std::size_t max_depth, std::string& out) {
  out.clear();
  ShapeWriter writer(out, max_length, max_depth);
  return writer.message(message, 0);
}

std::string wire_shape(const Message& message) {
  std::string shape;
  // Unbounded (a validated schema's nesting is finite); callers facing untrusted schemas bound it.
  static_cast<void>(bounded_wire_shape(message, std::string().max_size(), static_cast<std::size_t>(-1), shape));
  return shape;
}

std::uint64_t fingerprint(const Message& message) {
  std::uint64_t hash = 0xCBF29CE484222325ULL;
  for (const char c : wire_shape(message)) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001B3ULL;  // wraps modulo 2^64, as FNV-1a wants
  }
  return hash;
}

std::string fingerprint_text(std::uint64_t fingerprint) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%016" PRIX64, fingerprint);
  return text;
}

std::vector<std::size_t> version_boundaries(const Message& message) {
  std::vector<std::size_t> out;
  int previous = 1;
  for (std::size_t i = 0; i < message.fields.size(); ++i) {
    if (message.fields[i].since > previous) {
      out.push_back(i);
      previous = message.fields[i].since;
    }
  }
  return out;
}

namespace {

// Both walks mark messages seen by name.
bool needs_check(const Message& message, std::set<std::string>& seen);

bool type_needs_check(const TypeRef& type, std::set<std::string>& seen) {
  if (type.kind == TypeRef::Kind::kList || type.kind == TypeRef::Kind::kArray) {
    return type_needs_check(*type.element, seen);
  }
  return type.kind == TypeRef::Kind::kMessage && needs_check(*type.message, seen);
}

bool needs_check(const Message& message, std::set<std::string>& seen) {
  if (!seen.insert(message.name).second) return false;
  return std::any_of(message.fields.begin(), message.fields.end(), [&](const Field& f) {
    return f.max_length != 0 || f.max_count != 0 || type_needs_check(f.type, seen);
  });
}

bool takes_no_bytes(const Message& message, std::set<std::string>& seen);

bool type_takes_no_bytes(const TypeRef& type, std::set<std::string>& seen) {
  if (type.kind == TypeRef::Kind::kMessage) return takes_no_bytes(*type.message, seen);
  return type.kind == TypeRef::Kind::kArray && type_takes_no_bytes(*type.element, seen);
}

bool takes_no_bytes(const Message& message, std::set<std::string>& seen) {
  if (!seen.insert(message.name).second) return false;  // recursive nesting is reported elsewhere
  return std::all_of(message.fields.begin(), message.fields.end(),
                     [&](const Field& f) { return !f.optional && type_takes_no_bytes(f.type, seen); });
}

}  // namespace

bool message_needs_check(const Message& message) {
  std::set<std::string> seen;
  return needs_check(message, seen);
}

bool message_takes_no_bytes(const Message& message) {
  std::set<std::string> seen;
  return takes_no_bytes(message, seen);
}

}  // namespace pakt::schema
