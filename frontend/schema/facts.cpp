#include "schema/facts.hpp"

#include <algorithm>
#include <cmath>
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

bool write_can_fail(const TypeRef& type, std::size_t max_length, std::size_t max_count) {
  switch (type.kind) {
    case TypeRef::Kind::kBuiltin:
      return (type.builtin == Builtin::kString || type.builtin == Builtin::kBytes) && max_length != 0;
    case TypeRef::Kind::kEnum: return false;
    case TypeRef::Kind::kMessage: return message_write_can_fail(*type.message);
    case TypeRef::Kind::kArray: return true;  // its length
    case TypeRef::Kind::kList: break;
  }
  return max_count != 0 || write_can_fail(*type.element, max_length, 0);
}

bool message_write_can_fail(const Message& message) {
  return std::any_of(message.fields.begin(), message.fields.end(), [](const Field& f) {
    return !f.deprecated && write_can_fail(f.type, f.max_length, f.max_count);
  });
}


// ------------------------------------------------------------------------------ packed format

double packed_precision_steps(double min, double max, double precision) {
  const double quotient = (max - min) / precision;
  const double whole = std::round(quotient);
  if (std::fabs(quotient - whole) <= 1e-9 * std::fabs(quotient)) return whole;
  return std::ceil(quotient);
}

int packed_bit_width(std::uint64_t value) {
  int bits = 0;
  for (; value != 0; value >>= 1) ++bits;
  return bits;
}

namespace {

PackedCode simple_code(PackedCode::Kind kind, int bits = 0) {
  PackedCode code;
  code.kind = kind;
  code.bits = bits;
  return code;
}

PackedCode ranged_code(std::int64_t min, std::uint64_t span) {
  PackedCode code = simple_code(PackedCode::Kind::kRanged, packed_bit_width(span));
  code.min_int = min;
  code.span = span;
  return code;
}

// An integer (or an integer vector's int32 component) with or without `range`.
PackedCode integer_code(Builtin type, const Packing& packing) {
  if (packing.range) {
    const NumberRange& r = *packing.range;
    return ranged_code(r.min_int, static_cast<std::uint64_t>(r.max_int) - static_cast<std::uint64_t>(r.min_int));
  }
  if (type == Builtin::kInt8 || type == Builtin::kUInt8) return simple_code(PackedCode::Kind::kRaw, 8);
  return simple_code(is_signed_integer(type) ? PackedCode::Kind::kZigZag : PackedCode::Kind::kVarint);
}

// float32 (and float vectors' components) or float64, with or without range + precision/bits.
PackedCode float_code(int raw_bits, const Packing& packing) {
  if (!packing.range || (packing.precision <= 0 && packing.bits == 0)) {
    return simple_code(PackedCode::Kind::kRaw, raw_bits);
  }
  PackedCode code = simple_code(PackedCode::Kind::kQuantized);
  code.min = packing.range->min;
  code.max = packing.range->max;
  if (packing.bits != 0) {
    code.steps = (std::uint64_t{1} << packing.bits) - 1;
  } else {
    // The loader refuses steps past 32 bits; clamp anyway so that an unchecked model stays defined.
    const double steps = packed_precision_steps(code.min, code.max, packing.precision);
    code.steps = steps >= 4294967295.0 ? 0xFFFFFFFFULL : steps <= 1 ? 1 : static_cast<std::uint64_t>(steps);
  }
  code.bits = packed_bit_width(code.steps);
  return code;
}

// An enum: ranged over its smallest and largest declared value and 0 (the value of a field that
// sets no default, which must encode). A uint64 enum with a value above INT64_MAX cannot be ranged
// with an int64 min; it is written as a varint of its number instead.
PackedCode enum_code(const Enum& e) {
  if (!is_signed_integer(e.underlying)) {
    std::uint64_t hi = 0;
    for (const EnumValue& v : e.values) hi = std::max(hi, v.unsigned_number);
    if (hi > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return simple_code(PackedCode::Kind::kVarint);
    }
    return ranged_code(0, hi);
  }
  std::int64_t lo = 0, hi = 0;
  for (const EnumValue& v : e.values) {
    lo = std::min(lo, v.number);
    hi = std::max(hi, v.number);
  }
  return ranged_code(lo, static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo));
}

