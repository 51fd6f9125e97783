#include "schema/loader.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <regex>
#include <set>

#include "pakt/utf8.hpp"
#include "schema/bounded_regex.hpp"
#include "schema/did_you_mean.hpp"
#include "schema/facts.hpp"

namespace pakt::schema {
namespace {

const std::vector<std::string> kSchemaKeys = {"package", "version", "doc", "imports", "enums", "messages", "godot"};
const std::vector<std::string> kEnumKeys = {"type", "values", "doc"};
const std::vector<std::string> kMessageKeys = {"doc",   "code",  "fields",     "example",
                                               "godot", "final", "extensible", "delta"};
const std::vector<std::string> kFieldKeys = {"name",       "type",      "doc",   "default",    "optional", "required",
                                             "max_length", "max_count", "since", "deprecated", "range",    "precision",
                                             "bits"};

const std::regex kIdentifier("[A-Za-z_][A-Za-z0-9_]*");
const std::regex kTypeSyntax("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\[\\s*([0-9]*)\\s*\\])?\\s*");
constexpr long long kMaxFixedCount = 65536;
constexpr long long kMaxInt32 = 2147483647;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at - start));
    if (at == std::string::npos) return parts;
    start = at + 1;
  }
}

// The folder of a path: "" for a bare name, "/" for a file in the root folder.
std::string dirname(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Whether the path exists; false on any error.
bool exists(const std::string& path) {
  std::error_code ignored;
  return !path.empty() && std::filesystem::exists(path, ignored);
}

// Joins an import path to a folder (an absolute path stays as is), and normalizes paths.
std::string join(const std::string& dir, const std::string& rel) {
  if (!rel.empty() && rel[0] == '/') return rel;
  if (dir.empty()) return rel;
  return dir + (dir.back() == '/' ? "" : "/") + rel;
}

std::string normpath(const std::string& path) {
  const std::string normal = std::filesystem::path(path).lexically_normal().string();
  if (normal.size() > 1 && normal.back() == '/') return normal.substr(0, normal.size() - 1);
  return normal.empty() ? "." : normal;
}

bool int_in(const YamlValue& v, long long lo, long long hi) {
  return v.is_int() && v.as_int().fits(lo, static_cast<std::uint64_t>(hi));
}

enum class ReadResult { kOk, kError, kNotUtf8 };

ReadResult read_file(const std::string& path, std::string& text, std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    error = std::strerror(errno);
    return ReadResult::kError;
  }
  char buffer[65536];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
  const bool failed = std::ferror(file) != 0;
  const int saved = errno;
  std::fclose(file);
  if (failed) {
    error = std::strerror(saved);
    return ReadResult::kError;
  }
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  if (utf8::first_invalid(bytes, text.size()) != text.size()) return ReadResult::kNotUtf8;
  return ReadResult::kOk;
}

}  // namespace

const Schema* Loader::load_file(const std::string& path, const std::string& shown, const Location* from) {
  const std::string absolute = normpath(std::filesystem::absolute(path).string());
  if (const auto it = by_path_.find(absolute); it != by_path_.end()) return it->second;
  const Location at = from != nullptr ? *from : Location{shown, 1, 1};
  for (const std::string& p : loading_) {
    if (p == absolute) {
      diags_.error(at, "import cycle: " + shown + " imports itself");
      return nullptr;
    }
  }
  std::string text;
  std::string error;
  switch (read_file(path, text, error)) {
    case ReadResult::kError: diags_.error(at, "cannot read schema '" + path + "': " + error); return nullptr;
    case ReadResult::kNotUtf8: diags_.error(at, "schema '" + path + "' is not UTF-8"); return nullptr;
    case ReadResult::kOk: break;
  }
  register_source_text(shown, text);
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    diags_.error(location_of(shown, e.mark), "YAML syntax error: " + syntax_error_text(text, e));
    return nullptr;
  }
  if (!check_tags(shown, root, diags_)) return nullptr;
  if (root.IsNull()) {
    if (diags_.empty()) diags_.error(Location{shown, 1, 1}, "empty schema: expected a mapping with 'package'");
    return nullptr;
  }
  loading_.push_back(absolute);
  const Schema* schema = load_schema(shown, root, dirname(path));
  loading_.pop_back();
  if (schema != nullptr) by_path_[absolute] = schema;
  return schema;
}

