// Must not compile: Boost.PFR counts a C array's elements as fields.
#include <cstdint>
#include <vector>

#include "pakt/pfr.hpp"

struct Samples {
  std::int32_t id;
  float values[4];
};

std::vector<std::uint8_t> encode(const Samples& s) { return pakt::Serialize(s, pakt::compact); }
