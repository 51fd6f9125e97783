#include "schema/yaml_mapping.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <map>
#include <string_view>

#include "schema/yaml_value.hpp"

namespace pakt::schema {

namespace {

std::map<std::string, std::string>& source_texts() {
  static std::map<std::string, std::string> texts;  // path as shown -> its text
  return texts;
}

// The number of UTF-8 characters in the `bytes` bytes before `end`.
int characters_before(const std::string& text, std::size_t end, int bytes) {
  int characters = 0;
  for (std::size_t i = end - static_cast<std::size_t>(bytes); i < end; ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++characters;
  }
  return characters;
}

}  // namespace

void register_source_text(const std::string& path, const std::string& text) { source_texts()[path] = text; }

Location location_of(const std::string& path, const YAML::Mark& mark) {
  if (mark.is_null()) return Location{path, 1, 1};
  int column = mark.column;
  const auto source = source_texts().find(path);
  if (source != source_texts().end() && mark.pos >= mark.column &&
      static_cast<std::size_t>(mark.pos) <= source->second.size()) {
    column = characters_before(source->second, static_cast<std::size_t>(mark.pos), mark.column);
  }
  return Location{path, mark.line + 1, column + 1};
}

Location location_of(const std::string& path, const YAML::Node& node) { return location_of(path, node.Mark()); }

std::vector<MappingItem> mapping_items(const std::string& path, const YAML::Node& node, Diagnostics& diags) {
  std::vector<MappingItem> items;
  for (auto it = node.begin(); it != node.end(); ++it) {
    const YAML::Node key_node = it->first;
    std::string key;
    if (key_node.IsNull()) {  // `null:`, `~:` or an empty key
      const std::string written = key_node.Scalar().empty() ? "null" : key_node.Scalar();
      diags.error(location_of(path, key_node), "key '" + written + "' reads as YAML's null; quote it ('" + written +
                                                   "': ...) to use it as a name");
      continue;
    }
    if (!key_node.IsScalar()) {
      diags.error(location_of(path, key_node), "keys must be plain names");
      continue;
    }
    const YamlValue value = yaml_value(key_node);
    if (value.is_str()) {
      key = value.as_str();
    } else if (value.is_bool() || value.is_number()) {
      key = key_node.Scalar();  // YAML 1.1 reads `on`, `yes`, `no` as booleans; take the key as written
    } else {
      diags.error(location_of(path, key_node), "keys must be plain names");
      continue;
    }
    if (const MappingItem* first = find_item(items, key)) {
      diags.error(location_of(path, key_node), "duplicate key '" + key + "' (first defined at line " +
                                                   std::to_string(first->key_node.Mark().line + 1) + ")");
      continue;
    }
    items.push_back(MappingItem{key, key_node, it->second});
  }
  return items;
}

const MappingItem* find_item(const std::vector<MappingItem>& items, const std::string& key) {
  for (const MappingItem& item : items) {
    if (item.key == key) return &item;
  }
  return nullptr;
}

bool scalar_text(const YAML::Node& node, std::string& out) {
  if (!node.IsScalar()) return false;
  const YamlValue value = yaml_value(node);
  if (!value.is_str()) return false;
  out = value.as_str();
  return true;
}

std::string not_text_hint(const YAML::Node& node) {
  if (!node.IsScalar()) return "";
  const char* reads_as = non_text_reading(yaml_value(node));
  if (reads_as == nullptr) return "";
  const std::string written = node.Scalar().empty() ? "null" : node.Scalar();
  return " ('" + written + "' reads as " + reads_as + "; quote it: \"" + written + "\")";
}

}  // namespace pakt::schema

