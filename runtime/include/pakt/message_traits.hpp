// MessageTraits<M>: what generated code tells the runtime about a message type M.
// Generated headers specialize it; the primary template is deliberately empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "pakt/format.hpp"

namespace pakt {

class Writer;
class JsonWriter;
class BitWriter;
namespace godot {
class ValueWriter;
}

template <class M>
struct MessageTraits;  // specialized for every generated message:
// static constexpr const char* kName;           // schema name, e.g. "Player"
// static constexpr std::size_t kMinWireSize;     // smallest compact/mslima encoding in bytes
// static constexpr std::size_t kFixedWireSize;   // exact size when every field is fixed-size, else 0
// static constexpr std::uint64_t kFingerprint;   // the schema fingerprint (docs/replication.md)
// static constexpr std::size_t kMemoryWordSize;  // optional: nonzero when M's memory is its compact
//                                                // wire form, all words of this width (type_traits.hpp)

template <class M, class = void>
struct is_message : std::false_type {};
template <class M>
struct is_message<M, std::void_t<decltype(MessageTraits<M>::kMinWireSize)>> : std::true_type {};
template <class M>
inline constexpr bool is_message_v = is_message<M>::value;

// Which codecs the generated code of M's schema file carries (`pakt generate --formats`). The
// generated header of a file that imports another asserts the codecs it uses, so that a file
// generated with fewer codecs than its importer is one clear error rather than a missing overload
// deep in the runtime.
enum class CodecKind { compact, mslima, godot, json, packed };
template <class M, CodecKind C, class = void>
struct has_codec : std::false_type {};
template <class M>
struct has_codec<M, CodecKind::compact,
                 std::void_t<decltype(MessageWireSize(std::declval<const M&>(), std::declval<compact_t>()))>>
    : std::true_type {};
template <class M>
struct has_codec<M, CodecKind::mslima,
                 std::void_t<decltype(MessageWireSize(std::declval<const M&>(), std::declval<mslima_t>()))>>
    : std::true_type {};
template <class M>
struct has_codec<M, CodecKind::godot,
                 std::void_t<decltype(WriteGodotMessage(std::declval<godot::ValueWriter&>(), std::declval<const M&>()))>>
    : std::true_type {};
template <class M>
struct has_codec<M, CodecKind::json,
                 std::void_t<decltype(WriteJsonMessage(std::declval<JsonWriter&>(), std::declval<const M&>()))>>
    : std::true_type {};
template <class M>
struct has_codec<M, CodecKind::packed,
                 std::void_t<decltype(WritePackedMessage(std::declval<BitWriter&>(), std::declval<const M&>()))>>
    : std::true_type {};
template <class M, CodecKind C>
inline constexpr bool has_codec_v = has_codec<M, C>::value;

}  // namespace pakt
