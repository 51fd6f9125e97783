// YAML syntax errors from yaml-cpp, described the way PyYAML (and so the generator) words them
// where the two parsers agree on the problem; otherwise yaml-cpp's own description.
#pragma once

#include <string>

#include <yaml-cpp/exceptions.h>

namespace pakt::schema {

// The problem, e.g. "while parsing a flow mapping: expected ',' or '}', but got '<stream end>'".
std::string describe_syntax_error(const std::string& text, const YAML::ParserException& error);

}  // namespace pakt::schema
