// NlohmannJson: nlohmann::json's to_json / from_json for the generated structs, dump and parse.
#include <nlohmann/json.hpp>

#include <string>

#include "codecs.hpp"
#include "harness.hpp"

namespace pakt {

void to_json(nlohmann::json& j, const Vector3& v) { j = nlohmann::json{{"x", v.x}, {"y", v.y}, {"z", v.z}}; }
void from_json(const nlohmann::json& j, Vector3& v) {
  j.at("x").get_to(v.x);
  j.at("y").get_to(v.y);
  j.at("z").get_to(v.z);
}
void to_json(nlohmann::json& j, const Quaternion& q) {
  j = nlohmann::json{{"x", q.x}, {"y", q.y}, {"z", q.z}, {"w", q.w}};
}
void from_json(const nlohmann::json& j, Quaternion& q) {
  j.at("x").get_to(q.x);
  j.at("y").get_to(q.y);
  j.at("z").get_to(q.z);
  j.at("w").get_to(q.w);
}

}  // namespace pakt

namespace photon::seed {

void to_json(nlohmann::json& j, const SeedStruct& m) {
  j = nlohmann::json{
      {"int_1", m.int_1}, {"int_2", m.int_2}, {"string_1", m.string_1}, {"float_1", m.float_1}, {"float_2", m.float_2}};
}
void from_json(const nlohmann::json& j, SeedStruct& m) {
  j.at("int_1").get_to(m.int_1);
  j.at("int_2").get_to(m.int_2);
  j.at("string_1").get_to(m.string_1);
  j.at("float_1").get_to(m.float_1);
  j.at("float_2").get_to(m.float_2);
}
void to_json(nlohmann::json& j, const SeedGameStruct& m) {
  j = nlohmann::json{{"int_1", m.int_1},       {"int_2", m.int_2},         {"float_1", m.float_1},
                     {"bool_1", m.bool_1},     {"string_1", m.string_1},   {"vector3_1", m.vector3_1},
                     {"vector3_2", m.vector3_2}, {"quaternion_1", m.quaternion_1}};
}
void from_json(const nlohmann::json& j, SeedGameStruct& m) {
  j.at("int_1").get_to(m.int_1);
  j.at("int_2").get_to(m.int_2);
  j.at("float_1").get_to(m.float_1);
  j.at("bool_1").get_to(m.bool_1);
  j.at("string_1").get_to(m.string_1);
  j.at("vector3_1").get_to(m.vector3_1);
  j.at("vector3_2").get_to(m.vector3_2);
  j.at("quaternion_1").get_to(m.quaternion_1);
}

}  // namespace photon::seed

namespace pakt::bench {

void to_json(nlohmann::json& j, const Vec3& v) { j = nlohmann::json{{"x", v.x}, {"y", v.y}, {"z", v.z}}; }
void from_json(const nlohmann::json& j, Vec3& v) {
  j.at("x").get_to(v.x);
  j.at("y").get_to(v.y);
  j.at("z").get_to(v.z);
}
void to_json(nlohmann::json& j, const Weapon& w) { j = nlohmann::json{{"name", w.name}, {"damage", w.damage}}; }
void from_json(const nlohmann::json& j, Weapon& w) {
  j.at("name").get_to(w.name);
  j.at("damage").get_to(w.damage);
}
void to_json(nlohmann::json& j, const Monster& m) {
  j = nlohmann::json{{"pos", m.pos},         {"mana", m.mana},         {"hp", m.hp},
                     {"name", m.name},       {"inventory", m.inventory}, {"color", m.color},
                     {"weapons", m.weapons}, {"equipped", m.equipped}, {"path", m.path}};
}
void from_json(const nlohmann::json& j, Monster& m) {
  j.at("pos").get_to(m.pos);
  j.at("mana").get_to(m.mana);
  j.at("hp").get_to(m.hp);
  j.at("name").get_to(m.name);
  j.at("inventory").get_to(m.inventory);
  j.at("color").get_to(m.color);
  j.at("weapons").get_to(m.weapons);
  j.at("equipped").get_to(m.equipped);
  j.at("path").get_to(m.path);
}
void to_json(nlohmann::json& j, const Monsters& m) { j = nlohmann::json{{"monsters", m.monsters}}; }
void from_json(const nlohmann::json& j, Monsters& m) { j.at("monsters").get_to(m.monsters); }
void to_json(nlohmann::json& j, const Path& m) { j = nlohmann::json{{"points", m.points}}; }
void from_json(const nlohmann::json& j, Path& m) { j.at("points").get_to(m.points); }

}  // namespace pakt::bench

namespace pakt_bench {
namespace {

template <class Message>
class JsonCodec {
 public:
  explicit JsonCodec(const Message& input) : input_(input) {}
  std::size_t Serialize() {
    text_ = nlohmann::json(input_).dump();
    return text_.size();
  }
  bool Deserialize() {
    nlohmann::json::parse(text_).get_to(output_);
    return true;
  }
  const Message& Decoded() const { return output_; }

 private:
  Message input_;
  std::string text_;
  Message output_;
};

}  // namespace

void RegisterJsonBenchmarks(const DataSets& data) {
  RegisterCodec<JsonCodec<photon::seed::SeedStruct>>("SeedStruct", "NlohmannJson", data.seed_struct);
  RegisterCodec<JsonCodec<photon::seed::SeedGameStruct>>("SeedGameStruct", "NlohmannJson", data.seed_game_struct);
  RegisterCodec<JsonCodec<pakt::bench::Monsters>>("Monster50", "NlohmannJson", data.monsters);
  RegisterCodec<JsonCodec<pakt::bench::Path>>("Path1000", "NlohmannJson", data.path);
}

}  // namespace pakt_bench
