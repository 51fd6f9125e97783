// Typed JSON <-> Variant (reference §6).
#include "pakt/godot/typed_json.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <utility>

namespace pakt::godot {
namespace {

using nlohmann::json;

constexpr std::int64_t kMaxExactInteger = std::int64_t{1} << 53;

// ---- Variant -> JSON -------------------------------------------------------------------------

json integer_json(std::int64_t v) {
  if (v > kMaxExactInteger || v < -kMaxExactInteger) return std::to_string(v);
  return v;
}
json unsigned_json(std::uint64_t v) {
  if (v > static_cast<std::uint64_t>(kMaxExactInteger)) return std::to_string(v);
  return v;
}
json real_json(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";  // 0.0/0.0 gives -nan on x86
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}
json vec(const Vector2& v) { return {{"x", real_json(v.x)}, {"y", real_json(v.y)}}; }
json vec(const Vector3& v) { return {{"x", real_json(v.x)}, {"y", real_json(v.y)}, {"z", real_json(v.z)}}; }
json vec(const Vector4& v) {
  return {{"x", real_json(v.x)}, {"y", real_json(v.y)}, {"z", real_json(v.z)}, {"w", real_json(v.w)}};
}
json vec(const Vector2i& v) { return {{"x", v.x}, {"y", v.y}}; }
json vec(const Vector3i& v) { return {{"x", v.x}, {"y", v.y}, {"z", v.z}}; }
json vec(const Vector4i& v) { return {{"x", v.x}, {"y", v.y}, {"z", v.z}, {"w", v.w}}; }
json vec(const Color& v) {
  return {{"r", real_json(v.r)}, {"g", real_json(v.g)}, {"b", real_json(v.b)}, {"a", real_json(v.a)}};
}
json basis_json(const Basis& b) {
  json rows = json::array();
  for (const auto& row : b.rows) rows.push_back({real_json(row[0]), real_json(row[1]), real_json(row[2])});
  return {{"rows", rows}};
}
json container_type_json(const ContainerType& t) {
  switch (t.kind) {
    case ContainerKind::builtin: return {{"builtin", type_name(t.builtin)}};
    case ContainerKind::class_name: return {{"class_name", t.name}};
    case ContainerKind::script: return {{"script", t.name}};
    case ContainerKind::none: break;
  }
  return nullptr;
}
bool typed(const ContainerType& t) {
  return t.kind != ContainerKind::none && !(t.kind == ContainerKind::builtin && t.builtin == VariantType::nil);
}

struct ToJson {
  json operator()(const Nil&) const { return nullptr; }
  json operator()(bool v) const { return v; }
  json operator()(std::int64_t v) const { return integer_json(v); }
  json operator()(double v) const { return real_json(v); }
  json operator()(const std::string& v) const { return v; }
  json operator()(const StringName& v) const { return v.name; }
  json operator()(const Vector2& v) const { return vec(v); }
  json operator()(const Vector2i& v) const { return vec(v); }
  json operator()(const Vector3& v) const { return vec(v); }
  json operator()(const Vector3i& v) const { return vec(v); }
  json operator()(const Vector4& v) const { return vec(v); }
  json operator()(const Vector4i& v) const { return vec(v); }
  json operator()(const Color& v) const { return vec(v); }
  json operator()(const Rect2& v) const { return {{"position", vec(v.position)}, {"size", vec(v.size)}}; }
  json operator()(const Rect2i& v) const { return {{"position", vec(v.position)}, {"size", vec(v.size)}}; }
  json operator()(const AABB& v) const { return {{"position", vec(v.position)}, {"size", vec(v.size)}}; }
  json operator()(const Transform2D& v) const { return {{"x", vec(v.x)}, {"y", vec(v.y)}, {"origin", vec(v.origin)}}; }
  json operator()(const Plane& v) const { return {{"normal", vec(v.normal)}, {"d", real_json(v.d)}}; }
  json operator()(const Quaternion& v) const {
    return {{"x", real_json(v.x)}, {"y", real_json(v.y)}, {"z", real_json(v.z)}, {"w", real_json(v.w)}};
  }
  json operator()(const Basis& v) const { return basis_json(v); }
  json operator()(const Transform3D& v) const { return {{"basis", basis_json(v.basis)}, {"origin", vec(v.origin)}}; }
  json operator()(const Projection& v) const {
    json columns = json::array();
    for (const auto& c : v.columns) columns.push_back({real_json(c[0]), real_json(c[1]), real_json(c[2]), real_json(c[3])});
    return {{"columns", columns}};
  }
  json operator()(const NodePath& v) const {
    return {{"path", node_path_text(v)}, {"names", v.names}, {"subnames", v.subnames}, {"absolute", v.absolute}};
  }
  json operator()(const RID& v) const { return {{"id", unsigned_json(v.id)}}; }
  json operator()(const Callable&) const { return nullptr; }
  json operator()(const Signal& v) const { return {{"name", v.name}, {"object_id", unsigned_json(v.object_id)}}; }
  json operator()(const Object& v) const {
    switch (v.form) {
      case ObjectForm::null: return nullptr;
      case ObjectForm::instance_id: return {{"id", unsigned_json(v.instance_id)}};
      case ObjectForm::full: break;
    }
    json properties = json::array();
    for (const auto& p : v.properties) properties.push_back({p.name, to_typed_json(p.value)});
    return {{"class", v.class_name}, {"properties", properties}};
  }
  json operator()(const Array& v) const {
    json list = json::array();
    for (const auto& e : v.elements) list.push_back(to_typed_json(e));
    return list;
  }
  json operator()(const Dictionary& v) const {
    json list = json::array();
    for (const auto& e : v.entries) list.push_back({to_typed_json(e.key), to_typed_json(e.value)});
    return list;
  }
  json operator()(const PackedByteArray& v) const { return v; }
  json operator()(const PackedInt32Array& v) const { return v; }
  json operator()(const PackedInt64Array& v) const { return list(v, integer_json); }
  json operator()(const PackedFloat32Array& v) const {
    return list(v, [](float x) { return real_json(static_cast<double>(x)); });
  }
  json operator()(const PackedFloat64Array& v) const { return list(v, real_json); }
  json operator()(const PackedStringArray& v) const { return v; }
  json operator()(const PackedVector2Array& v) const { return list(v, [](const Vector2& x) { return vec(x); }); }
  json operator()(const PackedVector3Array& v) const { return list(v, [](const Vector3& x) { return vec(x); }); }
  json operator()(const PackedColorArray& v) const { return list(v, [](const Color& x) { return vec(x); }); }
  json operator()(const PackedVector4Array& v) const { return list(v, [](const Vector4& x) { return vec(x); }); }

