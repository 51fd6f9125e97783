// std::regex of libstdc++ matches by recursion, about one stack frame per character of the text:
// a scalar of a few hundred thousand characters in a schema would run it off the stack. The front
// end's patterns (names, types, YAML 1.1 scalars) therefore never look at a text longer than
// kMaxMatchedText: such a text matches none of them (it is no name, type, number or boolean).
#pragma once

#include <cstddef>
#include <regex>
#include <string>

namespace pakt::schema {

inline constexpr std::size_t kMaxMatchedText = 1024;

inline bool bounded_regex_match(const std::string& text, const std::regex& pattern) {
  return text.size() <= kMaxMatchedText && std::regex_match(text, pattern);
}

inline bool bounded_regex_match(const std::string& text, std::smatch& match, const std::regex& pattern) {
  return text.size() <= kMaxMatchedText && std::regex_match(text, match, pattern);
}

inline bool bounded_regex_search(const std::string& text, const std::regex& pattern) {
  return text.size() <= kMaxMatchedText && std::regex_search(text, pattern);
}

}  // namespace pakt::schema
