#include "schema/fingerprint.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "schema/descriptor.hpp"
#include "schema/facts.hpp"

namespace pakt::schema {
namespace {

using Json = nlohmann::ordered_json;

// Bumped when the canonical text changes, so that two pakt versions never agree by accident.
constexpr const char* kSalt = "pakt schema fingerprint 1\n";

// What the canonical text leaves out of a message, an enum or a field: what reaches no format's
// bytes. Docs, source positions and examples; the names of messages and enums (a reference is
// the referenced type's position in the message's closure instead) and where they are declared;
// type spellings; the facts (derived, and the fingerprint is one of them). Field names and enum
// value names stay: Godot dictionaries and JSON carry them.
bool left_out(const std::string& key) {
  static const char* const kKeys[] = {"doc", "line", "column", "example", "example_line", "example_column",
                                      "full_name", "facts", "spelled", "file"};
  return std::any_of(std::begin(kKeys), std::end(kKeys), [&](const char* k) { return key == k; });
}

struct TypeKey {
  bool is_message;
  std::string file;
  std::string name;
  bool operator==(const TypeKey& o) const {
    return is_message == o.is_message && file == o.file && name == o.name;
  }
};

// The canonical text of one message: its closure (the message, then every message and enum it
// uses, in the order of first use), each without what left_out() drops.
class Canonical {
 public:
  explicit Canonical(const Json& descriptor) {
    for (const Json& file : descriptor.at("files")) {
      const std::string& path = file.at("path").get_ref<const std::string&>();
      for (const Json& m : file.at("messages")) types_[{true, path + '\n' + m.at("name").get<std::string>()}] = &m;
      for (const Json& e : file.at("enums")) types_[{false, path + '\n' + e.at("name").get<std::string>()}] = &e;
    }
  }

  std::string message_text(const std::string& file, const std::string& name) {
    closure_.clear();
    reference({true, file, name});
    Json out = Json::array();
    for (std::size_t i = 0; i < closure_.size(); ++i) {  // reference() appends while this walks
      const TypeKey key = closure_[i];
      out.push_back(key.is_message ? message(lookup(key)) : enumeration(lookup(key)));
    }
    return kSalt + out.dump();
  }

  std::string enum_text(const std::string& file, const std::string& name) {
    closure_.clear();
    return kSalt + enumeration(lookup({false, file, name})).dump();
  }

 private:
  const Json& lookup(const TypeKey& key) const {
    const auto it = types_.find({key.is_message, key.file + '\n' + key.name});
    if (it == types_.end()) throw std::logic_error("descriptor has no type '" + key.name + "' in " + key.file);
    return *it->second;
  }

  std::size_t reference(const TypeKey& key) {
    const auto it = std::find(closure_.begin(), closure_.end(), key);
    if (it != closure_.end()) return static_cast<std::size_t>(it - closure_.begin());
    closure_.push_back(key);
    return closure_.size() - 1;
  }

  Json type(const Json& t) {
    Json out;
    const std::string& kind = t.at("kind").get_ref<const std::string&>();
    out["kind"] = kind;
    if (kind == "builtin") {
      out["name"] = t.at("name");
    } else if (kind == "message" || kind == "enum") {
      out["ref"] = reference({kind == "message", t.at("file").get<std::string>(), t.at("name").get<std::string>()});
    } else {
      out["element"] = type(t.at("element"));
      if (t.contains("count")) out["count"] = t.at("count");
    }
    return out;
  }

  Json field(const Json& f) {
    Json out;
    for (const auto& [key, value] : f.items()) {
      if (left_out(key)) continue;
      out[key] = key == "type" ? type(value) : value;
    }
    return out;
  }

  Json message(const Json& m) {
    Json out;
    for (const auto& [key, value] : m.items()) {
      if (left_out(key) || key == "name") continue;
      if (key == "fields") {
        Json fields = Json::array();
        for (const Json& f : value) fields.push_back(field(f));
        out[key] = std::move(fields);
      } else {
        out[key] = value;
      }
    }
    return out;
  }

  static Json enumeration(const Json& e) {
    Json out;
    for (const auto& [key, value] : e.items()) {
      if (left_out(key) || key == "name") continue;
      if (key == "values") {
        Json values = Json::array();
        for (const Json& v : value) {
          Json kept;
          for (const auto& [k, x] : v.items()) {
            if (!left_out(k)) kept[k] = x;
          }
          values.push_back(std::move(kept));
        }
        out[key] = std::move(values);
      } else {
        out[key] = value;
      }
    }
    return out;
  }

  std::map<std::pair<bool, std::string>, const Json*> types_;  // (is a message, path '\n' name)
  std::vector<TypeKey> closure_;
};

}  // namespace

std::uint64_t fnv1a64(const std::string& bytes) {
  std::uint64_t hash = 0xCBF29CE484222325ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001B3ULL;  // wraps modulo 2^64, as FNV-1a wants
  }
  return hash;
}

std::string fingerprint_text_of(const nlohmann::ordered_json& descriptor, const std::string& file,
                                const std::string& message) {
  Canonical canonical(descriptor);
  return canonical.message_text(file, message);
}

std::uint64_t message_fingerprint(const SchemaSet& schemas, const Message& message) {
  nlohmann::ordered_json descriptor;
  std::string error;
  if (!describe(schemas, descriptor, error)) return 0;
  const std::string path = message.schema != nullptr ? message.schema->path : "";
  for (const auto& file : descriptor.at("files")) {
    if (file.at("path") != path) continue;
    for (const auto& m : file.at("messages")) {
      if (m.at("name") == message.name) {
        return std::stoull(m.at("facts").at("fingerprint").get<std::string>(), nullptr, 16);
      }
    }
  }
  return 0;
}

void add_fingerprints(nlohmann::ordered_json& descriptor) {
  Canonical canonical(descriptor);
  std::vector<std::pair<Json*, std::string>> results;  // written after every text is made
  std::vector<std::pair<Json*, std::string>> files;
  for (Json& file : descriptor.at("files")) {
    const std::string& path = file.at("path").get_ref<const std::string&>();
    // The file: its version, its Godot form and each message's and enum's name with its text, by name.
    std::vector<std::pair<std::string, std::string>> parts;
    for (Json& m : file.at("messages")) {
      const std::string name = m.at("name").get<std::string>();
      std::string text = canonical.message_text(path, name);
      parts.emplace_back("message " + name, text);
      results.emplace_back(&m.at("facts"), fingerprint_text(fnv1a64(text)));
    }
    for (const Json& e : file.at("enums")) {
      const std::string name = e.at("name").get<std::string>();
      parts.emplace_back("enum " + name, canonical.enum_text(path, name));
    }
    std::sort(parts.begin(), parts.end());
    Json text = Json::array({file.at("version"), file.at("godot")});
    for (const auto& [name, part] : parts) text.push_back(Json::array({name, part}));
    files.emplace_back(&file, fingerprint_text(fnv1a64(kSalt + text.dump())));
  }
  for (auto& [facts, text] : results) (*facts)["fingerprint"] = text;
  for (auto& [file, text] : files) (*file)["fingerprint"] = text;
}

}  // namespace pakt::schema