std::optional<PackedCode> leaf_code(const TypeRef& leaf, const Packing& packing) {
  switch (leaf.kind) {
    case TypeRef::Kind::kList:
    case TypeRef::Kind::kArray: return leaf_code(*leaf.element, packing);
    case TypeRef::Kind::kMessage: return std::nullopt;
    case TypeRef::Kind::kEnum: return enum_code(*leaf.enumeration);
    case TypeRef::Kind::kBuiltin: break;
  }
  const Builtin type = leaf.builtin;
  if (type == Builtin::kBool) return simple_code(PackedCode::Kind::kBool, 1);
  if (is_integer(type)) return integer_code(type, packing);
  switch (type) {
    case Builtin::kFloat32:
    case Builtin::kVector2:
    case Builtin::kVector3:
    case Builtin::kColor: return float_code(32, packing);
    case Builtin::kFloat64: return float_code(64, packing);
    case Builtin::kVector2i:
    case Builtin::kVector3i: return integer_code(Builtin::kInt32, packing);
    case Builtin::kQuaternion:
      if (packing.bits != 0) return simple_code(PackedCode::Kind::kSmallestThree, packing.bits);
      return simple_code(PackedCode::Kind::kRaw, 32);
    default: return std::nullopt;  // string, bytes
  }
}

std::size_t code_min_bits(const PackedCode& code) {
  switch (code.kind) {
    case PackedCode::Kind::kBool: return 1;
    case PackedCode::Kind::kVarint:
    case PackedCode::Kind::kZigZag: return 8;
    case PackedCode::Kind::kSmallestThree: return 2 + 3 * static_cast<std::size_t>(code.bits);
    default: return static_cast<std::size_t>(code.bits);
  }
}

std::size_t type_min_bits(const TypeRef& type, const Packing& packing, std::size_t max_length, std::size_t max_count) {
  switch (type.kind) {
    case TypeRef::Kind::kMessage: return packed_message_min_bits(*type.message);
    case TypeRef::Kind::kList: return code_min_bits(packed_length_code(max_count));
    case TypeRef::Kind::kArray:
      return multiply(type.count, type_min_bits(*type.element, packing, max_length, max_count));
    case TypeRef::Kind::kEnum: return code_min_bits(enum_code(*type.enumeration));
    case TypeRef::Kind::kBuiltin: break;
  }
  if (type.builtin == Builtin::kString || type.builtin == Builtin::kBytes) {
    return code_min_bits(packed_length_code(max_length));
  }
  const PackedCode code = *leaf_code(type, packing);
  if (code.kind == PackedCode::Kind::kSmallestThree) return code_min_bits(code);
  const std::size_t components = is_vector(type.builtin) ? info(type.builtin).components.size() : 1;
  return multiply(components, code_min_bits(code));
}

}  // namespace

std::optional<PackedCode> packed_leaf_code(const Field& field) { return leaf_code(field.type, field.packing); }

PackedCode packed_length_code(std::size_t limit) {
  if (limit != 0) return ranged_code(0, limit);
  return simple_code(PackedCode::Kind::kVarint);
}

std::size_t packed_min_bits(const TypeRef& type, const Field* field) {
  static const Packing kNoPacking;
  if (field == nullptr) return type_min_bits(type, kNoPacking, 0, 0);
  return type_min_bits(type, field->packing, field->max_length, field->max_count);
}

std::size_t packed_min_bits(const Field& field) {
  if (field.optional) return 1;
  return packed_min_bits(field.type, &field);
}

std::size_t packed_message_min_bits(const Message& message) {
  std::size_t n = 0;
  for (const Field& f : message.fields) n = add(n, packed_min_bits(f));
  return n;
}

std::size_t packed_code_min_bits(const PackedCode& code) { return code_min_bits(code); }

bool packed_write_can_fail(const TypeRef& type, const Field& field) {
  switch (type.kind) {
    case TypeRef::Kind::kMessage: return packed_message_write_can_fail(*type.message);
    case TypeRef::Kind::kList: return field.max_count != 0 || packed_write_can_fail(*type.element, field);
    case TypeRef::Kind::kArray: return packed_write_can_fail(*type.element, field);
    case TypeRef::Kind::kEnum:
    case TypeRef::Kind::kBuiltin: break;
  }
  if (type.kind == TypeRef::Kind::kBuiltin && (type.builtin == Builtin::kString || type.builtin == Builtin::kBytes)) {
    return field.max_length != 0;
  }
  const std::optional<PackedCode> code = leaf_code(type, field.packing);
  return code && (code->kind == PackedCode::Kind::kRanged || code->kind == PackedCode::Kind::kQuantized ||
                  code->kind == PackedCode::Kind::kSmallestThree);
}

bool packed_message_write_can_fail(const Message& message) {
  return std::any_of(message.fields.begin(), message.fields.end(),
                     [](const Field& f) { return !f.deprecated && packed_write_can_fail(f.type, f); });
}

}  // namespace pakt::schema
