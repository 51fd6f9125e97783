// MessageTraits<M>: what generated code tells the runtime about a message type M.
// Generated headers specialize it; the primary template is deliberately empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace pakt {

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

}  // namespace pakt
