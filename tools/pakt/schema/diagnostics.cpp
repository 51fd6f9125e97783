#include "schema/diagnostics.hpp"

#include <algorithm>
#include <tuple>

namespace pakt::schema {

std::string Location::to_string() const { return file + ":" + std::to_string(line) + ":" + std::to_string(column); }

bool operator==(const Location& a, const Location& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column;
}

bool operator<(const Location& a, const Location& b) {
  return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
}

std::string Diagnostic::to_string() const { return location.to_string() + ": error: " + message; }

void Diagnostics::error(const Location& location, const std::string& message) {
  for (const Diagnostic& d : items_) {
    if (d.location == location && d.message == message) return;
  }
  items_.push_back(Diagnostic{location, message});
}

std::vector<Diagnostic> Diagnostics::sorted() const {
  std::vector<Diagnostic> out = items_;
  std::sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (!(a.location == b.location)) return a.location < b.location;
    return a.message < b.message;
  });
  return out;
}

}  // namespace pakt::schema
