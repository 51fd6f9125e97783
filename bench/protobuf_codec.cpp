// Protobuf: the generated types of bench.proto (proto3), SerializeToString into a reused string
// and ParseFromString into a reused message. The pakt input is converted once, outside the timing.
#include <string>

#include "bench.pb.h"
#include "codecs.hpp"
#include "harness.hpp"

namespace pakt_bench {
namespace {

void ToProto(const pakt::Vector3& v, pakt_bench_pb::Vec3& out) {
  out.set_x(v.x);
  out.set_y(v.y);
  out.set_z(v.z);
}
void ToProto(const pakt::bench::Vec3& v, pakt_bench_pb::Vec3& out) {
  out.set_x(v.x);
  out.set_y(v.y);
  out.set_z(v.z);
}
void ToProto(const pakt::Quaternion& q, pakt_bench_pb::Quaternion& out) {
  out.set_x(q.x);
  out.set_y(q.y);
  out.set_z(q.z);
  out.set_w(q.w);
}
void ToProto(const photon::seed::SeedStruct& m, pakt_bench_pb::SeedStruct& out) {
  out.set_int_1(m.int_1);
  out.set_int_2(m.int_2);
  out.set_string_1(m.string_1);
  out.set_float_1(m.float_1);
  out.set_float_2(m.float_2);
}
void ToProto(const photon::seed::SeedGameStruct& m, pakt_bench_pb::SeedGameStruct& out) {
  out.set_int_1(m.int_1);
  out.set_int_2(m.int_2);
  out.set_float_1(m.float_1);
  out.set_bool_1(m.bool_1);
  out.set_string_1(m.string_1);
  ToProto(m.vector3_1, *out.mutable_vector3_1());
  ToProto(m.vector3_2, *out.mutable_vector3_2());
  ToProto(m.quaternion_1, *out.mutable_quaternion_1());
}
void ToProto(const pakt::bench::Weapon& w, pakt_bench_pb::Weapon& out) {
  out.set_name(w.name);
  out.set_damage(w.damage);
}
void ToProto(const pakt::bench::Monster& m, pakt_bench_pb::Monster& out) {
  ToProto(m.pos, *out.mutable_pos());
  out.set_mana(m.mana);
  out.set_hp(m.hp);
  out.set_name(m.name);
  out.set_inventory(std::string(m.inventory.begin(), m.inventory.end()));
  out.set_color(static_cast<pakt_bench_pb::Color>(m.color));
  for (const auto& weapon : m.weapons) ToProto(weapon, *out.add_weapons());
  ToProto(m.equipped, *out.mutable_equipped());
  for (const auto& point : m.path) ToProto(point, *out.add_path());
}
void ToProto(const pakt::bench::Monsters& m, pakt_bench_pb::Monsters& out) {
  for (const auto& monster : m.monsters) ToProto(monster, *out.add_monsters());
}
void ToProto(const pakt::bench::Path& m, pakt_bench_pb::Path& out) {
  for (const auto& point : m.points) ToProto(point, *out.add_points());
}

void FromProto(const pakt_bench_pb::Vec3& v, pakt::Vector3& out) { out = pakt::Vector3{v.x(), v.y(), v.z()}; }
void FromProto(const pakt_bench_pb::Vec3& v, pakt::bench::Vec3& out) {
  out.x = v.x();
  out.y = v.y();
  out.z = v.z();
}
void FromProto(const pakt_bench_pb::Quaternion& q, pakt::Quaternion& out) {
  out = pakt::Quaternion{q.x(), q.y(), q.z(), q.w()};
}
void FromProto(const pakt_bench_pb::SeedStruct& m, photon::seed::SeedStruct& out) {
  out.int_1 = m.int_1();
  out.int_2 = m.int_2();
  out.string_1 = m.string_1();
  out.float_1 = m.float_1();
  out.float_2 = m.float_2();
}
void FromProto(const pakt_bench_pb::SeedGameStruct& m, photon::seed::SeedGameStruct& out) {
  out.int_1 = m.int_1();
  out.int_2 = m.int_2();
  out.float_1 = m.float_1();
  out.bool_1 = m.bool_1();
  out.string_1 = m.string_1();
  FromProto(m.vector3_1(), out.vector3_1);
  FromProto(m.vector3_2(), out.vector3_2);
  FromProto(m.quaternion_1(), out.quaternion_1);
}
void FromProto(const pakt_bench_pb::Weapon& w, pakt::bench::Weapon& out) {
  out.name = w.name();
  out.damage = static_cast<std::int16_t>(w.damage());
}
void FromProto(const pakt_bench_pb::Monster& m, pakt::bench::Monster& out) {
  FromProto(m.pos(), out.pos);
  out.mana = static_cast<std::int16_t>(m.mana());
  out.hp = static_cast<std::int16_t>(m.hp());
  out.name = m.name();
  out.inventory.assign(m.inventory().begin(), m.inventory().end());
  out.color = static_cast<pakt::bench::MonsterColor>(m.color());
  out.weapons.resize(static_cast<std::size_t>(m.weapons_size()));
  for (int i = 0; i < m.weapons_size(); ++i) FromProto(m.weapons(i), out.weapons[static_cast<std::size_t>(i)]);
  FromProto(m.equipped(), out.equipped);
  out.path.resize(static_cast<std::size_t>(m.path_size()));
  for (int i = 0; i < m.path_size(); ++i) FromProto(m.path(i), out.path[static_cast<std::size_t>(i)]);
}
void FromProto(const pakt_bench_pb::Monsters& m, pakt::bench::Monsters& out) {
  out.monsters.resize(static_cast<std::size_t>(m.monsters_size()));
  for (int i = 0; i < m.monsters_size(); ++i) FromProto(m.monsters(i), out.monsters[static_cast<std::size_t>(i)]);
}
void FromProto(const pakt_bench_pb::Path& m, pakt::bench::Path& out) {
  out.points.resize(static_cast<std::size_t>(m.points_size()));
  for (int i = 0; i < m.points_size(); ++i) FromProto(m.points(i), out.points[static_cast<std::size_t>(i)]);
}

template <class Message, class Proto>
class ProtobufCodec {
 public:
  explicit ProtobufCodec(const Message& input) { ToProto(input, input_); }
  std::size_t Serialize() {
    if (!input_.SerializeToString(&bytes_)) return 0;
    return bytes_.size();
  }
  bool Deserialize() { return output_.ParseFromString(bytes_); }
  Message Decoded() const {
    Message message;
    FromProto(output_, message);
    return message;
  }

 private:
  Proto input_;
  std::string bytes_;
  Proto output_;
};

}  // namespace

void RegisterProtobufBenchmarks(const DataSets& data) {
  RegisterCodec<ProtobufCodec<photon::seed::SeedStruct, pakt_bench_pb::SeedStruct>>("SeedStruct", "Protobuf",
                                                                                     data.seed_struct);
  RegisterCodec<ProtobufCodec<photon::seed::SeedGameStruct, pakt_bench_pb::SeedGameStruct>>(
      "SeedGameStruct", "Protobuf", data.seed_game_struct);
  RegisterCodec<ProtobufCodec<pakt::bench::Monsters, pakt_bench_pb::Monsters>>("Monster50", "Protobuf", data.monsters);
  RegisterCodec<ProtobufCodec<pakt::bench::Path, pakt_bench_pb::Path>>("Path1000", "Protobuf", data.path);
}

}  // namespace pakt_bench
