// Shared by the replication tests and the replication fuzz target: Room values
// (tests/schemas/packed_delta.yaml) that change a little each tick, and byte helpers.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "lamp.pakt.h"
#include "packed_delta.pakt.h"
#include "pakt/replication.hpp"

namespace pakt_replication_test {

namespace pd = pakt::test::packed_delta;
using Bytes = std::vector<std::uint8_t>;
using Rng = std::mt19937_64;

// The compact encoding: equal bytes, equal values (floats bit for bit).
template <class M>
Bytes Compact(const M& m) {
  Bytes out;
  if (!Serialize(m, out)) out.assign(1, 0xEE);  // never for the values these tests make
  return out;
}

inline pd::Player MakePlayer(std::uint8_t id) {
  pd::Player p;
  p.id = id;
  p.position = {static_cast<float>(id) - 10.0f, 4.5f};
  p.health = 100;
  p.name = "p" + std::to_string(id);
  p.inventory = {1, 2};
  p.team = pd::Team::blue;
  p.stats.kills = id;
  p.stats.ratio = 0.5f;
  return p;
}

// A room of `players` players and 2 spectators.
inline pd::Room MakeRoom(std::size_t players) {
  pd::Room room;
  for (std::size_t i = 0; i < players; ++i) room.players.push_back(MakePlayer(static_cast<std::uint8_t>(i)));
  room.spectators = {MakePlayer(40), MakePlayer(41)};
  room.boss = MakePlayer(63);
  room.slots = {MakePlayer(50), MakePlayer(51), MakePlayer(52)};
  room.motd = "hi";
  room.flags = {true, false, true};
  room.raw = 1.5f;
  return room;
}

// Moves a few values (all within their ranges); with `reshape`, lists may also grow and shrink.
inline void Step(pd::Room& room, Rng& rng, bool reshape) {
  room.tick += 1;
  const std::size_t changes = rng() % 4;
  for (std::size_t c = 0; c < changes; ++c) {
    pd::Player* p = room.players.empty() ? &room.boss : &room.players[rng() % room.players.size()];
    switch (rng() % 8) {
      case 0: p->position.x = static_cast<float>(static_cast<int>(rng() % 401) - 200) * 0.5f; break;
      case 1: p->health = static_cast<std::int16_t>(static_cast<int>(rng() % 111) - 10); break;
      case 2: p->stats.kills = static_cast<std::uint16_t>(p->stats.kills + 1); break;
      case 3: p->stats.ratio = static_cast<float>(rng() % 17) * 0.25f; break;  // on a step: exact
      case 4: p->shield = (rng() % 2) ? std::optional<std::uint8_t>(static_cast<std::uint8_t>(rng())) : std::nullopt; break;
      case 5: room.raw = static_cast<float>(rng() % 1000) * 0.25f; break;
      case 6: room.slots[rng() % 3].team = static_cast<pd::Team>(rng() % 3); break;
      default: room.flags[rng() % room.flags.size()] = (rng() % 2) != 0; break;
    }
  }
  if (reshape && rng() % 5 == 0) {
    if (room.players.size() < 16 && (room.players.empty() || rng() % 2 == 0)) {
      room.players.push_back(MakePlayer(static_cast<std::uint8_t>(rng() % 64)));
    } else {
      room.players.pop_back();
    }
  }
}

inline std::uint8_t HexDigit(char c) {
  if (c >= '0' && c <= '9') return static_cast<std::uint8_t>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<std::uint8_t>(c - 'a' + 10);
  return static_cast<std::uint8_t>(c - 'A' + 10);
}

// "05 a9 67" -> {0x05, 0xa9, 0x67} (spaces ignored).
inline Bytes FromHex(const std::string& text) {
  Bytes out;
  std::string digits;
  for (char c : text) {
    if (c != ' ') digits.push_back(c);
  }
  for (std::size_t i = 0; i + 1 < digits.size(); i += 2) {
    out.push_back(static_cast<std::uint8_t>(HexDigit(digits[i]) << 4 | HexDigit(digits[i + 1])));
  }
  return out;
}

inline Bytes Ack(std::uint16_t newest, std::uint32_t previous) {
  return {3,
          static_cast<std::uint8_t>(newest & 0xFF),
          static_cast<std::uint8_t>(newest >> 8),
          static_cast<std::uint8_t>(previous & 0xFF),
          static_cast<std::uint8_t>((previous >> 8) & 0xFF),
          static_cast<std::uint8_t>((previous >> 16) & 0xFF),
          static_cast<std::uint8_t>(previous >> 24)};
}

}  // namespace pakt_replication_test