  template <class T, class F>
  static json list(const std::vector<T>& v, F convert) {
    json out = json::array();
    for (const T& x : v) out.push_back(convert(x));
    return out;
  }
};

// ---- JSON -> Variant -------------------------------------------------------------------------

struct JsonError {
  std::string path;
  std::string reason;
};

// A JSON node and where it sits, for error messages.
class Node {
 public:
  Node(const json& j, std::string path) : j_(j), path_(std::move(path)) {}

  const json& raw() const { return j_; }
  const std::string& path() const { return path_; }
  [[noreturn]] void fail(const std::string& reason) const { throw JsonError{path_, reason}; }

  Node at(const char* key) const {
    if (!j_.is_object()) fail(std::string("expected an object with \"") + key + "\"");
    const auto it = j_.find(key);
    if (it == j_.end()) fail(std::string("missing \"") + key + "\"");
    return Node(*it, path_.empty() ? key : path_ + "." + key);
  }
  bool has(const char* key) const { return j_.is_object() && j_.contains(key); }
  Node at(std::size_t index) const { return Node(j_.at(index), path_ + "[" + std::to_string(index) + "]"); }
  std::size_t list_size() const {
    if (!j_.is_array()) fail("expected a list");
    return j_.size();
  }

  std::string text() const {
    if (!j_.is_string()) fail("expected a string");
    return j_.get<std::string>();
  }
  bool boolean() const {
    if (!j_.is_boolean()) fail("expected true or false");
    return j_.get<bool>();
  }
  std::int64_t int64() const {
    if (j_.is_number_unsigned()) {
      const auto u = j_.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) fail("int beyond int64");
      return static_cast<std::int64_t>(u);
    }
    if (j_.is_number_integer()) return j_.get<std::int64_t>();
    if (j_.is_number_float()) {
      const double d = j_.get<double>();
      if (std::trunc(d) != d || std::fabs(d) > 9.2e18) fail("expected an integer");
      return static_cast<std::int64_t>(d);
    }
    if (j_.is_string()) {
      const std::string s = j_.get<std::string>();
      std::int64_t v = 0;
      const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
      if (r.ec != std::errc() || r.ptr != s.data() + s.size()) fail("expected a decimal int64 string");
      return v;
    }
    fail("expected an integer");
  }
  std::uint64_t uint64() const {
    if (j_.is_number_unsigned()) return j_.get<std::uint64_t>();
    if (j_.is_string()) {
      const std::string s = j_.get<std::string>();
      std::uint64_t v = 0;
      const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
      if (r.ec != std::errc() || r.ptr != s.data() + s.size()) fail("expected a decimal uint64 string");
      return v;
    }
    const std::int64_t v = int64();
    if (v < 0) fail("expected a non-negative integer");
    return static_cast<std::uint64_t>(v);
  }
  std::int32_t int32() const {
    const std::int64_t v = int64();
    if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max()) {
      fail("integer beyond int32");
    }
    return static_cast<std::int32_t>(v);
  }
  double real() const {
    if (j_.is_number()) return j_.get<double>();
    if (j_.is_string()) {
      const std::string s = j_.get<std::string>();
      if (s == "nan" || s == "NaN") return std::numeric_limits<double>::quiet_NaN();
      if (s == "-nan") return -std::numeric_limits<double>::quiet_NaN();
      if (s == "inf" || s == "+inf" || s == "Infinity") return std::numeric_limits<double>::infinity();
      if (s == "-inf" || s == "-Infinity") return -std::numeric_limits<double>::infinity();
      char* end = nullptr;
      const double d = std::strtod(s.c_str(), &end);
      if (!s.empty() && end == s.c_str() + s.size()) return d;
    }
    fail("expected a number, \"nan\", \"inf\" or \"-inf\"");
  }
  float real32() const {
    const double d = real();
    if (std::isfinite(d) && std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max())) {
      fail("beyond the float32 range");
    }
    return static_cast<float>(d);
  }

 private:
  const json& j_;
  std::string path_;
};

