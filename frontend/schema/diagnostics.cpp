#include "schema/diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "pakt_internal/hex.hpp"

namespace pakt::schema {

std::string Location::to_string() const { return file + ":" + std::to_string(line) + ":" + std::to_string(column); }

bool operator==(const Location& a, const Location& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column;
}

bool operator<(const Location& a, const Location& b) {
  return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
}

std::string Diagnostic::to_string() const {
  return printable(location.to_string() + (warning ? ": warning: " : ": error: ") + message);
}

std::string printable(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<std::uint8_t>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<std::uint8_t>(text[i + 1]) : std::uint8_t{0};
    if (c == '\r') {
      out += "\\r";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7F) {
      out += "\\x" + internal::to_hex(&c, 1);
    } else if (c == 0xC2 && next >= 0x80 && next <= 0x9F) {  // U+0080..U+009F in UTF-8
      out += "\\u00" + internal::to_hex(&next, 1);
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

void Diagnostics::error(const Location& location, const std::string& message) {
  for (const Diagnostic& d : items_) {
    if (d.location == location && d.message == message) return;
  }
  items_.push_back(Diagnostic{location, message});
}

std::vector<Diagnostic> sorted_unique(std::vector<Diagnostic> diagnostics) {
  const auto key = [](const Diagnostic& d) { return std::tie(d.location.file, d.location.line, d.location.column, d.message); };
  std::sort(diagnostics.begin(), diagnostics.end(),
            [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
  diagnostics.erase(std::unique(diagnostics.begin(), diagnostics.end(),
                                [&](const Diagnostic& a, const Diagnostic& b) { return key(a) == key(b); }),
                    diagnostics.end());
  return diagnostics;
}

std::vector<Diagnostic> Diagnostics::sorted() const { return sorted_unique(items_); }

std::string number_text(double d) {
  char text[40];
  if (d == std::floor(d) && std::fabs(d) < 1e15) {
    std::snprintf(text, sizeof text, "%.0f", d);
    return text;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, d);
    if (std::strtod(text, nullptr) == d) break;
  }
  return text;
}

}  // namespace pakt::schema
