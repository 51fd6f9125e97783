// Compiler-style diagnostics, `path/to/file.yaml:LINE:COL: error: message`, collected so that one
// run reports every error, and printed in order (file, line, column, message).
#pragma once

#include <string>
#include <vector>

namespace pakt::schema {

struct Location {
  std::string file;
  int line = 1;    // 1-based
  int column = 1;  // 1-based

  std::string to_string() const;
};
bool operator==(const Location& a, const Location& b);
bool operator<(const Location& a, const Location& b);

struct Diagnostic {
  Location location;
  std::string message;
  bool warning = false;  // a warning does not fail the command (a name another language spells differently)

  std::string to_string() const;  // "file:line:col: error: message" (or warning:), printable()
};

// Text as a diagnostic line shows it: control characters that a schema's text may hold (a CR of a
// CRLF file, "\r" or "\x01" in a quoted key) are escaped — \r, \n, \t, \xNN for the other C0
// characters and DEL, \uNNNN for C1 — so that a diagnostic is one line of visible characters.
std::string printable(const std::string& text);

// A number as a diagnostic shows it: whole numbers below 1e15 in full ("1000"), others in the
// shortest "%g" text that reads back as d ("1e-05", "6.103515625e-05", "2e+15").
std::string number_text(double d);

// Sorted by position, then text; an exact duplicate kept once.
std::vector<Diagnostic> sorted_unique(std::vector<Diagnostic> diagnostics);

class Diagnostics {
 public:
  void error(const Location& location, const std::string& message);  // duplicates are kept once
  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  std::vector<Diagnostic> sorted() const;

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace pakt::schema
