// Must not compile: Boost.PFR cannot reflect the fields of a base class.
#include <cstdint>
#include <vector>

#include "pakt/pfr.hpp"

struct Entity {
  std::int32_t id;
};
struct Player : Entity {
  float health;
};

std::vector<std::uint8_t> encode(const Player& p) { return pakt::Serialize(p, pakt::compact); }
