#include "data_sets.hpp"

#include <cstdint>
#include <random>
#include <string>

namespace pakt_bench {
namespace {

constexpr std::uint32_t kSeed = 20240607;
constexpr int kMonsterCount = 50;
constexpr int kPathLength = 1000;

// Draws from mt19937 (whose output the standard fixes) with explicit arithmetic, so the data set
// is the same with every standard library.
class SeededGenerator {
 public:
  explicit SeededGenerator(std::uint32_t seed) : engine_(seed) {}

  // An integer in [low, high].
  int Between(int low, int high) {
    const auto span = static_cast<std::uint32_t>(high - low + 1);
    return low + static_cast<int>(engine_() % span);
  }
  // A float in [-1, 1].
  float Unit() { return static_cast<float>(static_cast<double>(engine_()) / 4294967295.0 * 2.0 - 1.0); }
  // 1 to 10 letters A-Z.
  std::string Name() {
    std::string name(static_cast<std::size_t>(Between(1, 10)), 'A');
    for (char& c : name) c = static_cast<char>('A' + Between(0, 25));
    return name;
  }
  std::int16_t Short() { return static_cast<std::int16_t>(Between(-32768, 32767)); }
  pakt::bench::Vec3 Vec3() {
    pakt::bench::Vec3 v;
    v.x = Unit();
    v.y = Unit();
    v.z = Unit();
    return v;
  }
  pakt::bench::Weapon Weapon() {
    pakt::bench::Weapon weapon;
    weapon.name = Name();
    weapon.damage = Short();
    return weapon;
  }

 private:
  std::mt19937 engine_;
};

pakt::bench::Monster MakeMonster(SeededGenerator& random) {
  pakt::bench::Monster monster;
  monster.pos = random.Vec3();
  monster.mana = random.Short();
  monster.hp = random.Short();
  monster.name = random.Name();
  monster.inventory.resize(static_cast<std::size_t>(random.Between(1, 10)));
  for (std::uint8_t& item : monster.inventory) item = static_cast<std::uint8_t>(random.Between(0, 255));
  monster.color = static_cast<pakt::bench::MonsterColor>(random.Between(0, 2));
  monster.weapons.resize(static_cast<std::size_t>(random.Between(1, 10)));
  for (pakt::bench::Weapon& weapon : monster.weapons) weapon = random.Weapon();
  monster.equipped = random.Weapon();
  monster.path.resize(static_cast<std::size_t>(random.Between(1, 10)));
  for (pakt::bench::Vec3& point : monster.path) point = random.Vec3();
  return monster;
}

DataSets MakeDataSets() {
  DataSets data;
  data.seed_struct = photon::seed::ExampleSeedStruct();
  data.seed_game_struct = photon::seed::ExampleSeedGameStruct();
  SeededGenerator random(kSeed);
  for (int i = 0; i < kMonsterCount; ++i) data.monsters.monsters.push_back(MakeMonster(random));
  data.path.points.resize(kPathLength);
  for (pakt::Vector3& point : data.path.points) point = pakt::Vector3{random.Unit(), random.Unit(), random.Unit()};
  return data;
}

}  // namespace

const DataSets& Inputs() {
  static const DataSets data = MakeDataSets();
  return data;
}

}  // namespace pakt_bench