const Schema* Loader::load_schema(const std::string& path, const YAML::Node& root, const std::string& base_dir) {
  if (!root.IsMap()) {
    diags_.error(location_of(path, root), "a schema must be a mapping with 'package', 'enums' and 'messages'");
    return nullptr;
  }
  const std::vector<MappingItem> items = mapping_items(path, root, diags_);
  for (const MappingItem& item : items) {
    if (std::find(kSchemaKeys.begin(), kSchemaKeys.end(), item.key) == kSchemaKeys.end()) {
      diags_.error(location_of(path, item.key_node),
                   "unknown key '" + item.key + "'" + did_you_mean(item.key, kSchemaKeys));
    }
  }
  auto owned = std::make_unique<Schema>();
  Schema& schema = *owned;
  owned_.push_back(std::move(owned));
  schema.path = path;
  if (const MappingItem* package = find_item(items, "package")) {
    std::string name;
    bool valid = scalar_text(package->value_node, name);
    const std::vector<std::string> parts = split(name, '.');
    for (const std::string& part : parts) valid = valid && bounded_regex_match(part, kIdentifier);
    if (!valid) {
      // `package: on` is a YAML boolean that quoting makes a name; `package: 2024` is no name quoted either.
      bool name_if_quoted = package->value_node.IsScalar();
      for (const std::string& part : split(package->value_node.Scalar(), '.')) {
        name_if_quoted = name_if_quoted && bounded_regex_match(part, kIdentifier);
      }
      diags_.error(location_of(path, package->value_node),
                   "package must be a dotted name like 'game.net'" +
                       (name_if_quoted ? not_text_hint(package->value_node) : std::string()));
    } else {
      schema.package = name;
      schema.package_location = location_of(path, package->value_node);
    }
  } else {
    diags_.error(location_of(path, root), "missing required key 'package'");
  }
  if (const MappingItem* version = find_item(items, "version")) {
    const YamlValue v = version->value_node.IsScalar() ? yaml_value(version->value_node) : YamlValue{};
    if (!int_in(v, 1, 65535)) {
      diags_.error(location_of(path, version->value_node), "version must be an integer from 1 to 65535");
    } else {
      schema.version = static_cast<int>(v.as_int().as_int64());
    }
  }
  schema.doc = text(path, find_item(items, "doc"));
  schema.godot = godot_mode(path, find_item(items, "godot"), GodotMode::kDictionary);

  if (const MappingItem* imports = find_item(items, "imports")) load_imports(schema, imports->value_node, base_dir);

  if (const MappingItem* enums = find_item(items, "enums")) {
    if (!enums->value_node.IsMap()) {
      diags_.error(location_of(path, enums->value_node), "enums must be a mapping of enum name to definition");
    } else {
      for (const MappingItem& item : mapping_items(path, enums->value_node, diags_)) {
        if (auto e = load_enum(path, item.key, item.key_node, item.value_node)) {
          e->schema = &schema;
          schema.enums.push_back(std::move(e));
        }
      }
    }
  }
  std::vector<MessageNode> message_nodes;
  if (const MappingItem* messages = find_item(items, "messages")) {
    if (!messages->value_node.IsMap()) {
      diags_.error(location_of(path, messages->value_node),
                   "messages must be a mapping of message name to definition");
    } else {
      for (const MappingItem& item : mapping_items(path, messages->value_node, diags_)) {
        if (auto m = declare_message(path, item.key, item.key_node, item.value_node, schema)) {
          message_nodes.push_back(MessageNode{m.get(), item.value_node});
          schema.messages.push_back(std::move(m));
        }
      }
    }
  }
  check_names(schema);
  // Fields are resolved once every type of this file and its imports is known.
  for (const MessageNode& m : message_nodes) load_fields(path, *m.message, m.node, schema);
  // The packed sizes the list check computes recurse into nested messages: only without recursion.
  if (check_recursion(schema)) check_empty_lists(schema);
  for (const MessageNode& m : message_nodes) load_example(path, *m.message, m.node);
  return &schema;
}

