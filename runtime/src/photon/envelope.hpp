// Internal to the Photon codecs: the envelopes of an event, an operation request and an operation
// response, laid out the same way by Protocol 1.6 and 1.8 (a code byte, for a response the return
// code and the debug message, then the parameter table). What differs is supplied by `Protocol`:
//   write_parameters(e, parameters) / read_parameters(d, parameters)   the parameter table
//   write_return_code(e, code) / read_return_code(d, code)             big-endian in 1.6, little in 1.8
//   write_string(e, text) / write_null(e)                              a typed string, a typed null
//   read_typed(d, value)                                                any typed value
#pragma once

#include <cstddef>
#include <string>

#include "wire.hpp"

namespace pakt::photon::envelope {

template <class Protocol>
bool write_event(wire::Encoder& e, const EventData& v) {
  e.byte(v.code);
  return Protocol::write_parameters(e, v.parameters);
}

template <class Protocol>
bool write_request(wire::Encoder& e, const OperationRequest& v) {
  e.byte(v.operation_code);
  return Protocol::write_parameters(e, v.parameters);
}

template <class Protocol>
bool write_response(wire::Encoder& e, const OperationResponse& v) {
  e.byte(v.operation_code);
  Protocol::write_return_code(e, v.return_code);
  if (v.has_debug_message) {
    if (!Protocol::write_string(e, v.debug_message)) return false;
  } else {
    Protocol::write_null(e);
  }
  return Protocol::write_parameters(e, v.parameters);
}

template <class Protocol>
bool read_event(wire::Decoder& d, EventData& v) {
  return d.u8(v.code) && Protocol::read_parameters(d, v.parameters);
}

template <class Protocol>
bool read_request(wire::Decoder& d, OperationRequest& v) {
  return d.u8(v.operation_code) && Protocol::read_parameters(d, v.parameters);
}

// The debug message is a typed value that must be a string or null.
template <class Protocol>
bool read_response(wire::Decoder& d, OperationResponse& v) {
  if (!d.u8(v.operation_code) || !Protocol::read_return_code(d, v.return_code)) return false;
  const std::size_t at = d.offset();
  Value message;
  if (!Protocol::read_typed(d, message)) return false;
  if (const std::string* s = message.get_if<std::string>()) {
    v.has_debug_message = true;
    v.debug_message = *s;
  } else if (message.type() != Type::kNull) {
    return d.fail_at(at, ErrorCode::kInvalidType,
                     std::string("debug message is ") + to_string(message.type()) + ", not a string or null");
  }
  return Protocol::read_parameters(d, v.parameters);
}

}  // namespace pakt::photon::envelope
