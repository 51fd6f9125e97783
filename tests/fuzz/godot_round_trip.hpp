// The Godot Variant decoder on arbitrary bytes, as bytes_to_var (objects refused) or
// bytes_to_var_with_objects. Whatever decodes must re-encode (var_to_bytes, with objects when
// they were allowed), decode again to the same Variant and re-encode to the same bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "fuzz_check.hpp"
#include "pakt/godot/codec.hpp"

namespace pakt::fuzz {

// A container type as it decodes after a round trip. Like the engine: an element type of builtin
// NIL is no type at all, and without full objects a class or script type is written as the
// class EncodedObjectAsID.
inline godot::ContainerType AfterRoundTrip(const godot::ContainerType& type, bool full_objects) {
  if (type.kind == godot::ContainerKind::builtin && type.builtin == godot::VariantType::nil) return {};
  const bool object_type = type.kind == godot::ContainerKind::class_name || type.kind == godot::ContainerKind::script;
  if (object_type && !full_objects) {
    return {godot::ContainerKind::class_name, godot::VariantType::object, "EncodedObjectAsID"};
  }
  return type;
}

// The value a Variant decodes to after a round trip: like the engine (encode_variant sends an
// invalid Object as NIL), pakt writes a null Object as Nil; container types as above; nothing
// else changes.
inline godot::Variant AfterRoundTrip(const godot::Variant& value, bool full_objects) {
  if (const auto* object = value.get_if<godot::Object>()) {
    if (object->form == godot::ObjectForm::null) return godot::Variant();
    godot::Object copy = *object;
    for (godot::ObjectProperty& property : copy.properties) {
      property.value = AfterRoundTrip(property.value, full_objects);
    }
    return copy;
  }
  if (const auto* array = value.get_if<godot::Array>()) {
    godot::Array copy = *array;
    copy.element_type = AfterRoundTrip(copy.element_type, full_objects);
    for (godot::Variant& element : copy.elements) element = AfterRoundTrip(element, full_objects);
    return copy;
  }
  if (const auto* dictionary = value.get_if<godot::Dictionary>()) {
    godot::Dictionary copy = *dictionary;
    copy.key_type = AfterRoundTrip(copy.key_type, full_objects);
    copy.value_type = AfterRoundTrip(copy.value_type, full_objects);
    for (godot::DictionaryEntry& entry : copy.entries) {
      entry.key = AfterRoundTrip(entry.key, full_objects);
      entry.value = AfterRoundTrip(entry.value, full_objects);
    }
    return copy;
  }
  return value;
}

inline void FuzzGodotDecoder(ByteView input, godot::Version version, bool allow_objects) {
  godot::DecodeOptions decode_options;
  decode_options.version = version;
  decode_options.allow_objects = allow_objects;
  godot::Variant decoded;
  const godot::DecodeResult first = godot::decode(input, decoded, decode_options);
  if (!first.ok()) return;
  require(first.consumed <= input.size(), "decode consumes at most the input");

  godot::EncodeOptions encode_options;
  encode_options.version = version;
  encode_options.full_objects = allow_objects;
  // Decoded reals are doubles; a precision=double encoding keeps every one of them exactly.
  encode_options.double_precision = version == godot::Version::godot4;
  std::vector<std::uint8_t> encoded;
  require(godot::encode(decoded, encode_options, encoded).ok(), "a decoded Variant re-encodes");
  godot::Variant decoded_again;
  const godot::DecodeResult second = godot::decode(encoded, decoded_again, decode_options);
  require(second.ok(), "a re-encoded Variant decodes");
  require(second.consumed == encoded.size(), "a re-encoded Variant is consumed whole");
  require(decoded_again == AfterRoundTrip(decoded, allow_objects), "a round trip keeps the Variant");
  std::vector<std::uint8_t> encoded_again;
  require(godot::encode(decoded_again, encode_options, encoded_again).ok(), "a Variant re-encodes twice");
  require(encoded_again == encoded, "re-encoding is stable (same bytes)");
}

}  // namespace pakt::fuzz