void Loader::load_imports(Schema& schema, const YAML::Node& node, const std::string& base_dir) {
  const std::string& path = schema.path;
  if (!node.IsSequence()) {
    diags_.error(location_of(path, node), "imports must be a list of schema paths");
    return;
  }
  for (const YAML::Node& item : node) {
    std::string rel;
    if (!scalar_text(item, rel) || rel.empty()) {
      diags_.error(location_of(path, item), "an import must be a path to a .yaml schema");
      continue;
    }
    const Location from = location_of(path, item);
    std::string target = join(base_dir, rel);
    std::string shown = normpath(join(dirname(path), rel));
    // Not next to the importing file: the first -I folder holding it, spelled as joined (not normalized).
    for (const std::string& extra : import_dirs_) {
      if (!exists(target) && exists(join(extra, rel))) target = shown = join(extra, rel);
    }
    if (const Schema* imported = load_file(target, shown, &from)) schema.imports.push_back(imported);
  }
}

std::string Loader::text(const std::string& path, const MappingItem* entry) {
  if (entry == nullptr) return "";
  std::string value;
  if (!scalar_text(entry->value_node, value)) {
    diags_.error(location_of(path, entry->value_node), "doc must be text" + not_text_hint(entry->value_node));
    return "";
  }
  return strip_whitespace(value);
}

GodotMode Loader::godot_mode(const std::string& path, const MappingItem* entry, GodotMode fallback) {
  if (entry == nullptr) return fallback;
  std::string value;
  if (scalar_text(entry->value_node, value) && value == "dict") return GodotMode::kDictionary;
  if (value == "array") return GodotMode::kArray;
  diags_.error(location_of(path, entry->value_node),
               "godot must be 'dict' (a Dictionary keyed by field name) or 'array'");
  return fallback;
}

bool Loader::identifier(const std::string& path, const YAML::Node& node, const std::string& name,
                        const std::string& what) {
  if (name.size() > kMaxMatchedText) {
    diags_.error(location_of(path, node), "a " + what + " name of " + std::to_string(name.size()) +
                                              " characters: names are at most " + std::to_string(kMaxMatchedText));
    return false;
  }
  if (!bounded_regex_match(name, kIdentifier)) {
    diags_.error(location_of(path, node), "invalid " + what + " name '" + name +
                                              "': use letters, digits and '_', not starting with a digit");
    return false;
  }
  return true;
}

// A valid identifier that does not hide a built-in type (a field `type: Color` must mean one thing).
bool Loader::type_name(const std::string& path, const YAML::Node& node, const std::string& name,
                       const std::string& what) {
  if (!identifier(path, node, name, what)) return false;
  if (find_builtin(name) != nullptr || canonical_type_name(name) != name) {
    diags_.error(location_of(path, node), what + " name '" + name + "' is a built-in type; choose another name");
    return false;
  }
  return true;
}

