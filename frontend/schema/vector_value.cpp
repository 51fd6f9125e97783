#include "schema/vector_value.hpp"

#include <algorithm>

namespace pakt::schema {

bool vector_components(Builtin type, const YamlValue& v, std::vector<YamlValue>& out) {
  const std::vector<std::string>& components = info(type).components;
  out.clear();
  if (v.is_list() && v.as_list().size() == components.size()) {
    out = v.as_list();
    return true;
  }
  if (!v.is_map() || v.as_map().size() != components.size()) return false;
  for (const std::string& c : components) {
    const YamlValue* value = v.find(c);
    if (value == nullptr) return false;
    out.push_back(*value);
  }
  return true;
}

}  // namespace pakt::schema
