// FlatBuffers: the generated types of bench.fbs. Serialize builds the buffer from the pakt message
// with a reused FlatBufferBuilder; Deserialize verifies the buffer and copies every field into a
// reused pakt message (reading fields in place is FlatBuffers' strength, but a decode that hands
// back a usable object is what the other codecs measure).
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <vector>

#include "bench_generated.h"
#include "codecs.hpp"
#include "harness.hpp"

namespace pakt_bench {
namespace {

using Builder = flatbuffers::FlatBufferBuilder;

pakt_bench_fb::Vec3 ToFlat(const pakt::Vector3& v) { return pakt_bench_fb::Vec3(v.x, v.y, v.z); }
pakt_bench_fb::Vec3 ToFlat(const pakt::bench::Vec3& v) { return pakt_bench_fb::Vec3(v.x, v.y, v.z); }

template <class Point>
flatbuffers::Offset<flatbuffers::Vector<const pakt_bench_fb::Vec3*>> BuildPoints(Builder& builder,
                                                                                 const std::vector<Point>& points) {
  pakt_bench_fb::Vec3* slots = nullptr;
  auto offset = builder.CreateUninitializedVectorOfStructs(points.size(), &slots);
  for (const Point& point : points) *slots++ = ToFlat(point);
  return offset;
}

// Scratch space for the offsets of nested tables, kept between iterations.
struct Scratch {
  std::vector<flatbuffers::Offset<pakt_bench_fb::Weapon>> weapons;
  std::vector<flatbuffers::Offset<pakt_bench_fb::Monster>> monsters;
};

flatbuffers::Offset<pakt_bench_fb::Weapon> Build(Builder& builder, const pakt::bench::Weapon& w) {
  return pakt_bench_fb::CreateWeapon(builder, builder.CreateString(w.name), w.damage);
}

void Build(Builder& builder, Scratch&, const photon::seed::SeedStruct& m) {
  builder.Finish(pakt_bench_fb::CreateSeedStruct(builder, m.int_1, m.int_2, builder.CreateString(m.string_1),
                                                 m.float_1, m.float_2));
}
void Build(Builder& builder, Scratch&, const photon::seed::SeedGameStruct& m) {
  const pakt_bench_fb::Vec3 vector3_1 = ToFlat(m.vector3_1);
  const pakt_bench_fb::Vec3 vector3_2 = ToFlat(m.vector3_2);
  const pakt_bench_fb::Quaternion quaternion_1(m.quaternion_1.x, m.quaternion_1.y, m.quaternion_1.z,
                                               m.quaternion_1.w);
  builder.Finish(pakt_bench_fb::CreateSeedGameStruct(builder, m.int_1, m.int_2, m.float_1, m.bool_1,
                                                     builder.CreateString(m.string_1), &vector3_1, &vector3_2,
                                                     &quaternion_1));
}
void Build(Builder& builder, Scratch& scratch, const pakt::bench::Monsters& m) {
  scratch.monsters.clear();
  for (const pakt::bench::Monster& monster : m.monsters) {
    scratch.weapons.clear();
    for (const pakt::bench::Weapon& weapon : monster.weapons) scratch.weapons.push_back(Build(builder, weapon));
    const auto weapons = builder.CreateVector(scratch.weapons);
    const auto equipped = Build(builder, monster.equipped);
    const auto name = builder.CreateString(monster.name);
    const auto inventory = builder.CreateVector(monster.inventory);
    const auto path = BuildPoints(builder, monster.path);
    const pakt_bench_fb::Vec3 pos = ToFlat(monster.pos);
    scratch.monsters.push_back(pakt_bench_fb::CreateMonster(builder, &pos, monster.mana, monster.hp, name, inventory,
                                                            static_cast<pakt_bench_fb::Color>(monster.color),
                                                            weapons, equipped, path));
  }
  builder.Finish(pakt_bench_fb::CreateMonsters(builder, builder.CreateVector(scratch.monsters)));
}
void Build(Builder& builder, Scratch&, const pakt::bench::Path& m) {
  builder.Finish(pakt_bench_fb::CreatePath(builder, BuildPoints(builder, m.points)));
}

void Unpack(const pakt_bench_fb::Vec3& v, pakt::Vector3& out) { out = pakt::Vector3{v.x(), v.y(), v.z()}; }
void Unpack(const pakt_bench_fb::Vec3& v, pakt::bench::Vec3& out) {
  out.x = v.x();
  out.y = v.y();
  out.z = v.z();
}
void Unpack(const flatbuffers::String* s, std::string& out) { out.assign(s->data(), s->size()); }
void Unpack(const pakt_bench_fb::Weapon& w, pakt::bench::Weapon& out) {
  Unpack(w.name(), out.name);
  out.damage = w.damage();
}
template <class Point>
void Unpack(const flatbuffers::Vector<const pakt_bench_fb::Vec3*>& points, std::vector<Point>& out) {
  out.resize(points.size());
  for (flatbuffers::uoffset_t i = 0; i < points.size(); ++i) Unpack(*points.Get(i), out[i]);
}

void Unpack(const pakt_bench_fb::SeedStruct& m, photon::seed::SeedStruct& out) {
  out.int_1 = m.int_1();
  out.int_2 = m.int_2();
  Unpack(m.string_1(), out.string_1);
  out.float_1 = m.float_1();
  out.float_2 = m.float_2();
}
void Unpack(const pakt_bench_fb::SeedGameStruct& m, photon::seed::SeedGameStruct& out) {
  out.int_1 = m.int_1();
  out.int_2 = m.int_2();
  out.float_1 = m.float_1();
  out.bool_1 = m.bool_1();
  Unpack(m.string_1(), out.string_1);
  Unpack(*m.vector3_1(), out.vector3_1);
  Unpack(*m.vector3_2(), out.vector3_2);
  const pakt_bench_fb::Quaternion& q = *m.quaternion_1();
  out.quaternion_1 = pakt::Quaternion{q.x(), q.y(), q.z(), q.w()};
}
void Unpack(const pakt_bench_fb::Monster& m, pakt::bench::Monster& out) {
  Unpack(*m.pos(), out.pos);
  out.mana = m.mana();
  out.hp = m.hp();
  Unpack(m.name(), out.name);
  out.inventory.assign(m.inventory()->begin(), m.inventory()->end());
  out.color = static_cast<pakt::bench::MonsterColor>(m.color());
  out.weapons.resize(m.weapons()->size());
  for (flatbuffers::uoffset_t i = 0; i < m.weapons()->size(); ++i) Unpack(*m.weapons()->Get(i), out.weapons[i]);
  Unpack(*m.equipped(), out.equipped);
  Unpack(*m.path(), out.path);
}
void Unpack(const pakt_bench_fb::Monsters& m, pakt::bench::Monsters& out) {
  out.monsters.resize(m.monsters()->size());
  for (flatbuffers::uoffset_t i = 0; i < m.monsters()->size(); ++i) Unpack(*m.monsters()->Get(i), out.monsters[i]);
}
void Unpack(const pakt_bench_fb::Path& m, pakt::bench::Path& out) { Unpack(*m.points(), out.points); }

template <class Message, class Table>
class FlatBuffersCodec {
 public:
  explicit FlatBuffersCodec(const Message& input) : input_(input) {}
  std::size_t Serialize() {
    builder_.Clear();
    Build(builder_, scratch_, input_);
    return builder_.GetSize();
  }
  bool Deserialize() {
    flatbuffers::Verifier verifier(builder_.GetBufferPointer(), builder_.GetSize());
    if (!verifier.VerifyBuffer<Table>(nullptr)) return false;
    Unpack(*flatbuffers::GetRoot<Table>(builder_.GetBufferPointer()), output_);
    return true;
  }
  const Message& Decoded() const { return output_; }

 private:
  Message input_;
  Builder builder_;
  Scratch scratch_;
  Message output_;
};

}  // namespace

void RegisterFlatBuffersBenchmarks(const DataSets& data) {
  RegisterCodec<FlatBuffersCodec<photon::seed::SeedStruct, pakt_bench_fb::SeedStruct>>("SeedStruct", "FlatBuffers",
                                                                                        data.seed_struct);
  RegisterCodec<FlatBuffersCodec<photon::seed::SeedGameStruct, pakt_bench_fb::SeedGameStruct>>(
      "SeedGameStruct", "FlatBuffers", data.seed_game_struct);
  RegisterCodec<FlatBuffersCodec<pakt::bench::Monsters, pakt_bench_fb::Monsters>>("Monster50", "FlatBuffers",
                                                                                  data.monsters);
  RegisterCodec<FlatBuffersCodec<pakt::bench::Path, pakt_bench_fb::Path>>("Path1000", "FlatBuffers", data.path);
}

}  // namespace pakt_bench
