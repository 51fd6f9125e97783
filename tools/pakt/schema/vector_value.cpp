#include "schema/vector_value.hpp"

#include <algorithm>

namespace pakt::schema {

bool vector_components(Builtin type, const PythonValue& v, std::vector<PythonValue>& out) {
  const std::vector<std::string>& components = info(type).components;
  out.clear();
  if (v.is_list() && v.as_list().size() == components.size()) {
    out = v.as_list();
    return true;
  }
  if (!v.is_dict() || v.as_dict().size() != components.size()) return false;
  for (const std::string& c : components) {
    const PythonValue* value = v.find(c);
    if (value == nullptr) return false;
    out.push_back(*value);
  }
  return true;
}

}  // namespace pakt::schema
