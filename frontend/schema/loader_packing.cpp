// Loader: the packed format's field options range, precision and bits (docs/packed.md "Schema options").
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "schema/facts.hpp"
#include "schema/loader.hpp"

namespace pakt::schema {
namespace {

constexpr double kFloat32Max = 3.4028234663852886e38;
constexpr std::uint64_t kInt64Max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
constexpr std::uint64_t kMaxSteps = 0xFFFFFFFFULL;  // a quantized code has at most 32 bits

enum class Leaf { kInteger, kIntVector, kFloat32, kFloat64, kQuaternion, kOther };

Leaf classify(const TypeRef& t) {
  if (t.kind != TypeRef::Kind::kBuiltin) return Leaf::kOther;
  switch (t.builtin) {
    case Builtin::kInt8:
    case Builtin::kInt16:
    case Builtin::kInt32:
    case Builtin::kInt64:
    case Builtin::kUInt8:
    case Builtin::kUInt16:
    case Builtin::kUInt32:
    case Builtin::kUInt64: return Leaf::kInteger;
    case Builtin::kVector2i:
    case Builtin::kVector3i: return Leaf::kIntVector;
    case Builtin::kFloat32:
    case Builtin::kVector2:
    case Builtin::kVector3:
    case Builtin::kColor: return Leaf::kFloat32;
    case Builtin::kFloat64: return Leaf::kFloat64;
    case Builtin::kQuaternion: return Leaf::kQuaternion;
    default: return Leaf::kOther;
  }
}

std::string type_text(const TypeRef& t) {
  switch (t.kind) {
    case TypeRef::Kind::kEnum: return "enum " + t.enumeration->name;
    case TypeRef::Kind::kMessage: return "message " + t.message->name;
    default: return info(t.builtin).name;
  }
}


// The distance from |x| to the next float32 up (down at the largest float32).
double float32_ulp(double x) {
  const float f = static_cast<float>(std::fabs(x));
  const float up = std::nextafter(f, std::numeric_limits<float>::infinity());
  if (std::isinf(up)) return static_cast<double>(f) - static_cast<double>(std::nextafter(f, 0.0F));
  return static_cast<double>(up) - static_cast<double>(f);
}

bool before(const Location& a, const Location& b) {
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

}  // namespace

void Loader::load_packing(const std::string& path, const std::vector<MappingItem>& items, const TypeRef& leaf,
                          Field& f) {
  const MappingItem* range = find_item(items, "range");
  const MappingItem* precision = find_item(items, "precision");
  const MappingItem* bits = find_item(items, "bits");
  if (range == nullptr && precision == nullptr && bits == nullptr) return;
  for (const MappingItem* option : {range, precision, bits}) {
    if (option == nullptr) continue;
    const Location at = location_of(path, option->key_node);
    if (!f.packing.location || before(at, *f.packing.location)) f.packing.location = at;
  }
  const auto bits_option = [&](const MappingItem* entry, const std::string& what, int lo, int hi) {
    const YamlValue v = entry->value_node.IsScalar() ? yaml_value(entry->value_node) : YamlValue{};
    if (!v.is_int() || !v.as_int().fits(lo, static_cast<std::uint64_t>(hi))) {
      diags_.error(location_of(path, entry->value_node),
                   what + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
      return 0;
    }
    return static_cast<int>(v.as_int().as_int64());
  };
  const Leaf kind = classify(leaf);
  const std::string type = type_text(leaf);
  const auto misplaced = [&](const MappingItem* option, const std::string& applies) {
    if (option != nullptr) {
      diags_.error(location_of(path, option->key_node), option->key + " applies to " + applies + ", not " + type);
    }
  };
  if (kind == Leaf::kOther) {
    misplaced(range, "integer, float and vector fields");
    misplaced(precision, "float and float vector fields (with range)");
    misplaced(bits, "float and float vector fields (with range) and Quaternion");
    return;
  }
  if (kind == Leaf::kQuaternion) {
    if (range != nullptr) {
      diags_.error(location_of(path, range->key_node),
                   "range does not apply to Quaternion (its components are within [-1, 1]; use bits: N alone)");
    }
    if (precision != nullptr) {
      diags_.error(location_of(path, precision->key_node),
                   "precision does not apply to Quaternion (use bits: N, from 2 to 30)");
    }
    if (bits != nullptr) f.packing.bits = bits_option(bits, "bits of a Quaternion", 2, 30);
    return;
  }
  const bool integers = kind == Leaf::kInteger || kind == Leaf::kIntVector;
  if (integers) {
    misplaced(precision, "float and float vector fields (with range)");
    misplaced(bits, "float and float vector fields (with range) and Quaternion");
  }

  // range: [min, max]
  if (range != nullptr) {
    const Location at = location_of(path, range->value_node);
    const YamlValue v = yaml_value(range->value_node);
    const std::string of = "range of " + type;
    NumberRange r;
    bool ok = true;
    if (!v.is_list() || v.as_list().size() != 2 || !v.as_list()[0].is_number() || !v.as_list()[1].is_number()) {
      std::string hint;
      if (v.is_list()) {
        for (const YamlValue& bound : v.as_list()) hint = hint.empty() ? yaml_reading_hint(bound, false) : hint;
      }
      diags_.error(at, "range must be a list [min, max] of two numbers" + hint);
      ok = false;
    } else if (integers) {
      const Builtin component = kind == Leaf::kIntVector ? Builtin::kInt32 : leaf.builtin;
      const std::string component_name = info(component).name;
      const std::int64_t lo = integer_min(component);
      const std::uint64_t hi = integer_max(component);
      std::int64_t bounds[2] = {0, 0};
      for (int i = 0; i < 2 && ok; ++i) {
        const YamlValue& b = v.as_list()[static_cast<std::size_t>(i)];
        if (!b.is_int()) {
          diags_.error(at, of + ": " + value_text(b) + " is not an integer");
          ok = false;
        } else if (component == Builtin::kUInt64 && b.as_int().fits(0, integer_max(Builtin::kUInt64)) &&
                   !b.as_int().fits(0, kInt64Max)) {
          diags_.error(at, of + ": " + b.as_int().decimal + " is above " + std::to_string(kInt64Max) +
                               " (a packed range ends at INT64_MAX at most; without range a uint64 is a varint)");
          ok = false;
        } else if (!b.as_int().fits(lo, hi)) {
          diags_.error(at, of + ": " + b.as_int().decimal + " is out of range for " + component_name + " [" +
                               std::to_string(lo) + ", " + std::to_string(hi) + "]");
          ok = false;
        } else {
          bounds[i] = b.as_int().as_int64();
        }
      }
      if (ok && bounds[0] >= bounds[1]) {
        diags_.error(at, of + ": min " + std::to_string(bounds[0]) + " must be below max " + std::to_string(bounds[1]));
        ok = false;
      }
      r.min_int = bounds[0];
      r.max_int = bounds[1];
      r.min = static_cast<double>(bounds[0]);
      r.max = static_cast<double>(bounds[1]);
    } else {
      double bounds[2] = {0, 0};
      for (int i = 0; i < 2 && ok; ++i) {
        const YamlValue& b = v.as_list()[static_cast<std::size_t>(i)];
        const double d = b.as_number();
        if (!std::isfinite(d) || (kind == Leaf::kFloat32 && std::fabs(d) > kFloat32Max)) {
          diags_.error(at, of + ": " + value_text(b) + " is out of range for " +
                               (kind == Leaf::kFloat32 ? "float32" : "float64"));
          ok = false;
        }
        bounds[i] = d;
      }
      if (ok && !(bounds[0] < bounds[1])) {
        diags_.error(at, of + ": min " + number_text(bounds[0]) + " must be below max " + number_text(bounds[1]));
        ok = false;
      }
      if (ok && !std::isfinite(bounds[1] - bounds[0])) {
        diags_.error(at, of + ": max - min is beyond float64");
        ok = false;
      }
      r.min = bounds[0];
      r.max = bounds[1];
    }
    if (ok) f.packing.range = r;
  }
  if (integers) return;

  // Floats: range with precision or bits.
  if (precision != nullptr) {
    const YamlValue v = precision->value_node.IsScalar() ? yaml_value(precision->value_node) : YamlValue{};
    if (!v.is_number() || !(v.as_number() > 0) || !std::isfinite(v.as_number())) {
      diags_.error(location_of(path, precision->value_node),
                   "precision must be a number above 0" + yaml_reading_hint(v, false));
    } else {
      f.packing.precision = v.as_number();
    }
  }
  if (bits != nullptr) f.packing.bits = bits_option(bits, "bits of a quantized " + type, 1, 32);
  if (precision != nullptr && bits != nullptr) {
    const MappingItem* later =
        before(location_of(path, precision->key_node), location_of(path, bits->key_node)) ? bits : precision;
    diags_.error(location_of(path, later->key_node),
                 "precision and bits cannot both be given: precision sets the steps, bits sets 2^bits - 1 steps");
    return;
  }
  if (range == nullptr) {
    for (const MappingItem* option : {precision, bits}) {
      if (option != nullptr) {
        diags_.error(location_of(path, option->key_node),
                     option->key + " on " + type + " needs range: [min, max] (the values it quantizes)");
      }
    }
    return;
  }
  if (precision == nullptr && bits == nullptr) {
    diags_.error(location_of(path, range->key_node),
                 "range on " + type + " needs precision: step or bits: N (how finely it is quantized)");
    return;
  }
  if (f.packing.range && f.packing.bits != 0 && kind == Leaf::kFloat32) {
    // 2^bits - 1 steps finer than a float32 holds would quantize values the float cannot tell apart.
    const NumberRange& r = *f.packing.range;
    const double step = (r.max - r.min) / static_cast<double>((std::uint64_t{1} << f.packing.bits) - 1);
    const double end = std::max(std::fabs(r.min), std::fabs(r.max));
    if (step < float32_ulp(end)) {
      diags_.error(location_of(path, bits->value_node),
                   "bits " + std::to_string(f.packing.bits) + " over range [" + number_text(r.min) + ", " +
                       number_text(r.max) + "] make steps of " + number_text(step) + ", finer than float32 resolves at " +
                       number_text(end) + " (its steps there are " + number_text(float32_ulp(end)) + ")");
      return;
    }
  }
  if (!f.packing.range || f.packing.precision == 0) return;
  const NumberRange& r = *f.packing.range;
  const double p = f.packing.precision;
  const Location at = location_of(path, precision->value_node);
  if (kind == Leaf::kFloat32) {
    const double end = std::max(std::fabs(r.min), std::fabs(r.max));
    const double ulp = float32_ulp(end);
    if (p < ulp) {
      diags_.error(at, "precision " + number_text(p) + " is finer than float32 resolves at " + number_text(end) +
                           " (its steps there are " + number_text(ulp) + ")");
      f.packing.precision = 0;
      return;
    }
  }
  const double steps = packed_precision_steps(r.min, r.max, p);
  if (!(steps <= static_cast<double>(kMaxSteps))) {
    diags_.error(at, "precision " + number_text(p) + " over range [" + number_text(r.min) + ", " + number_text(r.max) +
                         "] needs " + number_text(steps) + " steps, more than 32 bits hold (at most " +
                         std::to_string(kMaxSteps) + ")");
    f.packing.precision = 0;
  }
}

void Loader::check_implicit_default_in_range(const Field& f) {
  if (!f.packing.range || !f.packing.location) return;
  const TypeRef* leaf = &f.type;
  while (leaf->kind == TypeRef::Kind::kArray) leaf = leaf->element.get();
  if (leaf->kind != TypeRef::Kind::kBuiltin) return;  // lists default to empty
  const NumberRange& r = *f.packing.range;
  std::vector<double> defaults = {0.0};
  if (leaf->builtin == Builtin::kColor) defaults.push_back(1.0);  // alpha
  for (const double d : defaults) {
    if (d >= r.min && d <= r.max) continue;
    diags_.error(*f.packing.location, "range [" + number_text(r.min) + ", " + number_text(r.max) +
                                          "] does not hold the default " + number_text(d) + " of " +
                                          (f.type.kind == TypeRef::Kind::kArray ? "the elements of '" : "'") +
                                          f.name + "'; give the field a default: inside the range");
    return;
  }
}

}  // namespace pakt::schema
