// GodotDict / GodotArray: the generated Godot 4 mapping (pakt::godot4), the Variant bytes GDScript's
// bytes_to_var() reads. GodotDict uses the schemas as they are (a message is a Dictionary keyed by
// field name); GodotArray uses godot_array.yaml, the same messages with `godot: array`.
#include <cstdint>
#include <vector>

#include "codecs.hpp"
#include "field_copy.hpp"
#include "godot_array.pakt.h"
#include "harness.hpp"

namespace pakt_bench {
namespace {

template <class Message>
bool GodotSerialize(const Message& message, std::vector<std::uint8_t>& out) {
  return static_cast<bool>(Serialize(message, out, pakt::godot4));
}
template <class Message>
bool GodotDeserialize(const std::vector<std::uint8_t>& bytes, Message& out) {
  return static_cast<bool>(Deserialize(pakt::ByteView(bytes), out, pakt::godot4));
}

// Encodes Encoded (the input message, or its copy in the godot_array namespace) with pakt::godot4;
// Decoded() converts back to the input's type for the check.
template <class Message, class Encoded>
class GodotCodec {
 public:
  explicit GodotCodec(const Message& input) : input_(Converted<Encoded>(input)) {}
  std::size_t Serialize() {
    if (!GodotSerialize(input_, buffer_)) return 0;
    return buffer_.size();
  }
  bool Deserialize() { return GodotDeserialize(buffer_, output_); }
  Message Decoded() const { return Converted<Message>(output_); }

 private:
  Encoded input_;
  std::vector<std::uint8_t> buffer_;
  Encoded output_{};
};

}  // namespace

void RegisterGodotBenchmarks(const DataSets& data) {
  namespace array = pakt::bench::godot_array;
  using photon::seed::SeedGameStruct;
  using photon::seed::SeedStruct;
  RegisterCodec<GodotCodec<SeedStruct, SeedStruct>>("SeedStruct", "GodotDict", data.seed_struct);
  RegisterCodec<GodotCodec<SeedGameStruct, SeedGameStruct>>("SeedGameStruct", "GodotDict", data.seed_game_struct);
  RegisterCodec<GodotCodec<pakt::bench::Monsters, pakt::bench::Monsters>>("Monster50", "GodotDict", data.monsters);
  RegisterCodec<GodotCodec<pakt::bench::Path, pakt::bench::Path>>("Path1000", "GodotDict", data.path);
  RegisterCodec<GodotCodec<SeedStruct, array::SeedStruct>>("SeedStruct", "GodotArray", data.seed_struct);
  RegisterCodec<GodotCodec<SeedGameStruct, array::SeedGameStruct>>("SeedGameStruct", "GodotArray",
                                                                   data.seed_game_struct);
  RegisterCodec<GodotCodec<pakt::bench::Monsters, array::Monsters>>("Monster50", "GodotArray", data.monsters);
  RegisterCodec<GodotCodec<pakt::bench::Path, array::Path>>("Path1000", "GodotArray", data.path);
}

}  // namespace pakt_bench