std::unique_ptr<Enum> Loader::load_enum(const std::string& path, const std::string& name, const YAML::Node& key_node,
                                        const YAML::Node& node) {
  const bool ok = type_name(path, key_node, name, "enum");
  if (!node.IsMap()) {
    diags_.error(location_of(path, node), "enum '" + name + "' must be a mapping with 'values'");
    return nullptr;
  }
  const std::vector<MappingItem> items = mapping_items(path, node, diags_);
  for (const MappingItem& item : items) {
    if (std::find(kEnumKeys.begin(), kEnumKeys.end(), item.key) == kEnumKeys.end()) {
      diags_.error(location_of(path, item.key_node),
                   "unknown key '" + item.key + "' in enum '" + name + "'" + did_you_mean(item.key, kEnumKeys));
    }
  }
  auto e = std::make_unique<Enum>();
  e->name = name;
  e->location = location_of(path, key_node);
  if (const MappingItem* type = find_item(items, "type")) {
    const YamlValue t = type->value_node.IsScalar() ? yaml_value(type->value_node) : YamlValue{};
    const std::string spelled = t.is_str() ? canonical_type_name(t.as_str()) : value_text(t);
    const BuiltinInfo* builtin = t.is_str() ? find_builtin(spelled) : nullptr;
    if (builtin == nullptr || !is_integer(builtin->type)) {
      diags_.error(location_of(path, type->value_node),
                   "enum type must be an integer type" + did_you_mean(spelled, integer_type_names()));
    } else {
      e->underlying = builtin->type;
    }
  }
  if (const MappingItem* values = find_item(items, "values")) {
    const YAML::Node& vnode = values->value_node;
    if (!vnode.IsMap() || vnode.size() == 0) {
      diags_.error(location_of(path, vnode), "values must be a non-empty mapping of name to integer");
    } else {
      const std::int64_t lo = integer_min(e->underlying);
      const std::uint64_t hi = integer_max(e->underlying);
      const std::string range = " [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
      for (const MappingItem& item : mapping_items(path, vnode, diags_)) {
        identifier(path, item.key_node, item.key, "enum value");
        const YamlValue num = item.value_node.IsScalar() ? yaml_value(item.value_node) : YamlValue{};
        const Location at = location_of(path, item.value_node);
        if (!num.is_int()) {
          diags_.error(at, "enum value '" + item.key + "' must be an integer");
          continue;
        }
        if (!num.as_int().fits(lo, hi)) {
          diags_.error(at, "enum value " + num.as_int().decimal + " is out of range for " +
                               info(e->underlying).name + range);
          continue;
        }
        const EnumValue* used = nullptr;
        for (const EnumValue& v : e->values) {
          if (v.number == num.as_int().as_int64() && v.unsigned_number == num.as_int().as_uint64()) used = &v;
        }
        if (used != nullptr) {
          diags_.error(at, "enum value " + num.as_int().decimal + " is already used by '" + used->name + "'");
          continue;
        }
        e->values.push_back(EnumValue{item.key, num.as_int().as_int64(), num.as_int().as_uint64(),
                                      location_of(path, item.key_node)});
      }
    }
  } else {
    diags_.error(location_of(path, key_node), "enum '" + name + "' has no 'values'");
  }
  if (!ok) return nullptr;
  e->doc = text(path, find_item(items, "doc"));
  return e;
}

std::unique_ptr<Message> Loader::declare_message(const std::string& path, const std::string& name,
                                                 const YAML::Node& key_node, const YAML::Node& node,
                                                 const Schema& schema) {
  const bool ok = type_name(path, key_node, name, "message");
  if (!node.IsMap()) {
    diags_.error(location_of(path, node), "message '" + name + "' must be a mapping with 'fields'");
    return nullptr;
  }
  const std::vector<MappingItem> items = mapping_items(path, node, diags_);
  for (const MappingItem& item : items) {
    if (std::find(kMessageKeys.begin(), kMessageKeys.end(), item.key) == kMessageKeys.end()) {
      diags_.error(location_of(path, item.key_node), "unknown key '" + item.key + "' in message '" + name + "'" +
                                                         did_you_mean(item.key, kMessageKeys));
    }
  }
  auto m = std::make_unique<Message>();
  m->name = name;
  m->location = location_of(path, key_node);
  m->schema = &schema;
  m->doc = text(path, find_item(items, "doc"));
  m->godot = godot_mode(path, find_item(items, "godot"), schema.godot);
  m->final = flag(path, find_item(items, "final"), "final");
  m->extensible = flag(path, find_item(items, "extensible"), "extensible");
  m->delta = flag(path, find_item(items, "delta"), "delta");
  if (const MappingItem* code = find_item(items, "code")) {
    const YamlValue c = code->value_node.IsScalar() ? yaml_value(code->value_node) : YamlValue{};
    if (c.is_str() && c.as_str().size() == 1 && static_cast<unsigned char>(c.as_str()[0]) < 128) {
      m->code = c.as_str()[0];
    } else if (int_in(c, 0, 255)) {
      m->code = static_cast<int>(c.as_int().as_int64());
    } else {
      diags_.error(location_of(path, code->value_node),
                   "code must be one ASCII character like 'A' or an integer from 0 to 255");
    }
    // PUN 2 registers these custom types itself: its RegisterType refuses a second one (docs/photon.md).
    const char* const pun_types[][2] = {{"W", "Vector2"}, {"V", "Vector3"}, {"Q", "Quaternion"}, {"P", "Player"}};
    for (const auto& [letter, type] : pun_types) {
      if (m->code && *m->code == letter[0]) {
        diags_.error(location_of(path, code->value_node),
                     std::string("code '") + letter + "' (" + std::to_string(*m->code) + ") is PUN 2's own " + type +
                         " custom type; choose another code");
      }
    }
  }
  if (!ok) return nullptr;
  return m;
}

