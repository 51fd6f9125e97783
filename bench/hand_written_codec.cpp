// HandWritten: the compact wire format written by hand, the way a careful user would write it
// without pakt: exact size first, then unchecked stores into the sized buffer; decoding checks
// every length against the bytes that remain, bool bytes for 0/1 and strings for UTF-8, as pakt's
// decoder must on untrusted input. Its bytes equal pakt's compact bytes.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codecs.hpp"
#include "harness.hpp"
#include "pakt/config.hpp"
#include "pakt/utf8.hpp"

namespace pakt_bench {
namespace {

static_assert(!pakt::detail::kHostBigEndian, "the hand-written codec copies little-endian memory");

using photon::seed::SeedGameStruct;
using photon::seed::SeedStruct;
using pakt::bench::Monster;
using pakt::bench::Monsters;
using pakt::bench::Path;
using pakt::bench::Vec3;
using pakt::bench::Weapon;

// ---- encoding: sizes, then stores through a raw pointer ----

std::size_t StringSize(const std::string& s) { return 4 + s.size(); }
std::size_t WeaponSize(const Weapon& w) { return StringSize(w.name) + 2; }

std::size_t EncodedSize(const SeedStruct& m) { return 4 + 4 + StringSize(m.string_1) + 4 + 4; }
std::size_t EncodedSize(const SeedGameStruct& m) { return 4 + 4 + 4 + 1 + StringSize(m.string_1) + 12 + 12 + 16; }
std::size_t EncodedSize(const Monster& m) {
  std::size_t size = 12 + 2 + 2 + StringSize(m.name) + 4 + m.inventory.size() + 1 + 4;
  for (const Weapon& weapon : m.weapons) size += WeaponSize(weapon);
  return size + WeaponSize(m.equipped) + 4 + 12 * m.path.size();
}
std::size_t EncodedSize(const Monsters& m) {
  std::size_t size = 4;
  for (const Monster& monster : m.monsters) size += EncodedSize(monster);
  return size;
}
std::size_t EncodedSize(const Path& m) { return 4 + 12 * m.points.size(); }

template <class T>
std::uint8_t* Put(std::uint8_t* p, const T& value) {
  std::memcpy(p, &value, sizeof(T));
  return p + sizeof(T);
}
std::uint8_t* PutCount(std::uint8_t* p, std::size_t count) { return Put(p, static_cast<std::int32_t>(count)); }
std::uint8_t* PutBytes(std::uint8_t* p, const void* bytes, std::size_t n) {
  if (n != 0) std::memcpy(p, bytes, n);
  return p + n;
}
std::uint8_t* PutString(std::uint8_t* p, const std::string& s) {
  return PutBytes(PutCount(p, s.size()), s.data(), s.size());
}
std::uint8_t* PutWeapon(std::uint8_t* p, const Weapon& w) { return Put(PutString(p, w.name), w.damage); }

std::uint8_t* Encode(std::uint8_t* p, const SeedStruct& m) {
  p = Put(p, m.int_1);
  p = Put(p, m.int_2);
  p = PutString(p, m.string_1);
  p = Put(p, m.float_1);
  return Put(p, m.float_2);
}
std::uint8_t* Encode(std::uint8_t* p, const SeedGameStruct& m) {
  p = Put(p, m.int_1);
  p = Put(p, m.int_2);
  p = Put(p, m.float_1);
  p = Put(p, static_cast<std::uint8_t>(m.bool_1 ? 1 : 0));
  p = PutString(p, m.string_1);
  p = Put(p, m.vector3_1);
  p = Put(p, m.vector3_2);
  return Put(p, m.quaternion_1);
}
std::uint8_t* Encode(std::uint8_t* p, const Monster& m) {
  p = Put(p, m.pos);
  p = Put(p, m.mana);
  p = Put(p, m.hp);
  p = PutString(p, m.name);
  p = PutBytes(PutCount(p, m.inventory.size()), m.inventory.data(), m.inventory.size());
  p = Put(p, m.color);
  p = PutCount(p, m.weapons.size());
  for (const Weapon& weapon : m.weapons) p = PutWeapon(p, weapon);
  p = PutWeapon(p, m.equipped);
  return PutBytes(PutCount(p, m.path.size()), m.path.data(), 12 * m.path.size());
}
std::uint8_t* Encode(std::uint8_t* p, const Monsters& m) {
  p = PutCount(p, m.monsters.size());
  for (const Monster& monster : m.monsters) p = Encode(p, monster);
  return p;
}
std::uint8_t* Encode(std::uint8_t* p, const Path& m) {
  return PutBytes(PutCount(p, m.points.size()), m.points.data(), 12 * m.points.size());
}

// ---- decoding: a bounds-checked cursor ----

class Cursor {
 public:
  Cursor(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}

