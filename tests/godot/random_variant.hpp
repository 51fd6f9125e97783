// Seeded random Variants of every type, for round-trip tests. Real components are float32-exact
// unless the target is a double-precision build, so a single-precision round trip is lossless.
#pragma once

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "pakt/godot/variant.hpp"

namespace pakt::godot::test {

class RandomVariant {
 public:
  RandomVariant(std::uint32_t seed, Version version, bool double_precision)
      : random_(seed), version_(version), double_precision_(double_precision) {}

  Variant any(int depth = 0) {
    for (;;) {
      const auto type = static_cast<VariantType>(pick(0, kVariantTypeCount - 1));
      if (!wire_type_id(type, version_)) continue;  // not in Godot 3
      if (depth > 3 && (type == VariantType::array || type == VariantType::dictionary)) continue;
      return of(type, depth);
    }
  }

  Variant of(VariantType type, int depth) {
    switch (type) {
      case VariantType::nil: return Variant{};
      case VariantType::boolean: return Variant(pick(0, 1) == 1);
      case VariantType::integer: return Variant(integer());
      case VariantType::real: return Variant(real_scalar());
      case VariantType::string: return Variant(text());
      case VariantType::vector2: return Variant(Vector2{real(), real()});
      case VariantType::vector2i: return Variant(Vector2i{i32(), i32()});
      case VariantType::rect2: return Variant(Rect2{{real(), real()}, {real(), real()}});
      case VariantType::rect2i: return Variant(Rect2i{{i32(), i32()}, {i32(), i32()}});
      case VariantType::vector3: return Variant(Vector3{real(), real(), real()});
      case VariantType::vector3i: return Variant(Vector3i{i32(), i32(), i32()});
      case VariantType::transform2d: return Variant(Transform2D{{real(), real()}, {real(), real()}, {real(), real()}});
      case VariantType::vector4: return Variant(Vector4{real(), real(), real(), real()});
      case VariantType::vector4i: return Variant(Vector4i{i32(), i32(), i32(), i32()});
      case VariantType::plane: return Variant(Plane{{real(), real(), real()}, real()});
      case VariantType::quaternion: return Variant(Quaternion{real(), real(), real(), real()});
      case VariantType::aabb: return Variant(AABB{{real(), real(), real()}, {real(), real(), real()}});
      case VariantType::basis: return Variant(basis());
      case VariantType::transform3d: return Variant(Transform3D{basis(), {real(), real(), real()}});
      case VariantType::projection: {
        Projection p;
        for (auto& column : p.columns) {
          for (double& c : column) c = real();
        }
        return Variant(p);
      }
      case VariantType::color: return Variant(color());
      case VariantType::string_name: return Variant(StringName{text()});
      case VariantType::node_path: {
        NodePath path;
        for (std::uint32_t i = pick(0, 3); i > 0; --i) path.names.push_back(name());
        for (std::uint32_t i = pick(0, 2); i > 0; --i) path.subnames.push_back(name());
        path.absolute = pick(0, 1) == 1;
        return Variant(path);
      }
      case VariantType::rid: return Variant(RID{version_ == Version::godot4 ? u64() : 0});
      case VariantType::object: {
        Object object;  // not null: a null Object comes back as Nil (see NullObjectComesBackAsNil)
        object.form = ObjectForm::instance_id;
        object.instance_id = u64() | 1;
        return Variant(object);
      }
      case VariantType::callable: return Variant(Callable{});
      case VariantType::signal: return Variant(Signal{text(), u64()});
      case VariantType::dictionary: {
        Dictionary d;
        if (version_ == Version::godot4 && pick(0, 2) == 0) {
          d.key_type = ContainerType{ContainerKind::builtin, VariantType::string, ""};
          d.value_type = ContainerType{ContainerKind::class_name, VariantType::object, "EncodedObjectAsID"};
        }
        for (std::uint32_t i = pick(0, 4); i > 0; --i) d.entries.push_back({any(depth + 1), any(depth + 1)});
        return Variant(d);
      }
      case VariantType::array: {
        Array a;
        if (version_ == Version::godot4 && pick(0, 2) == 0) {
          a.element_type = ContainerType{ContainerKind::builtin, VariantType::vector3, ""};
        }
        for (std::uint32_t i = pick(0, 4); i > 0; --i) a.elements.push_back(any(depth + 1));
        return Variant(a);
      }
      case VariantType::packed_byte_array: return Variant(list<std::uint8_t>([this] { return byte(); }));
      case VariantType::packed_int32_array: return Variant(list<std::int32_t>([this] { return i32(); }));
      case VariantType::packed_int64_array: return Variant(list<std::int64_t>([this] { return integer(); }));
      case VariantType::packed_float32_array:
        return Variant(list<float>([this] { return static_cast<float>(float32_value()); }));
      case VariantType::packed_float64_array: return Variant(list<double>([this] { return real_scalar(); }));
      case VariantType::packed_string_array: return Variant(list<std::string>([this] { return text(); }));
      case VariantType::packed_vector2_array: return Variant(list<Vector2>([this] { return Vector2{real(), real()}; }));
      case VariantType::packed_vector3_array:
        return Variant(list<Vector3>([this] { return Vector3{real(), real(), real()}; }));
      case VariantType::packed_color_array: return Variant(list<Color>([this] { return color(); }));
      case VariantType::packed_vector4_array:
        return Variant(list<Vector4>([this] { return Vector4{real(), real(), real(), real()}; }));
    }
    return Variant{};
  }

