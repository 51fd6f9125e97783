// The conformance driver protocol (tests/conformance/README.md), C++ side: shared by the reference
// (reference.cpp, the tool's run-time codec) and the generated-C++ driver (cpp_driver.py writes it).
//
// Request file, one request a line, tab-separated:  KEY SCHEMA MESSAGE OP FORMAT [ARG1 [ARG2]]
// Response file, one line per request, in order:    KEY RESULT   (RESULT: "OK <text>" or "ERR <text>")
#pragma once

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace conformance {

struct Request {
  std::string key, schema, message, op, format, a1, a2;
};

inline std::string to_hex(const std::vector<std::uint8_t>& b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  s.reserve(b.size() * 2);
  for (std::uint8_t c : b) {
    s += d[c >> 4];
    s += d[c & 15];
  }
  return s;
}

inline std::vector<std::uint8_t> from_hex(const std::string& h) {
  std::vector<std::uint8_t> out(h.size() / 2);
  auto v = [](char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; };
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(v(h[2 * i]) * 16 + v(h[2 * i + 1]));
  return out;
}

inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    std::size_t t = line.find('\t', start);
    parts.push_back(line.substr(start, t == std::string::npos ? std::string::npos : t - start));
    if (t == std::string::npos) break;
    start = t + 1;
  }
  return parts;
}

// Every line of a response is one line: newlines and tabs of error texts are escaped.
inline std::string one_line(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '\n') o += "\\n";
    else if (c == '\t') o += "\\t";
    else if (c == '\r') o += "\\r";
    else o += c;
  }
  return o;
}

// Reads argv[1] (requests), writes argv[2] (responses); handle(request) returns RESULT.
template <class Handle>
int serve(int argc, char** argv, Handle handle) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s REQUESTS RESPONSES\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  std::ofstream out(argv[2]);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto p = split_tabs(line);
    p.resize(7);
    Request r{p[0], p[1], p[2], p[3], p[4], p[5], p[6]};
    std::string result;
    try {
      result = handle(r);
    } catch (const std::exception& e) {
      result = std::string("EXC ") + e.what();
    }
    out << r.key << '\t' << one_line(result) << '\n';
  }
  return out.good() ? 0 : 1;
}

}  // namespace conformance
