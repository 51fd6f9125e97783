// "did you mean" hints, chosen exactly as Python's difflib.get_close_matches(word, candidates,
// n=1, cutoff=0.6) chooses them, so that both implementations suggest the same name.
#pragma once

#include <string>
#include <vector>

namespace pakt::schema {

// difflib.SequenceMatcher(None, a, b).ratio()
double similarity_ratio(const std::string& a, const std::string& b);

// " (did you mean 'x'?)" or "" when nothing is close enough.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace pakt::schema
