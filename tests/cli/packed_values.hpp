// Random DynValues that a packed encoding accepts: every ranged number inside its range, every
// quantized float inside [min, max], quaternions unit, lengths and counts within their limits — the
// values the schema's packed options describe, drawn from the schema itself (facts.hpp codes), so
// the differential test compares the generated and the run-time packed codecs on accepted values
// and not only on values both reject.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "dynamic/dyn_value.hpp"
#include "schema/facts.hpp"
#include "schema/model.hpp"

namespace pakt_test {

class PackedValues {
 public:
  explicit PackedValues(std::uint64_t seed) : rng_(seed) {}

  pakt::dynamic::DynValue message(const pakt::schema::Message& m) {
    pakt::dynamic::DynValue::List fields;
    for (const pakt::schema::Field& f : m.fields) {
      if (f.optional && one_in(3)) {
        fields.emplace_back();  // absent
      } else {
        fields.push_back(value(f.type, f));
      }
    }
    return pakt::dynamic::DynValue{std::move(fields)};
  }

 private:
  using DynValue = pakt::dynamic::DynValue;
  using Builtin = pakt::schema::Builtin;
  using Code = pakt::schema::PackedCode;
  using TypeRef = pakt::schema::TypeRef;

  bool one_in(unsigned n) { return rng_() % n == 0; }
  std::uint64_t below(std::uint64_t n) { return n == 0 ? rng_() : rng_() % n; }  // n == 0: any
  double unit() { return static_cast<double>(rng_() >> 11) * 0x1.0p-53; }

  std::size_t count(std::size_t limit, std::size_t usual) {
    return static_cast<std::size_t>(below((limit != 0 ? limit : usual) + 1));
  }

  DynValue value(const TypeRef& t, const pakt::schema::Field& f) {
    switch (t.kind) {
      case TypeRef::Kind::kMessage: return message(*t.message);
      case TypeRef::Kind::kList: {
        DynValue::List items;
        const std::size_t n = count(f.max_count, 5);
        for (std::size_t i = 0; i < n; ++i) items.push_back(value(*t.element, f));
        return DynValue{std::move(items)};
      }
      case TypeRef::Kind::kArray: {
        DynValue::List items;
        for (std::size_t i = 0; i < t.count; ++i) items.push_back(value(*t.element, f));
        return DynValue{std::move(items)};
      }
      case TypeRef::Kind::kEnum: return integer(t.enumeration->underlying, *pakt::schema::packed_leaf_code(f));
      case TypeRef::Kind::kBuiltin: break;
    }
    switch (t.builtin) {
      case Builtin::kString: return DynValue{text(count(f.max_length, 12))};
      case Builtin::kBytes: {
        DynValue::Bytes bytes(count(f.max_length, 12));
        for (auto& b : bytes) b = static_cast<std::uint8_t>(rng_());
        return DynValue{std::move(bytes)};
      }
      default: break;
    }
    const Code code = *pakt::schema::packed_leaf_code(f);
    if (t.builtin == Builtin::kBool) return DynValue{one_in(2)};
    if (pakt::schema::is_integer(t.builtin)) return integer(t.builtin, code);
    if (pakt::schema::is_float(t.builtin)) return real(t.builtin == Builtin::kFloat32, code);
    if (t.builtin == Builtin::kQuaternion && code.kind == Code::Kind::kSmallestThree) return quaternion();
    // Vectors: each component with the field's code.
    const std::size_t n = pakt::schema::info(t.builtin).components.size();
    DynValue::List components;
    for (std::size_t i = 0; i < n; ++i) {
      components.push_back(pakt::schema::has_integer_components(t.builtin) ? integer(Builtin::kInt32, code)
                                                                            : real(true, code));
    }
    return DynValue{std::move(components)};
  }

  DynValue integer(Builtin type, const Code& code) {
    const bool is_signed = pakt::schema::is_signed_integer(type);
    if (code.kind == Code::Kind::kRanged) {
      // The edges now and then, else anywhere in the span.
      const std::uint64_t offset = one_in(8) ? 0 : one_in(7) ? code.span : below(code.span + 1);
      const std::uint64_t v = static_cast<std::uint64_t>(code.min_int) + offset;
      return is_signed ? DynValue{static_cast<std::int64_t>(v)} : DynValue{v};
    }
    // Any value of the type (raw, varint, zigzag), small ones often.
    const int bits = static_cast<int>(pakt::schema::info(type).wire_size * 8);
    std::uint64_t u = rng_();
    if (one_in(2)) u &= 0xFF;
    if (bits < 64) u &= (std::uint64_t{1} << bits) - 1;
    if (!is_signed) return DynValue{u};
    // Sign-extend from the type's width.
    const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
    const std::int64_t v = static_cast<std::int64_t>((u ^ sign) - sign);
    return DynValue{v};
  }

  DynValue real(bool float32, const Code& code) {
    double v;
    if (code.kind == Code::Kind::kQuantized) {
      v = one_in(8) ? code.min : one_in(7) ? code.max : code.min + (code.max - code.min) * unit();
      if (float32) {
        float f = static_cast<float>(v);
        // Rounding to float may leave the range by an ulp: step back inside.
        if (f < code.min) f = std::nextafter(f, std::numeric_limits<float>::infinity());
        if (f > code.max) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
        v = f;
      }
    } else {
      v = (unit() - 0.5) * std::ldexp(1.0, static_cast<int>(below(40)) - 10);
      if (float32) v = static_cast<float>(v);
    }
    return DynValue{v};
  }

  DynValue quaternion() {
    std::normal_distribution<double> normal;
    double c[4];
    double norm = 0;
    for (double& x : c) {
      x = normal(rng_);
      norm += x * x;
    }
    norm = std::sqrt(norm);
    DynValue::List components;
    for (double x : c) components.push_back(DynValue{static_cast<double>(static_cast<float>(x / norm))});
    return DynValue{std::move(components)};
  }

  std::string text(std::size_t max_bytes) {
    static const char* const kPieces[] = {"a", "Z", "7", " ", "\xC3\xA9", "\xEA\xB0\x80", "\xF0\x9F\x8E\xAE"};
    std::string out;
    while (true) {
      const char* piece = kPieces[below(7)];
      if (out.size() + std::char_traits<char>::length(piece) > max_bytes) break;
      out += piece;
      if (one_in(6)) break;
    }
    return out;
  }

  std::mt19937_64 rng_;
};

}  // namespace pakt_test
