// Facts about messages that every back end needs (docs/descriptor.md FACTS): wire sizes, the .NET
// Marshal layout, the wire shape, version boundaries. Computed once here, for
// the descriptor and for the run-time codec.
//
// Every function expects a validated model (no recursive nesting: load_schemas rejects it). Sizes
// saturate at SIZE_MAX instead of wrapping (nested fixed arrays can multiply past 64 bits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/model.hpp"

namespace pakt::schema {

// Compact and mslima share one layout (mslima only changes byte order and string bytes).
// The smallest encoding: an optional is 1 byte, a string/bytes/list 4, an extensible message 4.
std::size_t wire_min_size(const TypeRef& type, bool optional = false);
std::size_t message_min_size(const Message& message);
// The exact encoding size when no value changes it, else 0.
std::size_t wire_fixed_size(const TypeRef& type, bool optional = false);
std::size_t message_fixed_size(const Message& message);

// Marshal.SizeOf-style layout (size, alignment): the seed's
// "theoretical size" (bool is a 4-byte BOOL, references 8 bytes, members aligned).
struct MarshalLayout {
  std::size_t size = 0;
  std::size_t alignment = 1;
};
MarshalLayout marshal_layout(const TypeRef& type, bool optional = false);
MarshalLayout marshal_layout(const Message& message);

// "{uint32,int32[],Vector3?}", "ext{...}" for an extensible message; nested messages inline.
std::string wire_shape(const Message& message);
// The same, or false when it would pass max_length characters or max_depth nested messages: a
// message's shape repeats in every message that holds it, so nesting can grow it exponentially
// (each level of a "diamond" doubles it). Sizes walk the same tree as the shape, so a bounded
// shape also bounds the work of the size functions above.
[[nodiscard]] bool bounded_wire_shape(const Message& message, std::size_t max_length, std::size_t max_depth,
                                      std::string& out);
// "0x%016llX": how the descriptor writes a fingerprint (schema/fingerprint.hpp computes them).
std::string fingerprint_text(std::uint64_t fingerprint);

// Indexes of the fields that start a newer schema version (an older payload may end before them).
std::vector<std::size_t> version_boundaries(const Message& message);

// A field or a nested message has max_length/max_count (generated code then checks limits).
bool message_needs_check(const Message& message);

// True for messages whose every encoding is empty (no fields, or only such messages).
bool message_takes_no_bytes(const Message& message);

// Writing a value of the type (compact, mslima, the Godot forms) checks something: a max_length or
// max_count (of the field the type is in, or of a field inside a message it holds), a fixed array's
// length. A deprecated field inside a message is written as its default and checks nothing.
bool write_can_fail(const TypeRef& type, std::size_t max_length, std::size_t max_count);
bool message_write_can_fail(const Message& message);

// ------------------------------------------------------------------------------ packed format
// How the packed format writes one leaf value (docs/packed.md "Wire format"): computed here once,
// from a field's type and Packing, for the descriptor ("packed" of a field) and the run-time codec.
struct PackedCode {
  enum class Kind {
    kBool,           // 1 bit
    kRanged,         // integers, enums, counts, lengths: value - min in `bits` bits (0 when min == max)
    kVarint,         // unsigned integers: LEB128 in 8-bit groups
    kZigZag,         // signed integers: zig-zag, then LEB128
    kRaw,            // int8/uint8: 8 bits; float32: 32 IEEE bits; float64: 64
    kQuantized,      // floats: q = round((v - min) * steps / (max - min)) in `bits` bits
    kSmallestThree,  // Quaternion: 2-bit index of the largest component + 3 x `bits`
  };
  Kind kind = Kind::kRaw;
  int bits = 0;                   // kRanged, kQuantized, kSmallestThree: bits per value; kRaw: 8, 32 or 64
  std::int64_t min_int = 0;       // kRanged: the smallest value
  std::uint64_t span = 0;         // kRanged: max - min
  double min = 0, max = 0;        // kQuantized
  std::uint64_t steps = 0;        // kQuantized: 2^bits - 1 for `bits:`, ceil((max - min) / precision) for `precision:`
};
// With `precision: p` over [min, max]: ceil((max - min) / p), a quotient within 1e-9 (relative) of a
// whole number counting as that number. A double: the loader refuses steps past 32 bits.
double packed_precision_steps(double min, double max, double precision);
// The bits of an unsigned number: 0 for 0, else the position of its highest set bit + 1.
int packed_bit_width(std::uint64_t value);
// The code of a field's leaf values: the field's type itself, a vector's components, a list's or
// array's elements (messages, strings, bytes have none: std::nullopt).
std::optional<PackedCode> packed_leaf_code(const Field& field);
// The code of a list's count or a string's/bytes' length: ranged over [0, max] with a limit, else a varint.
PackedCode packed_length_code(std::size_t limit);
// The fewest bits a value of the type takes in packed (bounds list counts on decode): a list's or a
// string's count code alone (a varint 8), an array n times its element, a message the sum of its
// fields. With a field, its packing and limits apply (to the elements of a list or array); the type
// is taken as not optional (an array's or list's element type may be passed with its field).
std::size_t packed_min_bits(const TypeRef& type, const Field* field = nullptr);
// The fewest bits of the whole field: 1 when it is optional (the presence bit), else its type's.
std::size_t packed_min_bits(const Field& field);
std::size_t packed_message_min_bits(const Message& message);
// Writing a value of the type (the field's type or its element) in packed can fail: a ranged or
// quantized value out of its range, a NaN quaternion, a length or count over its limit, or any of
// these inside a message it holds (not in its deprecated fields, written as their defaults).
bool packed_write_can_fail(const TypeRef& type, const Field& field);
bool packed_message_write_can_fail(const Message& message);
// The fewest bits of one value of the code (varint and zigzag: 8; smallest-three 2 + 3 x bits).
std::size_t packed_code_min_bits(const PackedCode& code);

}  // namespace pakt::schema
