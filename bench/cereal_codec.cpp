// Cereal: cereal's binary archive over the generated structs (non-intrusive serialize functions),
// with streams that keep their buffers between iterations.
#include <cereal/archives/binary.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <cstdint>
#include <streambuf>
#include <vector>

#include "codecs.hpp"
#include "harness.hpp"

namespace pakt {

template <class Archive>
void serialize(Archive& archive, Vector3& v) {
  archive(v.x, v.y, v.z);
}
template <class Archive>
void serialize(Archive& archive, Quaternion& q) {
  archive(q.x, q.y, q.z, q.w);
}

}  // namespace pakt

namespace photon::seed {

template <class Archive>
void serialize(Archive& archive, SeedStruct& m) {
  archive(m.int_1, m.int_2, m.string_1, m.float_1, m.float_2);
}
template <class Archive>
void serialize(Archive& archive, SeedGameStruct& m) {
  archive(m.int_1, m.int_2, m.float_1, m.bool_1, m.string_1, m.vector3_1, m.vector3_2, m.quaternion_1);
}

}  // namespace photon::seed

namespace pakt::bench {

template <class Archive>
void serialize(Archive& archive, Vec3& v) {
  archive(v.x, v.y, v.z);
}
template <class Archive>
void serialize(Archive& archive, Weapon& w) {
  archive(w.name, w.damage);
}
template <class Archive>
void serialize(Archive& archive, Monster& m) {
  archive(m.pos, m.mana, m.hp, m.name, m.inventory, m.color, m.weapons, m.equipped, m.path);
}
template <class Archive>
void serialize(Archive& archive, Monsters& m) {
  archive(m.monsters);
}
template <class Archive>
void serialize(Archive& archive, Path& m) {
  archive(m.points);
}

}  // namespace pakt::bench

namespace pakt_bench {
namespace {

// An output stream buffer that appends to a vector and keeps its capacity when rewound.
class VectorOutputBuffer : public std::streambuf {
 public:
  void Rewind() { bytes_.clear(); }
  const std::vector<char>& Bytes() const { return bytes_; }

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) bytes_.push_back(static_cast<char>(c));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    bytes_.insert(bytes_.end(), s, s + n);
    return n;
  }

 private:
  std::vector<char> bytes_;
};

// An input stream buffer over bytes owned elsewhere.
class ViewInputBuffer : public std::streambuf {
 public:
  void Reset(const std::vector<char>& bytes) {
    char* begin = const_cast<char*>(bytes.data());
    setg(begin, begin, begin + bytes.size());
  }
};

template <class Message>
class CerealCodec {
 public:
  explicit CerealCodec(const Message& input) : input_(input), output_stream_(&output_buffer_), input_stream_(&input_buffer_) {}
  std::size_t Serialize() {
    output_buffer_.Rewind();
    cereal::BinaryOutputArchive archive(output_stream_);
    archive(input_);
    return output_buffer_.Bytes().size();
  }
  bool Deserialize() {
    input_buffer_.Reset(output_buffer_.Bytes());
    input_stream_.clear();
    cereal::BinaryInputArchive archive(input_stream_);
    archive(output_);
    return true;
  }
  const Message& Decoded() const { return output_; }

 private:
  Message input_;
  VectorOutputBuffer output_buffer_;
  std::ostream output_stream_;
  ViewInputBuffer input_buffer_;
  std::istream input_stream_;
  Message output_;
};

}  // namespace

void RegisterCerealBenchmarks(const DataSets& data) {
  RegisterCodec<CerealCodec<photon::seed::SeedStruct>>("SeedStruct", "Cereal", data.seed_struct);
  RegisterCodec<CerealCodec<photon::seed::SeedGameStruct>>("SeedGameStruct", "Cereal", data.seed_game_struct);
  RegisterCodec<CerealCodec<pakt::bench::Monsters>>("Monster50", "Cereal", data.monsters);
  RegisterCodec<CerealCodec<pakt::bench::Path>>("Path1000", "Cereal", data.path);
}

}  // namespace pakt_bench
