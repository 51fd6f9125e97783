// The schema descriptor (docs/descriptor.md, "pakt_descriptor": 2): everything a back end needs
// to generate code for a validated SchemaSet, as JSON whose members keep the documented order.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "schema/loader.hpp"

namespace pakt::schema {

constexpr int kDescriptorVersion = 2;

// Every loaded file, imports before the files that import them (each once): the order of the
// descriptor's "files" and of a depfile's prerequisites.
std::vector<const Schema*> files_in_dependency_order(const SchemaSet& schemas);

// The descriptor of schemas, which must be ok() (no diagnostics); false (error says why) for
// messages nested so deeply that their facts would take unbounded time or memory.
[[nodiscard]] bool describe(const SchemaSet& schemas, nlohmann::ordered_json& out, std::string& error);

// The descriptor as text: 2-space indent, a final newline; invalid UTF-8 in strings (possible only
// through YAML escapes) is replaced rather than thrown on.
std::string descriptor_text(const nlohmann::ordered_json& descriptor);

}  // namespace pakt::schema