 private:
  std::uint32_t pick(std::uint32_t lo, std::uint32_t hi) {
    return std::uniform_int_distribution<std::uint32_t>(lo, hi)(random_);
  }
  std::uint64_t u64() { return std::uniform_int_distribution<std::uint64_t>()(random_); }
  std::uint8_t byte() { return static_cast<std::uint8_t>(pick(0, 255)); }
  std::int32_t i32() { return static_cast<std::int32_t>(pick(0, 0xFFFFFFFFu)); }
  std::int64_t integer() {
    switch (pick(0, 2)) {
      case 0: return i32();
      case 1: return static_cast<std::int64_t>(u64());
      default: return static_cast<std::int64_t>(pick(0, 200)) - 100;
    }
  }
  double float32_value() {
    switch (pick(0, 5)) {
      case 0: return std::numeric_limits<float>::infinity();
      case 1: return -0.0;
      case 2: return std::numeric_limits<float>::denorm_min();
      default: {
        const auto bits = static_cast<std::uint32_t>(u64());
        float f;
        std::memcpy(&f, &bits, 4);
        return std::isnan(f) ? 1.5 : static_cast<double>(f);
      }
    }
  }
  double double_value() {
    const std::uint64_t bits = u64();
    double d;
    std::memcpy(&d, &bits, 8);
    return std::isnan(d) ? 0.1 : d;
  }
  // A FLOAT: any double, including NaN.
  double real_scalar() {
    if (pick(0, 9) == 0) return std::numeric_limits<double>::quiet_NaN();
    return pick(0, 1) == 0 ? float32_value() : double_value();
  }
  // A real_t component.
  double real() { return double_precision_ ? double_value() : float32_value(); }
  Color color() {
    return Color{static_cast<float>(float32_value()), static_cast<float>(float32_value()),
                 static_cast<float>(float32_value()), static_cast<float>(float32_value())};
  }
  Basis basis() {
    Basis b;
    for (auto& row : b.rows) {
      for (double& c : row) c = real();
    }
    return b;
  }
  std::string text() {
    static const char* const kPieces[] = {"a", "Z", "é", "✓", "日本", "😀", " ", "hello", "\t"};
    std::string s;
    for (std::uint32_t i = pick(0, 6); i > 0; --i) s += kPieces[pick(0, 8)];
    return s;
  }
  std::string name() {
    std::string s = text();
    return s.empty() ? "n" : s;
  }
  template <class T, class F>
  std::vector<T> list(F element) {
    std::vector<T> out;
    for (std::uint32_t i = pick(0, 6); i > 0; --i) out.push_back(element());
    return out;
  }

  std::mt19937_64 random_;
  Version version_;
  bool double_precision_;
};

}  // namespace pakt::godot::test
