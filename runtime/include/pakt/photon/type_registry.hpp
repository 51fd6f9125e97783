// TypeRegistry: the C++ side of PUN2's PhotonPeer.RegisterType. Each registered type gets a
// one-byte code, and its values travel as Photon custom values (photon::Custom{code, body}).
//
//   pakt::photon::TypeRegistry registry;
//   registry.Register<Move>(0x41);                          // generated message or PFR aggregate,
//                                                           // body in mslima (or pass pakt::compact)
//   registry.Register<Pose>(0x42, &WritePose, &ReadPose);   // a type with its own body functions
//   pakt::photon::Value v = registry.Wrap(move).value;      // Custom{0x41, body}
//   auto decoded = registry.Decode<Move, Pose>(custom);     // std::variant<UnknownCustom, Move, Pose>
//
// Unlike Photon, which silently keeps the first registration, registering a code or a type twice
// fails with a Status that names both. PUN2's own codes 'W' (Vector2), 'V' (Vector3),
// 'Q' (Quaternion) and 'P' (Player) are refused unless registered by RegisterPunTypes()
// (pun_types.hpp), which gives them PUN's exact bodies. A body the registry does not know is never
// fatal: Photon's envelope carries its length, so the bytes are kept as UnknownCustom and the
// values after it stay aligned.
// Everything on the encode/decode path is a plain function pointer: no std::function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "pakt/binary_codec.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/format.hpp"
#include "pakt/message_traits.hpp"
#include "pakt/photon/value.hpp"
#include "pakt/reader.hpp"
#include "pakt/status.hpp"
#include "pakt/writer.hpp"

namespace pakt::photon {

// A custom value whose code is not registered (or not among the types asked for): kept as is.
struct UnknownCustom {
  std::uint8_t code = 0;
  std::vector<std::uint8_t> body;
};

// The result of Wrap: the custom value, or why there is none.
struct Wrapped {
  Status status;
  photon::Value value;
};

// Who is registering: PUN's built-ins may take PUN's reserved codes, nobody else may.
enum class CodeOwner : std::uint8_t { kApplication, kPunBuiltIn };

class TypeRegistry {
 public:
  template <class T>
  using BodyWriter = void (*)(const T&, std::vector<std::uint8_t>& body);
  template <class T>
  using BodyReader = Status (*)(ByteView body, T& out);

  // T is a generated message, a PFR aggregate (pakt/pfr.hpp included) or a type with a user hook;
  // its body is the compact/mslima encoding in format F.
  template <class T, class F = mslima_t>
  Status Register(std::uint8_t code, F format = {}) {
    (void)format;
    return Add(code, typeid(T), type_name<T>(), &erased_write_codec<T, F>, &erased_read_codec<T, F>,
               CodeOwner::kApplication);
  }

  // T with its own body functions.
  template <class T>
  Status Register(std::uint8_t code, BodyWriter<T> write, BodyReader<T> read,
                  CodeOwner owner = CodeOwner::kApplication) {
    return Add(code, typeid(T), type_name<T>(), reinterpret_cast<ErasedFunction>(write),
               reinterpret_cast<ErasedFunction>(read), owner, &erased_write_with<T>, &erased_read_with<T>);
  }

  // A generated message with a `code:` in its schema registers under that code.
  template <class M, class F = mslima_t>
  Status RegisterMessage(F format = {}) {
    return Register<M>(MessageTraits<M>::kCode, format);
  }

  bool contains(std::uint8_t code) const noexcept { return find(code) != nullptr; }
  template <class T>
  bool contains() const noexcept {
    return find(typeid(T)) != nullptr;
  }
  // The code T is registered under; false when it is not registered.
  template <class T>
  bool code_of(std::uint8_t& code) const noexcept {
    const Entry* e = find(typeid(T));
    if (e == nullptr) return false;
    code = e->code;
    return true;
  }

  // v as a custom value under T's code.
  template <class T>
  Wrapped Wrap(const T& v) const {
    const Entry* e = find(typeid(T));
    if (e == nullptr) return {not_registered<T>(), {}};
    photon::Custom custom{e->code, {}};
    e->write(*e, &v, custom.body);
    return {Status::Ok(), photon::Value(std::move(custom))};
  }

  // items as a typed custom array (Protocol 1.6 `79 count 63 code {len body}*`, 1.8 `53 ...`).
  template <class T>
  Wrapped WrapArray(const std::vector<T>& items) const {
    const Entry* e = find(typeid(T));
    if (e == nullptr) return {not_registered<T>(), {}};
    photon::Array array;
    array.element.type = photon::Type::kCustom;
    array.element.custom_code = e->code;
    for (const T& item : items) {
      photon::Custom custom{e->code, {}};
      e->write(*e, &item, custom.body);
      array.items.emplace_back(std::move(custom));
    }
    return {Status::Ok(), photon::Value(std::move(array))};
  }