  template <class T>
  bool Get(T& value) {
    if (Remaining() < sizeof(T)) return false;
    std::memcpy(&value, p_, sizeof(T));
    p_ += sizeof(T);
    return true;
  }
  bool GetBool(bool& value) {
    std::uint8_t byte = 0;
    if (!Get(byte) || byte > 1) return false;
    value = byte != 0;
    return true;
  }
  // A count of elements of element_size bytes each that must fit in the remaining bytes.
  bool GetCount(std::size_t& count, std::size_t element_size) {
    std::int32_t n = 0;
    if (!Get(n) || n < 0) return false;
    count = static_cast<std::size_t>(n);
    return count <= Remaining() / element_size;
  }
  bool GetBytes(void* out, std::size_t n) {
    if (Remaining() < n) return false;
    if (n != 0) std::memcpy(out, p_, n);
    p_ += n;
    return true;
  }
  // Strings come from untrusted bytes: validated as UTF-8 (pakt::utf8::valid, the validator pakt's
  // decoder uses: 8-byte ASCII words, then 16 bytes at a time with SSSE3) before they are copied.
  bool GetString(std::string& s) {
    std::size_t n = 0;
    if (!GetCount(n, 1) || !pakt::utf8::valid(p_, n)) return false;
    s.assign(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return true;
  }
  bool AtEnd() const { return p_ == end_; }

 private:
  std::size_t Remaining() const { return static_cast<std::size_t>(end_ - p_); }
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

bool Decode(Cursor& in, Weapon& w) { return in.GetString(w.name) && in.Get(w.damage); }

bool Decode(Cursor& in, SeedStruct& m) {
  return in.Get(m.int_1) && in.Get(m.int_2) && in.GetString(m.string_1) && in.Get(m.float_1) && in.Get(m.float_2);
}
bool Decode(Cursor& in, SeedGameStruct& m) {
  return in.Get(m.int_1) && in.Get(m.int_2) && in.Get(m.float_1) && in.GetBool(m.bool_1) &&
         in.GetString(m.string_1) && in.Get(m.vector3_1) && in.Get(m.vector3_2) && in.Get(m.quaternion_1);
}
bool Decode(Cursor& in, Monster& m) {
  std::size_t count = 0;
  if (!in.Get(m.pos) || !in.Get(m.mana) || !in.Get(m.hp) || !in.GetString(m.name)) return false;
  if (!in.GetCount(count, 1)) return false;
  m.inventory.resize(count);
  if (!in.GetBytes(m.inventory.data(), count) || !in.Get(m.color)) return false;
  if (!in.GetCount(count, 6)) return false;
  m.weapons.resize(count);
  for (Weapon& weapon : m.weapons) {
    if (!Decode(in, weapon)) return false;
  }
  if (!Decode(in, m.equipped) || !in.GetCount(count, 12)) return false;
  m.path.resize(count);
  return in.GetBytes(m.path.data(), 12 * count);
}
bool Decode(Cursor& in, Monsters& m) {
  std::size_t count = 0;
  if (!in.GetCount(count, 54)) return false;
  m.monsters.resize(count);
  for (Monster& monster : m.monsters) {
    if (!Decode(in, monster)) return false;
  }
  return true;
}
bool Decode(Cursor& in, Path& m) {
  std::size_t count = 0;
  if (!in.GetCount(count, 12)) return false;
  m.points.resize(count);
  return in.GetBytes(m.points.data(), 12 * count);
}

template <class Message>
class HandWrittenCodec {
 public:
  explicit HandWrittenCodec(const Message& input) : input_(input) {}
  std::size_t Serialize() {
    buffer_.resize(EncodedSize(input_));
    Encode(buffer_.data(), input_);
    return buffer_.size();
  }
  bool Deserialize() {
    Cursor in(buffer_.data(), buffer_.size());
    return Decode(in, output_) && in.AtEnd();
  }
  const Message& Decoded() const { return output_; }
  const std::vector<std::uint8_t>& Bytes() const { return buffer_; }

 private:
  Message input_;
  std::vector<std::uint8_t> buffer_;
  Message output_;
};

// The hand-written bytes must be pakt's compact bytes, or the comparison would be unfair.
template <class Message>
void RegisterHandWritten(const char* message_name, const Message& input) {
  HandWrittenCodec<Message> codec(input);
  codec.Serialize();
  std::vector<std::uint8_t> compact;
  if (!Serialize(input, compact, pakt::compact) || compact != codec.Bytes()) {
    Fail(std::string(message_name) + "/HandWritten", "the hand-written bytes differ from pakt's compact bytes");
  }
  RegisterCodec<HandWrittenCodec<Message>>(message_name, "HandWritten", input);
}

}  // namespace

void RegisterHandWrittenBenchmarks(const DataSets& data) {
  RegisterHandWritten("SeedStruct", data.seed_struct);
  RegisterHandWritten("SeedGameStruct", data.seed_game_struct);
  RegisterHandWritten("Monster50", data.monsters);
  RegisterHandWritten("Path1000", data.path);
}

}  // namespace pakt_bench
