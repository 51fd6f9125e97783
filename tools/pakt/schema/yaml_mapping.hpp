// yaml-cpp nodes read the way generator/pakt_gen/yaml_source.py reads PyYAML nodes: locations,
// node kinds, and mapping entries in document order with duplicate and non-name keys reported.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "schema/diagnostics.hpp"

namespace pakt::schema {

// Registers a file's text so that locations in it count columns in characters, as PyYAML does
// (yaml-cpp counts bytes, which differs after any non-ASCII character on the line).
void register_source_text(const std::string& path, const std::string& text);

Location location_of(const std::string& path, const YAML::Node& node);
Location location_of(const std::string& path, const YAML::Mark& mark);

struct MappingItem {
  std::string key;
  YAML::Node key_node;
  YAML::Node value_node;
};

// (key, key node, value node) in document order; reports duplicate and non-string keys.
std::vector<MappingItem> mapping_items(const std::string& path, const YAML::Node& node, Diagnostics& diags);

// Reports every node written with an explicit YAML tag other than `!!str` on a scalar (schemas are
// plain YAML, as yaml_source.parse rules); true when there was none.
bool check_tags(const std::string& path, const YAML::Node& root, Diagnostics& diags);

const MappingItem* find_item(const std::vector<MappingItem>& items, const std::string& key);

// A scalar node's Python value when it is a str, else nullptr-like empty optional.
bool scalar_text(const YAML::Node& node, std::string& out);

}  // namespace pakt::schema
