#include "schema/did_you_mean.hpp"

#include <cstddef>
#include <map>

namespace pakt::schema {
namespace {

struct Block {
  std::size_t a = 0, b = 0, size = 0;
};

// The longest common run of a[alo, ahi) and b[blo, bhi): the earliest in a, then the earliest in b.
Block longest_match(const std::string& a, const std::string& b, std::size_t alo, std::size_t ahi, std::size_t blo,
                    std::size_t bhi) {
  Block best{alo, blo, 0};
  std::map<std::size_t, std::size_t> run_ending_at;  // j -> length of the run ending at b[j]
  for (std::size_t i = alo; i < ahi; ++i) {
    std::map<std::size_t, std::size_t> next;
    for (std::size_t j = blo; j < bhi; ++j) {
      if (a[i] != b[j]) continue;
      const auto previous = j > 0 ? run_ending_at.find(j - 1) : run_ending_at.end();
      const std::size_t k = (previous != run_ending_at.end() ? previous->second : 0) + 1;
      next[j] = k;
      if (k > best.size) best = Block{i + 1 - k, j + 1 - k, k};
    }
    run_ending_at = std::move(next);
  }
  return best;
}

std::size_t matching_characters(const std::string& a, const std::string& b, std::size_t alo, std::size_t ahi,
                                 std::size_t blo, std::size_t bhi) {
  const Block m = longest_match(a, b, alo, ahi, blo, bhi);
  if (m.size == 0) return 0;
  std::size_t total = m.size;
  if (alo < m.a && blo < m.b) total += matching_characters(a, b, alo, m.a, blo, m.b);
  if (m.a + m.size < ahi && m.b + m.size < bhi) total += matching_characters(a, b, m.a + m.size, ahi, m.b + m.size, bhi);
  return total;
}

double similarity_ratio(const std::string& a, const std::string& b) {
  const std::size_t length = a.size() + b.size();
  if (length == 0) return 1.0;
  return 2.0 * static_cast<double>(matching_characters(a, b, 0, a.size(), 0, b.size())) / static_cast<double>(length);
}

}  // namespace

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  // The highest (score, candidate) pair: of equal scores, the greater name.
  const std::string* best = nullptr;
  double best_score = 0;
  for (const std::string& candidate : candidates) {
    const double score = similarity_ratio(candidate, word);
    if (score < 0.6) continue;
    if (best == nullptr || score > best_score || (score == best_score && candidate > *best)) {
      best = &candidate;
      best_score = score;
    }
  }
  return best != nullptr ? " (did you mean '" + *best + "'?)" : "";
}

}  // namespace pakt::schema
