// Memcpy (the floor), Compact and Mslima (pakt's generated code).
#include <cstdint>
#include <cstring>
#include <vector>

#include "codecs.hpp"
#include "harness.hpp"

namespace pakt_bench {
namespace {

// The generated free functions, found by argument-dependent lookup (the codecs' member functions of
// the same names would hide them).
template <class Message, class Format>
bool GeneratedSerialize(const Message& message, std::vector<std::uint8_t>& out, Format format) {
  return static_cast<bool>(Serialize(message, out, format));
}
template <class Message, class Format>
bool GeneratedDeserialize(const std::vector<std::uint8_t>& bytes, Message& out, Format format) {
  return static_cast<bool>(Deserialize(pakt::ByteView(bytes), out, format));
}

// Copies as many bytes as the compact encoding has, one way for Serialize and back for Deserialize.
template <class Message>
class MemcpyCodec {
 public:
  explicit MemcpyCodec(const Message& input) : input_(input) {
    GeneratedSerialize(input_, source_, pakt::compact);
    encoded_.resize(source_.size());
    decoded_.resize(source_.size());
  }
  std::size_t Serialize() {
    std::memcpy(encoded_.data(), source_.data(), source_.size());
    return encoded_.size();
  }
  bool Deserialize() {
    std::memcpy(decoded_.data(), encoded_.data(), encoded_.size());
    return true;
  }
  Message Decoded() const { return decoded_ == source_ ? input_ : Message{}; }

 private:
  Message input_;
  std::vector<std::uint8_t> source_;
  std::vector<std::uint8_t> encoded_;
  std::vector<std::uint8_t> decoded_;
};

// The generated Serialize into a reused buffer and Deserialize into a reused message.
template <class Message, class Format>
class GeneratedCodec {
 public:
  explicit GeneratedCodec(const Message& input) : input_(input) {}
  std::size_t Serialize() {
    if (!GeneratedSerialize(input_, buffer_, Format{})) return 0;
    return buffer_.size();
  }
  bool Deserialize() { return GeneratedDeserialize(buffer_, output_, Format{}); }
  const Message& Decoded() const { return output_; }

 private:
  Message input_;
  std::vector<std::uint8_t> buffer_;
  Message output_;
};

template <template <class> class Codec>
void RegisterEveryMessage(const DataSets& data, const char* codec_name) {
  RegisterCodec<Codec<photon::seed::SeedStruct>>("SeedStruct", codec_name, data.seed_struct);
  RegisterCodec<Codec<photon::seed::SeedGameStruct>>("SeedGameStruct", codec_name, data.seed_game_struct);
  RegisterCodec<Codec<pakt::bench::Monsters>>("Monster50", codec_name, data.monsters);
  RegisterCodec<Codec<pakt::bench::Path>>("Path1000", codec_name, data.path);
}

template <class Message>
using CompactCodec = GeneratedCodec<Message, pakt::compact_t>;
template <class Message>
using MslimaCodec = GeneratedCodec<Message, pakt::mslima_t>;

}  // namespace

void RegisterMemcpyBenchmarks(const DataSets& data) { RegisterEveryMessage<MemcpyCodec>(data, "Memcpy"); }

void RegisterGeneratedBenchmarks(const DataSets& data) {
  RegisterEveryMessage<CompactCodec>(data, "Compact");
  RegisterEveryMessage<MslimaCodec>(data, "Mslima");
}

}  // namespace pakt_bench