Vector2 vector2(const Node& n) { return {n.at("x").real(), n.at("y").real()}; }
Vector3 vector3(const Node& n) { return {n.at("x").real(), n.at("y").real(), n.at("z").real()}; }
Vector4 vector4(const Node& n) { return {n.at("x").real(), n.at("y").real(), n.at("z").real(), n.at("w").real()}; }
Vector2i vector2i(const Node& n) { return {n.at("x").int32(), n.at("y").int32()}; }
Vector3i vector3i(const Node& n) { return {n.at("x").int32(), n.at("y").int32(), n.at("z").int32()}; }
Vector4i vector4i(const Node& n) { return {n.at("x").int32(), n.at("y").int32(), n.at("z").int32(), n.at("w").int32()}; }
Color color(const Node& n) { return {n.at("r").real32(), n.at("g").real32(), n.at("b").real32(), n.at("a").real32()}; }
Basis basis(const Node& n) {
  const Node rows = n.at("rows");
  if (rows.list_size() != 3) rows.fail("expected 3 rows");
  Basis b;
  for (std::size_t i = 0; i < 3; ++i) {
    const Node row = rows.at(i);
    if (row.list_size() != 3) row.fail("expected 3 numbers");
    for (std::size_t j = 0; j < 3; ++j) b.rows[i][j] = row.at(j).real();
  }
  return b;
}

ContainerType container_type(const Node& n) {
  ContainerType t;
  if (n.raw().is_null()) return t;
  if (n.has("builtin")) {
    const Node b = n.at("builtin");
    t.kind = ContainerKind::builtin;
    if (b.raw().is_string()) {
      const auto type = type_from_name(b.text());
      if (!type) b.fail("unknown type name '" + b.text() + "'");
      t.builtin = *type;
    } else {
      const std::int64_t id = b.int64();
      if (id < 0 || id >= static_cast<std::int64_t>(kVariantTypeCount)) b.fail("type id out of range");
      t.builtin = static_cast<VariantType>(id);
    }
  } else if (n.has("class_name")) {
    t.kind = ContainerKind::class_name;
    t.builtin = VariantType::object;
    t.name = n.at("class_name").text();
  } else if (n.has("script")) {
    t.kind = ContainerKind::script;
    t.builtin = VariantType::object;
    t.name = n.at("script").text();
  } else {
    n.fail("expected {\"builtin\": T}, {\"class_name\": C} or {\"script\": path}");
  }
  return t;
}