std::vector<const Schema*> Loader::visible_schemas(const Schema& schema) const {
  std::vector<const Schema*> order;
  std::function<void(const Schema*)> visit = [&](const Schema* s) {
    if (std::find(order.begin(), order.end(), s) != order.end()) return;
    for (const Schema* i : s->imports) visit(i);
    order.push_back(s);
  };
  visit(&schema);
  return order;
}

void Loader::check_names(const Schema& schema) {
  std::map<std::string, Location> seen;
  for (const Schema* s : visible_schemas(schema)) {
    std::vector<std::pair<std::string, Location>> types;
    for (const auto& e : s->enums) types.emplace_back(e->name, e->location);
    for (const auto& m : s->messages) types.emplace_back(m->name, m->location);
    for (const auto& [name, location] : types) {
      const auto it = seen.find(name);
      if (it != seen.end() && !(it->second == location)) {
        if (s == &schema) {
          diags_.error(location, "duplicate type name '" + name + "' (first defined at " + it->second.to_string() + ")");
        }
      } else {
        seen[name] = location;
      }
    }
  }
  std::map<int, const Message*> codes;
  for (const Schema* s : visible_schemas(schema)) {
    for (const auto& m : s->messages) {
      if (!m->code) continue;
      const auto it = codes.find(*m->code);
      if (it != codes.end() && it->second != m.get()) {
        if (s == &schema) {
          diags_.error(m->location, "message '" + m->name + "' reuses code " + std::to_string(*m->code) +
                                        " of message '" + it->second->name + "' (" +
                                        it->second->location.to_string() + ")");
        }
      } else {
        codes[*m->code] = m.get();
      }
    }
  }
}

bool Loader::find_type(const Schema& schema, const std::string& name, TypeRef& out) const {
  const std::vector<const Schema*> visible = visible_schemas(schema);
  for (auto s = visible.rbegin(); s != visible.rend(); ++s) {
    for (const auto& e : (*s)->enums) {
      if (e->name == name) {
        out.kind = TypeRef::Kind::kEnum;
        out.enumeration = e.get();
        return true;
      }
    }
    for (const auto& m : (*s)->messages) {
      if (m->name == name) {
        out.kind = TypeRef::Kind::kMessage;
        out.message = m.get();
        return true;
      }
    }
  }
  return false;
}

