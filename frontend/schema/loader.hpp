// The schema front end: loads YAML schemas (yaml-cpp) into the model and validates them, reporting
// every error with its file:line:col (docs/cli.md `pakt check`).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "schema/diagnostics.hpp"
#include "schema/model.hpp"
#include "schema/yaml_mapping.hpp"

namespace pakt::schema {

// Every schema loaded by one load_schemas() call, imports included; pointers stay valid.
struct SchemaSet {
  std::vector<std::unique_ptr<Schema>> all;  // owned, in load order
  std::vector<const Schema*> roots;          // the files asked for, in order
  std::vector<Diagnostic> diagnostics;       // sorted; empty when every schema is valid

  bool ok() const { return diagnostics.empty(); }
  // A message visible from the root schemas (their own first, then imported ones).
  const Message* find_message(const std::string& name) const;
  std::vector<const Message*> root_messages() const;
};

// Loads and validates the given files and what they import. An import is looked up relative to
// the importing file's folder, then in each of import_dirs in order (-I).
SchemaSet load_schemas(const std::vector<std::string>& paths, const std::vector<std::string>& import_dirs = {});

class Loader {
 public:
  explicit Loader(Diagnostics& diagnostics, std::vector<std::string> import_dirs = {})
      : diags_(diagnostics), import_dirs_(std::move(import_dirs)) {}

  const Schema* load_file(const std::string& path, const std::string& shown, const Location* from);
  std::vector<std::unique_ptr<Schema>> take_schemas() { return std::move(owned_); }

 private:
  struct MessageNode {
    Message* message;
    YAML::Node node;
  };

  const Schema* load_schema(const std::string& path, const YAML::Node& root, const std::string& base_dir);
  void load_imports(Schema& schema, const YAML::Node& node, const std::string& base_dir);
  std::string text(const std::string& path, const MappingItem* entry);
  GodotMode godot_mode(const std::string& path, const MappingItem* entry, GodotMode fallback);
  bool identifier(const std::string& path, const YAML::Node& node, const std::string& name, const std::string& what);
  bool type_name(const std::string& path, const YAML::Node& node, const std::string& name, const std::string& what);
  std::unique_ptr<Enum> load_enum(const std::string& path, const std::string& name, const YAML::Node& key_node,
                                  const YAML::Node& node);
  std::unique_ptr<Message> declare_message(const std::string& path, const std::string& name,
                                           const YAML::Node& key_node, const YAML::Node& node, const Schema& schema);
  void check_names(const Schema& schema);
  std::vector<const Schema*> visible_schemas(const Schema& schema) const;
  bool find_type(const Schema& schema, const std::string& name, TypeRef& out) const;
  bool resolve_type(const std::string& path, const YAML::Node& node, const std::string& spelled,
                    const Schema& schema, TypeRef& out);
  void load_fields(const std::string& path, Message& message, const YAML::Node& node, const Schema& schema);
  bool load_field(const std::string& path, const YAML::Node& node, const Schema& schema, Field& out);
  bool flag(const std::string& path, const MappingItem* entry, const std::string& what);
  // The packed format's options range/precision/bits (loader_packing.cpp), on the leaf type.
  void load_packing(const std::string& path, const std::vector<MappingItem>& items, const TypeRef& leaf, Field& f);
  // A field with a range and no default: the type's default (0; a Color's alpha 1) must be inside
  // the range, or a default-constructed message could not be packed.
  void check_implicit_default_in_range(const Field& f);
  int positive(const std::string& path, const MappingItem* entry, const std::string& what, long long limit);
  // Reports messages that contain themselves; true when none does.
  bool check_recursion(const Schema& schema);
  void check_empty_lists(const Schema& schema);

  // Defaults and examples against their types (loader_values.cpp).
  bool check_value(const TypeRef& type, const YamlValue& value, const Location& where, const std::string& what,
                   const Field* field);
  bool check_message_value(const Message& message, const YamlValue& value, const Location& where,
                           const std::string& what);
  void load_example(const std::string& path, Message& message, const YAML::Node& node);

  Diagnostics& diags_;
  std::vector<std::string> import_dirs_;
  std::map<std::string, const Schema*> by_path_;  // absolute path -> schema
  std::vector<std::string> loading_;
  std::vector<std::unique_ptr<Schema>> owned_;
};

}  // namespace pakt::schema