  // Decodes a custom value known to be a T.
  template <class T>
  Status Unwrap(const photon::Custom& custom, T& out) const {
    const Entry* e = find(typeid(T));
    if (e == nullptr) return not_registered<T>();
    if (e->code != custom.code) {
      return Status::Error(ErrorCode::kInvalidType, 0, e->name,
                           "custom code " + std::to_string(custom.code) + " is not " + e->name + "'s code " +
                               std::to_string(e->code));
    }
    return e->read(*e, custom.body, &out);
  }

  // Dispatches by code to one of Ts. A code that is not registered, or registered for a type
  // outside Ts, gives UnknownCustom with the bytes kept and a kInvalidType status that says which;
  // a body that does not decode gives UnknownCustom and the body's decode error.
  template <class... Ts>
  Status Decode(const photon::Custom& custom, std::variant<UnknownCustom, Ts...>& out) const {
    const Entry* e = find(custom.code);
    if (e != nullptr) {
      Status status = Status::Ok();
      if (decode_as<Ts...>(*e, custom, out, status)) return status;
    }
    out = UnknownCustom{custom.code, custom.body};
    return Status::Error(ErrorCode::kInvalidType, 0, "",
                         e == nullptr ? "custom code " + std::to_string(custom.code) + " is not registered; kept " +
                                            std::to_string(custom.body.size()) + " bytes"
                                      : "custom code " + std::to_string(custom.code) + " is " + e->name +
                                            ", not one of the types asked for; kept its bytes");
  }

 private:
  using ErasedFunction = void (*)();
  struct Entry;
  using ErasedWrite = void (*)(const Entry&, const void* object, std::vector<std::uint8_t>& body);
  using ErasedRead = Status (*)(const Entry&, ByteView body, void* object);

  struct Entry {
    std::uint8_t code;
    std::type_index type;
    std::string name;
    ErasedWrite write;
    ErasedRead read;
    ErasedFunction user_write;  // the caller's own functions, when registered with them
    ErasedFunction user_read;
  };

  Status Add(std::uint8_t code, const std::type_info& type, std::string name, ErasedWrite write, ErasedRead read,
             CodeOwner owner) {
    return AddEntry(Entry{code, std::type_index(type), std::move(name), write, read, nullptr, nullptr}, owner);
  }
  Status Add(std::uint8_t code, const std::type_info& type, std::string name, ErasedFunction user_write,
             ErasedFunction user_read, CodeOwner owner, ErasedWrite write, ErasedRead read) {
    return AddEntry(Entry{code, std::type_index(type), std::move(name), write, read, user_write, user_read}, owner);
  }

  Status AddEntry(Entry entry, CodeOwner owner) {
    if (owner == CodeOwner::kApplication) {
      if (const char* pun_type = pun_reserved(entry.code)) {
        return Status::Error(ErrorCode::kUnauthorized, 0, entry.name,
                             "code " + std::to_string(entry.code) + " ('" + static_cast<char>(entry.code) +
                                 "') is PUN2's " + pun_type + "; register PUN's built-ins with RegisterPunTypes()");
      }
    }
    if (const Entry* existing = find(entry.code)) {
      return Status::Error(ErrorCode::kInvalidValue, 0, entry.name,
                           "code " + std::to_string(entry.code) + " is already registered for " + existing->name);
    }
    if (const Entry* existing = find(entry.type)) {
      return Status::Error(ErrorCode::kInvalidValue, 0, entry.name,
                           "type is already registered under code " + std::to_string(existing->code));
    }
    entries_.push_back(std::move(entry));
    return Status::Ok();
  }

  static const char* pun_reserved(std::uint8_t code) noexcept {
    switch (code) {
      case 'W': return "Vector2";
      case 'V': return "Vector3";
      case 'Q': return "Quaternion";
      case 'P': return "Player";
      default: return nullptr;
    }
  }

  const Entry* find(std::uint8_t code) const noexcept {
    for (const Entry& e : entries_) {
      if (e.code == code) return &e;
    }
    return nullptr;
  }
  const Entry* find(std::type_index type) const noexcept {
    for (const Entry& e : entries_) {
      if (e.type == type) return &e;
    }
    return nullptr;
  }

  template <class T>
  static std::string type_name() {
    if constexpr (is_message_v<T>) {
      return MessageTraits<T>::kName;
    } else {
      return typeid(T).name();
    }
  }

  template <class T>
  static Status not_registered() {
    return Status::Error(ErrorCode::kInvalidType, 0, type_name<T>(), "type is not registered");
  }

