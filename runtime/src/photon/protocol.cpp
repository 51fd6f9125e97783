// The public Photon encode/decode functions: pick the protocol, run the codec, add the 0xF3
// message header.
#include "pakt/photon/protocol.hpp"

#include <string>

#include "pakt/byte_copy.hpp"
#include "pakt/utf8.hpp"
#include "wire.hpp"

namespace pakt::photon {

bool wire::Decoder::utf8_string(std::size_t n, std::string& out) {
  const std::size_t at = offset();
  const std::uint8_t* p = take(n, "string");
  if (p == nullptr) return false;
  const std::size_t bad = utf8::first_invalid(p, n);
  if (bad != n) return fail_at(at + bad, ErrorCode::kInvalidValue, "string is not valid UTF-8");
  pakt::detail::assign_bytes(out, p, n);
  return true;
}

namespace {

// Runs an encoder function; on failure out keeps what it had before.
template <class Write>
Status encode(std::vector<std::uint8_t>& out, Write write) {
  const std::size_t before = out.size();
  wire::Encoder e(out);
  if (!write(e)) {
    out.resize(before);
    return e.status();
  }
  return Status::Ok();
}

}  // namespace

Status EncodeValue(const Value& value, Protocol protocol, std::vector<std::uint8_t>& out) {
  return encode(out, [&](wire::Encoder& e) {
    return protocol == Protocol::k16 ? v16::write_value(e, value) : v18::write_value(e, value);
  });
}

Status DecodeValue(ByteView bytes, Protocol protocol, Value& out, const DecodeOptions& options) {
  return wire::decode_whole(bytes, options, [&](wire::Decoder& d) {
    return protocol == Protocol::k16 ? v16::read_value(d, out) : v18::read_value(d, out);
  });
}

Status EncodeEvent(const EventData& event, Protocol protocol, std::vector<std::uint8_t>& out) {
  return encode(out, [&](wire::Encoder& e) {
    return protocol == Protocol::k16 ? v16::write_event(e, event) : v18::write_event(e, event);
  });
}

Status EncodeRequest(const OperationRequest& request, Protocol protocol, std::vector<std::uint8_t>& out) {
  return encode(out, [&](wire::Encoder& e) {
    return protocol == Protocol::k16 ? v16::write_request(e, request) : v18::write_request(e, request);
  });
}

Status EncodeResponse(const OperationResponse& response, Protocol protocol, std::vector<std::uint8_t>& out) {
  return encode(out, [&](wire::Encoder& e) {
    return protocol == Protocol::k16 ? v16::write_response(e, response) : v18::write_response(e, response);
  });
}

Status DecodeEvent(ByteView bytes, Protocol protocol, EventData& out, const DecodeOptions& options) {
  return wire::decode_whole(bytes, options, [&](wire::Decoder& d) {
    return protocol == Protocol::k16 ? v16::read_event(d, out) : v18::read_event(d, out);
  });
}

Status DecodeRequest(ByteView bytes, Protocol protocol, OperationRequest& out, const DecodeOptions& options) {
  return wire::decode_whole(bytes, options, [&](wire::Decoder& d) {
    return protocol == Protocol::k16 ? v16::read_request(d, out) : v18::read_request(d, out);
  });
}

Status DecodeResponse(ByteView bytes, Protocol protocol, OperationResponse& out, const DecodeOptions& options) {
  return wire::decode_whole(bytes, options, [&](wire::Decoder& d) {
    return protocol == Protocol::k16 ? v16::read_response(d, out) : v18::read_response(d, out);
  });
}

namespace {

// What a message type's body must hold.
Type body_type(MessageType type) {
  switch (type) {
    case MessageType::kEvent: return Type::kEventData;
    case MessageType::kOperation:
    case MessageType::kInternalOperationRequest: return Type::kOperationRequest;
    case MessageType::kOperationResponse:
    case MessageType::kInternalOperationResponse: return Type::kOperationResponse;
    case MessageType::kRawMessage: return Type::kByteArray;
    case MessageType::kMessage: break;
  }
  return Type::kObject;
}

bool known_message_type(std::uint8_t t) { return t == 2 || t == 3 || t == 4 || t == 6 || t == 7 || t == 8 || t == 9; }

}  // namespace

Status EncodeMessage(const Message& message, Protocol protocol, std::vector<std::uint8_t>& out) {
  const Type expected = body_type(message.type);
  if (expected != Type::kObject && message.body.type() != expected) {
    return Status::Error(ErrorCode::kInvalidType, 0, "",
                         std::string("message type ") + std::to_string(static_cast<int>(message.type)) +
                             " needs a " + to_string(expected) + " body, not " + to_string(message.body.type()));
  }
  return encode(out, [&](wire::Encoder& e) {
    e.byte(kMessageMagic);
    e.byte(static_cast<std::uint8_t>(message.type));
    const bool v16 = protocol == Protocol::k16;
    switch (expected) {
      case Type::kEventData: {
        const EventData& ev = *message.body.get_if<EventData>();
        return v16 ? v16::write_event(e, ev) : v18::write_event(e, ev);
      }
      case Type::kOperationRequest: {
        const OperationRequest& rq = *message.body.get_if<OperationRequest>();
        return v16 ? v16::write_request(e, rq) : v18::write_request(e, rq);
      }
      case Type::kOperationResponse: {
        const OperationResponse& rs = *message.body.get_if<OperationResponse>();
        return v16 ? v16::write_response(e, rs) : v18::write_response(e, rs);
      }
      case Type::kByteArray: {
        const Bytes& raw = *message.body.get_if<Bytes>();
        e.bytes(raw.data(), raw.size());
        return true;
      }
      default: return v16 ? v16::write_value(e, message.body) : v18::write_value(e, message.body);
    }
  });
}

Status DecodeMessage(ByteView bytes, Protocol protocol, Message& out, const DecodeOptions& options) {
  return wire::decode_whole(bytes, options, [&](wire::Decoder& d) {
    std::uint8_t magic = 0;
    if (!d.u8(magic)) return false;
    if (magic != kMessageMagic) {
      return d.fail_at(0, ErrorCode::kInvalidType, "message starts with " + std::to_string(magic) + ", not 0xF3 (243)");
    }
    std::uint8_t type = 0;
    if (!d.u8(type)) return false;
    if ((type & 0x80) != 0) return d.fail_at(1, ErrorCode::kUnsupported, "encrypted messages are not supported");
    if (!known_message_type(type)) {
      return d.fail_at(1, ErrorCode::kInvalidType, "unknown message type " + std::to_string(type));
    }
    out.type = static_cast<MessageType>(type);
    const bool v16 = protocol == Protocol::k16;
    switch (body_type(out.type)) {
      case Type::kEventData: {
        EventData ev;
        if (!(v16 ? v16::read_event(d, ev) : v18::read_event(d, ev))) return false;
        out.body = std::move(ev);
        return true;
      }
      case Type::kOperationRequest: {
        OperationRequest rq;
        if (!(v16 ? v16::read_request(d, rq) : v18::read_request(d, rq))) return false;
        out.body = std::move(rq);
        return true;
      }
      case Type::kOperationResponse: {
        OperationResponse rs;
        if (!(v16 ? v16::read_response(d, rs) : v18::read_response(d, rs))) return false;
        out.body = std::move(rs);
        return true;
      }
      case Type::kByteArray: {
        const std::size_t n = d.remaining();
        const std::uint8_t* p = d.take(n, "raw message");
        out.body = Bytes(p, p + n);
        return true;
      }
      default: return v16 ? v16::read_value(d, out.body) : v18::read_value(d, out.body);
    }
  });
}

}  // namespace pakt::photon