bool Loader::resolve_type(const std::string& path, const YAML::Node& node, const std::string& spelled,
                          const Schema& schema, TypeRef& out) {
  std::smatch match;
  if (!bounded_regex_match(spelled, match, kTypeSyntax)) {
    const std::string hint = spelled.find("][") != std::string::npos
                                 ? " (lists of lists are not supported: wrap the inner list in a message)"
                                 : "";
    diags_.error(location_of(path, node), "invalid type '" + spelled + "': expected T, T[] or T[N]" + hint);
    return false;
  }
  const std::string base_name = canonical_type_name(match[1].str());
  TypeRef base;
  if (const BuiltinInfo* builtin = find_builtin(base_name)) {
    base.kind = TypeRef::Kind::kBuiltin;
    base.builtin = builtin->type;
  } else if (!find_type(schema, base_name, base)) {
    std::vector<std::string> names;
    for (const BuiltinInfo& b : builtins()) names.emplace_back(b.name);
    for (const char* alias : {"byte", "int", "long", "float", "double"}) names.emplace_back(alias);
    for (const Schema* s : visible_schemas(schema)) {
      for (const auto& e : s->enums) names.push_back(e->name);
      for (const auto& m : s->messages) names.push_back(m->name);
    }
    diags_.error(location_of(path, node), "unknown type '" + base_name + "'" + did_you_mean(base_name, names));
    return false;
  }
  std::string trimmed = spelled;
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back()))) trimmed.pop_back();
  if (trimmed.empty() || trimmed.back() != ']') {
    out = base;
    return true;
  }
  const std::string count = match[2].str();
  if (count.empty()) {
    out.kind = TypeRef::Kind::kList;
    out.element = std::make_shared<const TypeRef>(base);
    return true;
  }
  const std::string digits = count.find_first_not_of('0') == std::string::npos ? "0" : count.substr(count.find_first_not_of('0'));
  const long long n = digits.size() > 6 ? kMaxFixedCount + 1 : std::stoll(digits);
  if (n < 1 || n > kMaxFixedCount) {
    diags_.error(location_of(path, node), "fixed count must be from 1 to " + std::to_string(kMaxFixedCount) +
                                              ", not " + digits);
    return false;
  }
  out.kind = TypeRef::Kind::kArray;
  out.element = std::make_shared<const TypeRef>(base);
  out.count = static_cast<std::size_t>(n);
  return true;
}

void Loader::load_fields(const std::string& path, Message& message, const YAML::Node& node, const Schema& schema) {
  Diagnostics ignored;
  const std::vector<MappingItem> items = mapping_items(path, node, ignored);
  const MappingItem* fields = find_item(items, "fields");
  if (fields == nullptr) {
    diags_.error(message.location,
                 "message '" + message.name + "' has no 'fields' (use 'fields: []' for an empty message)");
    return;
  }
  if (!fields->value_node.IsSequence()) {
    diags_.error(location_of(path, fields->value_node), "fields must be a list of {name: ..., type: ...} mappings");
    return;
  }
  std::map<std::string, Location> names;
  int last_since = 1;
  bool order_reported = false;
  const std::string version = std::to_string(schema.version);
  for (const YAML::Node& entry : fields->value_node) {
    Field f;
    if (!load_field(path, entry, schema, f)) continue;
    if (const auto it = names.find(f.name); it != names.end()) {
      diags_.error(f.location, "duplicate field name '" + f.name + "' (first defined at line " +
                                   std::to_string(it->second.line) + ")");
      continue;
    }
    names[f.name] = f.location;
    // A field without since: after a newer one has no since location; point at its name.
    const Location since_at = f.since_location ? *f.since_location : f.location;
    const std::string since = "field '" + f.name + "' has since: " + std::to_string(f.since);
    if (f.since > schema.version) diags_.error(since_at, since + ", above the schema version " + version);
    if (f.since < last_since && !order_reported) {
      // Once per message: every later field of the first version would repeat it.
      diags_.error(since_at, since + ", lower than an earlier field's since: " + std::to_string(last_since) +
                                 "; new fields are appended at the end");
      order_reported = true;
    }
    last_since = std::max(last_since, f.since);
    if (f.since > 1 && !f.has_default && !f.optional) {
      diags_.error(f.location, "field '" + f.name + "' is new in version " + std::to_string(f.since) +
                                   " and needs a 'default:' for payloads of older versions");
    }
    message.fields.push_back(std::move(f));
  }
}

