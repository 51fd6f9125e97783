// "did you mean" hints for unknown names: the closest known name, when it is close enough.
#pragma once

#include <string>
#include <vector>

namespace pakt::schema {

// " (did you mean 'x'?)" for the candidate most similar to word, or "" when none is similar
// enough. Similarity is 2*M / (len(a) + len(b)), M the characters of the longest common run and,
// recursively, of the longest runs left and right of it (Ratcliff/Obershelp); at least 0.6 is
// close enough; of equally similar candidates the greatest name wins.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace pakt::schema