  template <class T, class F>
  static void erased_write_codec(const Entry&, const void* object, std::vector<std::uint8_t>& body) {
    const T& v = *static_cast<const T*>(object);
    body.resize(WireSize(v, F{}));
    Writer w(body.data(), body.size());
    Write(w, v, F{});
  }
  template <class T, class F>
  static Status erased_read_codec(const Entry& e, ByteView body, void* object) {
    Reader r(body);
    if (!Read(r, *static_cast<T*>(object), F{})) {
      r.in_field(e.name.c_str());
      return r.status();
    }
    if (!r.at_end()) {
      return Status::Error(ErrorCode::kTrailingData, r.offset(), e.name,
                           std::to_string(r.remaining()) + " unexpected bytes after the value");
    }
    return Status::Ok();
  }
  template <class T>
  static void erased_write_with(const Entry& e, const void* object, std::vector<std::uint8_t>& body) {
    reinterpret_cast<BodyWriter<T>>(e.user_write)(*static_cast<const T*>(object), body);
  }
  template <class T>
  static Status erased_read_with(const Entry& e, ByteView body, void* object) {
    return reinterpret_cast<BodyReader<T>>(e.user_read)(body, *static_cast<T*>(object));
  }

  // Tries each of Ts against the entry's type; true when one matched (status says how it went).
  template <class... Ts, class Variant>
  static bool decode_as(const Entry& e, const photon::Custom& custom, Variant& out, Status& status) {
    return (try_one<Ts>(e, custom, out, status) || ...);
  }
  template <class T, class Variant>
  static bool try_one(const Entry& e, const photon::Custom& custom, Variant& out, Status& status) {
    if (e.type != std::type_index(typeid(T))) return false;
    T value{};
    status = e.read(e, custom.body, &value);
    if (status) {
      out = std::move(value);
    } else {
      out = UnknownCustom{custom.code, custom.body};
    }
    return true;
  }

  std::vector<Entry> entries_;
};

// Dispatch by code to plain handler functions, each called with the decoded object:
//
//   pakt::photon::CustomDispatcher<Room> dispatcher(registry);
//   dispatcher.On<Move>(&OnMove);          // void OnMove(const Move&, Room&)
//   dispatcher.Dispatch(custom, room);     // unknown code: OnUnknown (if set), bytes kept
template <class Context>
class CustomDispatcher {
 public:
  template <class T>
  using Handler = void (*)(const T&, Context&);
  using UnknownHandler = void (*)(const UnknownCustom&, Context&);

  explicit CustomDispatcher(const TypeRegistry& registry) : registry_(registry) {}

  // T must already be registered; one handler per code.
  template <class T>
  Status On(Handler<T> handler) {
    std::uint8_t code = 0;
    if (!registry_.code_of<T>(code)) {
      return Status::Error(ErrorCode::kInvalidType, 0, "", "a handler's type must be registered first");
    }
    Slot& slot = slots_[code];
    if (slot.call != nullptr) {
      return Status::Error(ErrorCode::kInvalidValue, 0, "", "code " + std::to_string(code) + " already has a handler");
    }
    slot = Slot{&call<T>, reinterpret_cast<ErasedHandler>(handler)};
    return Status::Ok();
  }
  void OnUnknown(UnknownHandler handler) noexcept { unknown_ = handler; }

  // Calls the handler of custom's code. Without one, or when the body does not decode, the bytes
  // go to the unknown handler and the returned Status says why.
  Status Dispatch(const photon::Custom& custom, Context& context) const {
    const Slot& slot = slots_[custom.code];
    Status status = slot.call != nullptr
                        ? slot.call(registry_, custom, slot.handler, context)
                        : Status::Error(ErrorCode::kInvalidType, 0, "",
                                        "no handler for custom code " + std::to_string(custom.code) + "; kept " +
                                            std::to_string(custom.body.size()) + " bytes");
    if (!status && unknown_ != nullptr) unknown_(UnknownCustom{custom.code, custom.body}, context);
    return status;
  }

 private:
  using ErasedHandler = void (*)();
  using Call = Status (*)(const TypeRegistry&, const photon::Custom&, ErasedHandler, Context&);
  struct Slot {
    Call call = nullptr;
    ErasedHandler handler = nullptr;
  };

  template <class T>
  static Status call(const TypeRegistry& registry, const photon::Custom& custom, ErasedHandler handler,
                     Context& context) {
    T value{};
    Status status = registry.Unwrap(custom, value);
    if (status) reinterpret_cast<Handler<T>>(handler)(value, context);
    return status;
  }

  const TypeRegistry& registry_;
  Slot slots_[256] = {};
  UnknownHandler unknown_ = nullptr;
};

}  // namespace pakt::photon
