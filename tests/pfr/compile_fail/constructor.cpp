// Must not compile: a class with a user-declared constructor is not an aggregate.
#include <cstdint>
#include <vector>

#include "pakt/pfr.hpp"

struct Score {
  explicit Score(std::int32_t v) : value(v) {}
  std::int32_t value;
};

std::vector<std::uint8_t> encode(const Score& s) { return pakt::Serialize(s, pakt::compact); }
