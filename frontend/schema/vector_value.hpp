// A vector value written as a list of components or a mapping {x: .., y: ..} (normalize_vector).
#pragma once

#include <vector>

#include "schema/model.hpp"
#include "schema/yaml_value.hpp"

namespace pakt::schema {

// The components of v in wire order; false when v is neither form.
bool vector_components(Builtin type, const YamlValue& v, std::vector<YamlValue>& out);

}  // namespace pakt::schema