bool Loader::load_field(const std::string& path, const YAML::Node& node, const Schema& schema, Field& f) {
  if (!node.IsMap()) {
    diags_.error(location_of(path, node), "a field must be a mapping like {name: id, type: uint32}");
    return false;
  }
  const std::vector<MappingItem> items = mapping_items(path, node, diags_);
  for (const MappingItem& item : items) {
    if (std::find(kFieldKeys.begin(), kFieldKeys.end(), item.key) == kFieldKeys.end()) {
      diags_.error(location_of(path, item.key_node),
                   "unknown field option '" + item.key + "'" + did_you_mean(item.key, kFieldKeys));
    }
  }
  const MappingItem* name = find_item(items, "name");
  if (name == nullptr) {
    diags_.error(location_of(path, node), "field has no 'name'");
    return false;
  }
  if (!scalar_text(name->value_node, f.name)) {
    diags_.error(location_of(path, name->value_node), "field name must be text" + not_text_hint(name->value_node));
    return false;
  }
  const bool ok = identifier(path, name->value_node, f.name, "field");
  const MappingItem* type = find_item(items, "type");
  if (type == nullptr) {
    diags_.error(location_of(path, node), "field '" + f.name + "' has no 'type'");
    return false;
  }
  std::string spelled;
  if (!scalar_text(type->value_node, spelled)) {
    diags_.error(location_of(path, type->value_node),
                 "type must be a type name like 'int32', 'Player' or 'uint16[]'" + not_text_hint(type->value_node));
    return false;
  }
  const bool resolved = resolve_type(path, type->value_node, spelled, schema, f.type);
  f.location = location_of(path, name->value_node);
  f.type_location = location_of(path, type->value_node);
  f.doc = text(path, find_item(items, "doc"));
  f.optional = flag(path, find_item(items, "optional"), "optional");
  f.required = flag(path, find_item(items, "required"), "required");
  f.deprecated = flag(path, find_item(items, "deprecated"), "deprecated");
  if (f.optional && f.required) {
    diags_.error(location_of(path, find_item(items, "required")->value_node),
                 "a field cannot be both optional and required");
  }
  const MappingItem* since = find_item(items, "since");
  f.since = since != nullptr ? positive(path, since, "since", 65535) : 0;
  if (f.since == 0) f.since = 1;
  if (since != nullptr) f.since_location = location_of(path, since->value_node);
  const TypeRef& base = f.type.kind == TypeRef::Kind::kList || f.type.kind == TypeRef::Kind::kArray
                            ? *f.type.element
                            : f.type;
  if (const MappingItem* max_length = find_item(items, "max_length")) {
    f.max_length = static_cast<std::size_t>(positive(path, max_length, "max_length", kMaxInt32));
    const bool text_or_bytes = base.kind == TypeRef::Kind::kBuiltin &&
                               (base.builtin == Builtin::kString || base.builtin == Builtin::kBytes);
    if (resolved && !text_or_bytes) {
      diags_.error(location_of(path, max_length->key_node), "max_length applies to string and bytes fields only");
    }
  }
  if (const MappingItem* max_count = find_item(items, "max_count")) {
    f.max_count = static_cast<std::size_t>(positive(path, max_count, "max_count", kMaxInt32));
    if (resolved && f.type.kind != TypeRef::Kind::kList) {
      diags_.error(location_of(path, max_count->key_node), "max_count applies to list fields (T[]) only");
    }
  }
  if (resolved) load_packing(path, items, base, f);
  const MappingItem* default_entry = find_item(items, "default");
  if (default_entry != nullptr && resolved) {
    const Location at = location_of(path, default_entry->value_node);
    if (default_entry->value_node.IsNull()) {
      if (!f.optional) diags_.error(at, "only optional fields can default to null");
      f.has_default = true;
    } else {
      YamlValue value = yaml_value(default_entry->value_node);
      if (check_value(f.type, value, at, "default of '" + f.name + "'", &f)) {
        f.default_value = std::move(value);
        f.has_default = true;
      }
    }
  }
  if (resolved && default_entry == nullptr && !f.optional) check_implicit_default_in_range(f);
  return resolved && ok;
}

bool Loader::flag(const std::string& path, const MappingItem* entry, const std::string& what) {
  if (entry == nullptr) return false;
  const YamlValue v = entry->value_node.IsScalar() ? yaml_value(entry->value_node) : YamlValue{};
  if (!v.is_bool()) {
    diags_.error(location_of(path, entry->value_node), what + " must be true or false");
    return false;
  }
  return v.as_bool();
}

