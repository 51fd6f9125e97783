#include "schema/syntax_error.hpp"

#include <yaml-cpp/exceptions.h>

namespace pakt::schema {
namespace {

// PyYAML names the token it found; at the end of the text that is '<stream end>'.
std::string found_token(const std::string& text, int position) {
  const std::size_t start = position < 0 ? text.size() : static_cast<std::size_t>(position);
  const bool at_end = start >= text.size() || text.find_first_not_of(" \t\r\n", start) == std::string::npos;
  return at_end ? "'<stream end>'" : "";
}

}  // namespace

std::string describe_syntax_error(const std::string& text, const YAML::ParserException& error) {
  const std::string token = found_token(text, error.mark.pos);
  if (token.empty()) return error.msg;
  if (error.msg == YAML::ErrorMsg::END_OF_MAP_FLOW) {
    return "while parsing a flow mapping: expected ',' or '}', but got " + token;
  }
  if (error.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW) {
    return "while parsing a flow sequence: expected ',' or ']', but got " + token;
  }
  return error.msg;
}

}  // namespace pakt::schema
