#include "dynamic/formats.hpp"

#include "dynamic/godot_codec.hpp"
#include "dynamic/json_codec.hpp"
#include "dynamic/limit_check.hpp"
#include "dynamic/packed_codec.hpp"

namespace pakt::dynamic {

std::optional<Format> parse_format(const std::string& name) {
  for (Format f : {Format::kCompact, Format::kMslima, Format::kGodot4, Format::kGodot3, Format::kJson, Format::kPacked}) {
    if (name == format_name(f)) return f;
  }
  return std::nullopt;
}

const char* format_name(Format format) {
  switch (format) {
    case Format::kCompact: return "compact";
    case Format::kMslima: return "mslima";
    case Format::kGodot4: return "godot4";
    case Format::kGodot3: return "godot3";
    case Format::kJson: return "json";
    case Format::kPacked: return "packed";
  }
  return "";
}

Status encode(const schema::Message& message, const DynValue& value, Format format, std::vector<std::uint8_t>& out) {
  switch (format) {
    case Format::kCompact: return encode_binary(message, value, BinaryFormat::kCompact, out);
    case Format::kMslima: return encode_binary(message, value, BinaryFormat::kMslima, out);
    case Format::kGodot4: return encode_godot(message, value, godot::Version::godot4, out);
    case Format::kGodot3: return encode_godot(message, value, godot::Version::godot3, out);
    case Format::kPacked: return encode_packed(message, value, out);
    case Format::kJson: break;
  }
  const Status limits = check_limits(message, value);
  if (!limits) return limits;
  const std::string text = message_to_json(message, value, JsonStyle::kUnity);
  out.assign(text.begin(), text.end());
  return Status::Ok();
}

Status decode(const schema::Message& message, ByteView bytes, Format format, DynValue& out, Trace* trace) {
  switch (format) {
    case Format::kCompact: return decode_binary(message, bytes, BinaryFormat::kCompact, out, trace);
    case Format::kMslima: return decode_binary(message, bytes, BinaryFormat::kMslima, out, trace);
    case Format::kGodot4: return decode_godot(message, bytes, godot::Version::godot4, out, trace);
    case Format::kGodot3: return decode_godot(message, bytes, godot::Version::godot3, out, trace);
    case Format::kPacked: return decode_packed(message, bytes, out, trace);
    case Format::kJson: break;
  }
  const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const Status parsed = message_from_json_text(message, text, out);
  if (!parsed) return parsed;
  return check_limits(message, out);
}

Status encode_delta(const schema::Message& message, const DynValue& value, const DynValue& baseline,
                    std::vector<std::uint8_t>& out) {
  return encode_packed_delta(message, value, baseline, out);
}

Status decode_delta(const schema::Message& message, ByteView bytes, const DynValue& baseline, DynValue& out,
                    Trace* trace) {
  return decode_packed_delta(message, bytes, baseline, out, trace);
}

}  // namespace pakt::dynamic