template <class T, class F>
std::vector<T> list(const Node& n, F convert) {
  std::vector<T> out;
  const std::size_t size = n.list_size();
  out.reserve(size);
  for (std::size_t i = 0; i < size; ++i) out.push_back(convert(n.at(i)));
  return out;
}

Variant from_node(const Node& tagged);

Variant::Value value_of(VariantType type, const Node& tagged) {
  const Node v = tagged.at("value");
  switch (type) {
    case VariantType::nil: return Nil{};
    case VariantType::boolean: return v.boolean();
    case VariantType::integer: return v.int64();
    case VariantType::real: return v.real();
    case VariantType::string: return v.text();
    case VariantType::string_name: return StringName{v.text()};
    case VariantType::vector2: return vector2(v);
    case VariantType::vector2i: return vector2i(v);
    case VariantType::rect2: return Rect2{vector2(v.at("position")), vector2(v.at("size"))};
    case VariantType::rect2i: return Rect2i{vector2i(v.at("position")), vector2i(v.at("size"))};
    case VariantType::vector3: return vector3(v);
    case VariantType::vector3i: return vector3i(v);
    case VariantType::transform2d: return Transform2D{vector2(v.at("x")), vector2(v.at("y")), vector2(v.at("origin"))};
    case VariantType::vector4: return vector4(v);
    case VariantType::vector4i: return vector4i(v);
    case VariantType::plane: return Plane{vector3(v.at("normal")), v.at("d").real()};
    case VariantType::quaternion: {
      const Vector4 q = vector4(v);
      return Quaternion{q.x, q.y, q.z, q.w};
    }
    case VariantType::aabb: return AABB{vector3(v.at("position")), vector3(v.at("size"))};
    case VariantType::basis: return basis(v);
    case VariantType::transform3d: return Transform3D{basis(v.at("basis")), vector3(v.at("origin"))};
    case VariantType::projection: {
      const Node columns = v.at("columns");
      if (columns.list_size() != 4) columns.fail("expected 4 columns");
      Projection p;
      for (std::size_t i = 0; i < 4; ++i) {
        const Node column = columns.at(i);
        if (column.list_size() != 4) column.fail("expected 4 numbers");
        for (std::size_t j = 0; j < 4; ++j) p.columns[i][j] = column.at(j).real();
      }
      return p;
    }
    case VariantType::color: return color(v);
    case VariantType::node_path: {
      if (!v.has("names") && !v.has("subnames")) return parse_node_path(v.at("path").text());
      NodePath path;
      if (v.has("names")) path.names = list<std::string>(v.at("names"), [](const Node& n) { return n.text(); });
      if (v.has("subnames")) path.subnames = list<std::string>(v.at("subnames"), [](const Node& n) { return n.text(); });
      if (v.has("absolute")) path.absolute = v.at("absolute").boolean();
      return path;
    }
    case VariantType::rid: return RID{v.at("id").uint64()};
    case VariantType::object: {
      Object object;
      if (v.raw().is_null()) return object;
      if (v.has("id")) {
        object.instance_id = v.at("id").uint64();
        object.form = object.instance_id == 0 ? ObjectForm::null : ObjectForm::instance_id;
        return object;
      }
      object.form = ObjectForm::full;
      object.class_name = v.at("class").text();
      if (v.has("properties")) {
        const Node properties = v.at("properties");
        for (std::size_t i = 0; i < properties.list_size(); ++i) {
          const Node pair = properties.at(i);
          if (pair.list_size() != 2) pair.fail("expected [name, tagged value]");
          object.properties.push_back(ObjectProperty{pair.at(std::size_t{0}).text(), from_node(pair.at(std::size_t{1}))});
        }
      }
      return object;
    }
    case VariantType::callable: return Callable{};
    case VariantType::signal: return Signal{v.at("name").text(), v.at("object_id").uint64()};
    case VariantType::dictionary: {
      Dictionary d;
      if (tagged.has("key_type")) d.key_type = container_type(tagged.at("key_type"));
      if (tagged.has("value_type")) d.value_type = container_type(tagged.at("value_type"));
      for (std::size_t i = 0; i < v.list_size(); ++i) {
        const Node pair = v.at(i);
        if (pair.list_size() != 2) pair.fail("expected [tagged key, tagged value]");
        d.entries.push_back(DictionaryEntry{from_node(pair.at(std::size_t{0})), from_node(pair.at(std::size_t{1}))});
      }
      return d;
    }
    case VariantType::array: {
      Array a;
      if (tagged.has("element_type")) a.element_type = container_type(tagged.at("element_type"));
      a.elements = list<Variant>(v, from_node);
      return a;
    }
    case VariantType::packed_byte_array:
      return list<std::uint8_t>(v, [](const Node& n) {
        const std::int64_t b = n.int64();
        if (b < 0 || b > 255) n.fail("byte out of range");
        return static_cast<std::uint8_t>(b);
      });
    case VariantType::packed_int32_array: return list<std::int32_t>(v, [](const Node& n) { return n.int32(); });
    case VariantType::packed_int64_array: return list<std::int64_t>(v, [](const Node& n) { return n.int64(); });
    case VariantType::packed_float32_array: return list<float>(v, [](const Node& n) { return n.real32(); });
    case VariantType::packed_float64_array: return list<double>(v, [](const Node& n) { return n.real(); });
    case VariantType::packed_string_array: return list<std::string>(v, [](const Node& n) { return n.text(); });
    case VariantType::packed_vector2_array: return list<Vector2>(v, vector2);
    case VariantType::packed_vector3_array: return list<Vector3>(v, vector3);
    case VariantType::packed_color_array: return list<Color>(v, color);
    case VariantType::packed_vector4_array: return list<Vector4>(v, vector4);
  }
  tagged.fail("unhandled type");
}