namespace pakt::schema {
namespace {

constexpr const char* kYamlTagPrefix = "tag:yaml.org,2002:";

std::string shown_tag(const std::string& tag) {
  const std::string prefix = kYamlTagPrefix;
  return tag.compare(0, prefix.size(), prefix) == 0 ? "!!" + tag.substr(prefix.size()) : tag;
}

// Untagged nodes have the non-specific tags "?" (plain) and "!" (quoted, or written `!`).
bool tag_allowed(const YAML::Node& node) {
  const std::string& tag = node.Tag();
  if (tag.empty() || tag == "?" || tag == "!") return true;
  return tag == std::string(kYamlTagPrefix) + "str" && node.IsScalar();
}

void visit_tags(const std::string& path, const YAML::Node& node, std::vector<YAML::Node>& seen, bool& ok,
                Diagnostics& diags) {
  for (const YAML::Node& other : seen) {
    if (other.is(node)) return;  // an alias of a node already checked
  }
  seen.push_back(node);
  if (!tag_allowed(node)) {
    ok = false;
    diags.error(location_of(path, node), "unsupported YAML tag '" + shown_tag(node.Tag()) +
                                             "' (schemas are plain YAML; only !!str is allowed, on a scalar)");
  }
  if (node.IsSequence()) {
    for (const YAML::Node& item : node) visit_tags(path, item, seen, ok, diags);
  } else if (node.IsMap()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      visit_tags(path, it->first, seen, ok, diags);
      visit_tags(path, it->second, seen, ok, diags);
    }
  }
}

}  // namespace

bool check_tags(const std::string& path, const YAML::Node& root, Diagnostics& diags) {
  std::vector<YAML::Node> seen;
  bool ok = true;
  visit_tags(path, root, seen, ok, diags);
  return ok;
}

}  // namespace pakt::schema

namespace pakt::schema {

namespace {

// In a flow mapping a plain scalar ends at '[', so `{name: v, type: int32[2]}` fails at that '['
// ("end of map flow not found"). The array type that starts there ("int32[2]", "Item[][3]") when
// the error is at a '[' right after a name that follows "key:", else "".
std::string unquoted_array_type(const std::string& text, std::size_t at) {
  constexpr std::size_t kLongest = 100;  // a longer name or count is not shown back
  const auto is_name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
  };
  if (at >= text.size() || text[at] != '[') return "";
  std::size_t name_begin = at;
  while (name_begin > 0 && is_name_char(text[name_begin - 1]) && at - name_begin < kLongest) --name_begin;
  std::size_t key_end = name_begin;
  while (key_end > 0 && text[key_end - 1] == ' ') --key_end;
  if (name_begin == at || key_end == 0 || text[key_end - 1] != ':') return "";
  std::size_t end = at;  // past every "[N]" / "[]" that follows
  while (end < text.size() && text[end] == '[') {
    std::size_t close = end + 1;
    while (close < text.size() && std::isdigit(static_cast<unsigned char>(text[close])) != 0 && close - end < 20) {
      ++close;
    }
    if (close >= text.size() || text[close] != ']') return "";
    end = close + 1;
  }
  return text.substr(name_begin, end - name_begin);
}

}  // namespace

std::string syntax_error_text(const std::string& text, const YAML::ParserException& error) {
  // A tab in an indentation up to the error's line is the likely cause, whatever yaml-cpp calls it.
  int line = 1;
  for (std::size_t start = 0; start < text.size() && line <= error.mark.line + 1; ++line) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::size_t indent_end = std::min(text.find_first_not_of(" \t", start), end);
    // Only the indentation is searched (not the rest of the text per line: quadratic on long files).
    if (std::string_view(text).substr(start, indent_end - start).find('\t') != std::string_view::npos) {
      return "a tab in the indentation of line " + std::to_string(line) + ": YAML indents with spaces only";
    }
    start = end + 1;
  }
  const std::size_t at = error.mark.pos < 0 ? text.size() : static_cast<std::size_t>(error.mark.pos);
  const bool at_end = at >= text.size() || text.find_first_not_of(" \t\r\n", at) == std::string::npos;
  if (!at_end) {
    const std::string type = error.msg == YAML::ErrorMsg::END_OF_MAP_FLOW ? unquoted_array_type(text, at) : "";
    if (type.empty()) return error.msg;
    return error.msg + " ('" + type + "' inside { } reads as a flow sequence from '['; quote it: \"" +
           type + "\")";
  }
  if (error.msg == YAML::ErrorMsg::END_OF_MAP_FLOW) {
    return "while parsing a flow mapping: expected ',' or '}', but got '<stream end>'";
  }
  if (error.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW) {
    return "while parsing a flow sequence: expected ',' or ']', but got '<stream end>'";
  }
  return error.msg;
}

}  // namespace pakt::schema
