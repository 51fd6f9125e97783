// Pfr: pakt's compact format through Boost.PFR reflection, on plain aggregates that mirror the
// schema messages field for field (what a user without a schema would declare).
#include <cstdint>
#include <string>
#include <vector>

#include "codecs.hpp"
#include "field_copy.hpp"
#include "harness.hpp"
#include "pakt/pfr.hpp"

namespace pakt_bench {
namespace {

struct SeedStructMirror {
  std::int32_t int_1;
  std::int32_t int_2;
  std::string string_1;
  float float_1;
  float float_2;
};

struct SeedGameStructMirror {
  std::int32_t int_1;
  std::int32_t int_2;
  float float_1;
  bool bool_1;
  std::string string_1;
  pakt::Vector3 vector3_1;
  pakt::Vector3 vector3_2;
  pakt::Quaternion quaternion_1;
};

struct Vec3Mirror {
  float x;
  float y;
  float z;
};

struct WeaponMirror {
  std::string name;
  std::int16_t damage;
};

struct MonsterMirror {
  Vec3Mirror pos;
  std::int16_t mana;
  std::int16_t hp;
  std::string name;
  std::vector<std::uint8_t> inventory;
  pakt::bench::MonsterColor color;
  std::vector<WeaponMirror> weapons;
  WeaponMirror equipped;
  std::vector<Vec3Mirror> path;
};

struct MonstersMirror {
  std::vector<MonsterMirror> monsters;
};

struct PathMirror {
  std::vector<pakt::Vector3> points;
};

template <class Message, class Mirror>
class PfrCodec {
 public:
  explicit PfrCodec(const Message& input) : input_{} { CopyFields(input, input_); }
  std::size_t Serialize() { return pakt::Serialize(input_, buffer_, pakt::compact) ? buffer_.size() : 0; }
  bool Deserialize() { return static_cast<bool>(pakt::Deserialize(pakt::ByteView(buffer_), output_, pakt::compact)); }
  Message Decoded() const {
    Message message;
    CopyFields(output_, message);
    return message;
  }

 private:
  Mirror input_;
  std::vector<std::uint8_t> buffer_;
  Mirror output_{};
};

// The reflected bytes must be the generated code's.
template <class Message, class Mirror>
void RegisterPfr(const char* message_name, const Message& input) {
  PfrCodec<Message, Mirror> codec(input);
  std::vector<std::uint8_t> compact;
  Mirror mirror{};
  CopyFields(input, mirror);
  if (!Serialize(input, compact, pakt::compact) || compact != pakt::Serialize(mirror, pakt::compact)) {
    Fail(std::string(message_name) + "/Pfr", "the reflected bytes differ from the generated compact bytes");
  }
  RegisterCodec<PfrCodec<Message, Mirror>>(message_name, "Pfr", input);
}

}  // namespace

void RegisterPfrBenchmarks(const DataSets& data) {
  RegisterPfr<photon::seed::SeedStruct, SeedStructMirror>("SeedStruct", data.seed_struct);
  RegisterPfr<photon::seed::SeedGameStruct, SeedGameStructMirror>("SeedGameStruct", data.seed_game_struct);
  RegisterPfr<pakt::bench::Monsters, MonstersMirror>("Monster50", data.monsters);
  RegisterPfr<pakt::bench::Path, PathMirror>("Path1000", data.path);
}

}  // namespace pakt_bench