Variant from_node(const Node& tagged) {
  const Node type_node = tagged.at("type");
  const std::string name = type_node.text();
  const auto type = type_from_name(name);
  if (!type) type_node.fail("unknown type '" + name + "'");
  Variant out;
  out.value() = value_of(*type, tagged);
  return out;
}

void split(const std::string& text, char separator, std::vector<std::string>& out) {
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(separator, start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
}

}  // namespace

nlohmann::json to_typed_json(const Variant& value) {
  json out = {{"type", type_name(value.type())}, {"value", std::visit(ToJson{}, value.value())}};
  if (const auto* array = value.get_if<Array>(); array != nullptr && typed(array->element_type)) {
    out["element_type"] = container_type_json(array->element_type);
  }
  if (const auto* dictionary = value.get_if<Dictionary>()) {
    if (typed(dictionary->key_type)) out["key_type"] = container_type_json(dictionary->key_type);
    if (typed(dictionary->value_type)) out["value_type"] = container_type_json(dictionary->value_type);
  }
  return out;
}

Status from_typed_json(const nlohmann::json& json, Variant& out) {
  try {
    out = from_node(Node(json, ""));
    return Status::Ok();
  } catch (const JsonError& e) {
    return Status::Error(ErrorCode::kInvalidValue, 0, e.path, e.reason);
  } catch (const nlohmann::json::exception& e) {
    return Status::Error(ErrorCode::kInvalidValue, 0, "", e.what());
  }
}

std::string node_path_text(const NodePath& path) {
  std::string text = path.absolute ? "/" : "";
  for (std::size_t i = 0; i < path.names.size(); ++i) {
    if (i > 0) text += '/';
    text += path.names[i];
  }
  for (const std::string& subname : path.subnames) text += ":" + subname;
  return text;
}

NodePath parse_node_path(const std::string& text) {
  NodePath path;
  path.absolute = !text.empty() && text[0] == '/';
  const std::size_t colon = text.find(':');
  split(text.substr(0, colon), '/', path.names);
  if (colon != std::string::npos) split(text.substr(colon + 1), ':', path.subnames);
  return path;
}

}  // namespace pakt::godot
