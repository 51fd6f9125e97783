// What the front end needs of yaml-cpp: locations (line and column in characters), mapping entries
// in document order with duplicate and non-name keys reported, the tags check, syntax errors.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/yaml.h>

#include "schema/diagnostics.hpp"

namespace pakt::schema {

// Registers a file's text so that locations in it count columns in characters (yaml-cpp counts
// bytes, which differs after any non-ASCII character on the line).
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
// plain YAML); true when there was none.
bool check_tags(const std::string& path, const YAML::Node& root, Diagnostics& diags);

const MappingItem* find_item(const std::vector<MappingItem>& items, const std::string& key);

// A scalar node whose value is text (quoted, or plain and not a bool, number or null): true and
// the text in out.
bool scalar_text(const YAML::Node& node, std::string& out);

// Why a plain scalar is not text, for an error that wants text: " ('on' reads as a YAML boolean;
// quote it: \"on\")" for a plain scalar read as a boolean, number or null (YAML 1.1 reads `on`,
// `no`, `y`, `1e3`, `~` so); "" for any other node.
std::string not_text_hint(const YAML::Node& node);

// A YAML syntax error's description: yaml-cpp's own, except an unclosed flow mapping or sequence
// at the end of the text, which says what was expected and what came ("while parsing a flow
// mapping: expected ',' or '}', but got '<stream end>'"), and an unquoted array type inside a flow
// mapping ("{name: v, type: int32[2]}"), which says to quote it.
std::string syntax_error_text(const std::string& text, const YAML::ParserException& error);

}  // namespace pakt::schema
