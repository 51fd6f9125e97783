// Must not compile: a raw pointer has no wire form.
#include <cstdint>
#include <vector>

#include "pakt/pfr.hpp"

struct Node {
  std::int32_t id;
  const char* label;
};

std::vector<std::uint8_t> encode(const Node& n) { return pakt::Serialize(n, pakt::compact); }