int Loader::positive(const std::string& path, const MappingItem* entry, const std::string& what, long long limit) {
  const YamlValue v = entry->value_node.IsScalar() ? yaml_value(entry->value_node) : YamlValue{};
  if (!int_in(v, 1, limit)) {
    diags_.error(location_of(path, entry->value_node), what + " must be an integer from 1 to " + std::to_string(limit));
    return 0;
  }
  return static_cast<int>(v.as_int().as_int64());
}

bool Loader::check_recursion(const Schema& schema) {
  bool acyclic = true;
  const auto contained = [](const TypeRef& t) -> const Message* {
    const TypeRef* inner = &t;
    while (inner->kind == TypeRef::Kind::kList || inner->kind == TypeRef::Kind::kArray) inner = inner->element.get();
    return inner->kind == TypeRef::Kind::kMessage ? inner->message : nullptr;
  };
  for (const auto& m : schema.messages) {
    std::vector<std::pair<const Message*, std::vector<std::string>>> stack = {{m.get(), {m->name}}};
    std::set<std::string> seen;
    while (!stack.empty()) {
      const auto [current, trail] = stack.back();
      stack.pop_back();
      for (const Field& f : current->fields) {
        const Message* child = contained(f.type);
        if (child == nullptr) continue;
        if (child == m.get()) {
          std::string chain;
          for (const std::string& name : trail) chain += name + " -> ";
          diags_.error(m->location, "recursive message nesting: " + chain + m->name +
                                        " (messages are encoded inline; recursion has no end on the wire)");
          acyclic = false;
          stack.clear();
          break;
        }
        if (seen.insert(child->name).second) {
          std::vector<std::string> longer = trail;
          longer.push_back(child->name);
          stack.emplace_back(child, std::move(longer));
        }
      }
    }
  }
  return acyclic;
}

void Loader::check_empty_lists(const Schema& schema) {
  for (const auto& m : schema.messages) {
    for (const Field& f : m->fields) {
      const TypeRef& t = f.type;
      if (t.kind != TypeRef::Kind::kList || f.max_count != 0) continue;
      if (t.element->kind == TypeRef::Kind::kMessage && message_takes_no_bytes(*t.element->message)) {
        diags_.error(f.type_location, "a list of '" + t.element->name() +
                                          "', which takes no bytes on the wire, needs max_count (otherwise a "
                                          "4-byte count could ask for 2^31 elements)");
      } else if (packed_min_bits(*t.element, &f) == 0) {
        // A one-value enum, or a message or array of only those: the packed format writes the count
        // alone, and its decoder bounds a count without a limit by one bit per element that follows,
        // so without max_count such a list at the end of a payload would not read back.
        diags_.error(f.type_location, "a list of '" + t.element->name() +
                                          "', which takes no bits in the packed format, needs max_count "
                                          "(otherwise a packed count could ask for 2^64 elements)");
      }
    }
  }
}

const Message* SchemaSet::find_message(const std::string& name) const {
  for (const Schema* root : roots) {
    for (const auto& m : root->messages) {
      if (m->name == name) return m.get();
    }
  }
  for (const auto& s : all) {
    for (const auto& m : s->messages) {
      if (m->name == name) return m.get();
    }
  }
  return nullptr;
}

std::vector<const Message*> SchemaSet::root_messages() const {
  std::vector<const Message*> out;
  for (const Schema* root : roots) {
    for (const auto& m : root->messages) out.push_back(m.get());
  }
  return out;
}

SchemaSet load_schemas(const std::vector<std::string>& paths, const std::vector<std::string>& import_dirs) {
  Diagnostics diags;
  Loader loader(diags, import_dirs);
  SchemaSet set;
  for (const std::string& path : paths) {
    if (const Schema* s = loader.load_file(path, path, nullptr)) set.roots.push_back(s);
  }
  set.all = loader.take_schemas();
  set.diagnostics = diags.sorted();
  return set;
}

}  // namespace pakt::schema
