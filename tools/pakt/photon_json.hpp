// photon::Value <-> typed JSON, the format of `pakt photon decode|encode`:
//   {"type":"int","value":42}   {"type":"byte[]","value":"0a0b"}   {"type":"null"}
//   {"type":"float","value":1.5}  (NaN and infinities as the strings "NaN", "Infinity", "-Infinity")
//   {"type":"array","element":"int","items":[{"type":"int","value":1}]}
//     custom arrays add "code"; dictionary arrays add "key" and "value" (declared types)
//   {"type":"object[]","items":[...]}
//   {"type":"hashtable","entries":[[key, value], ...]}            (a list of pairs, wire order)
//   {"type":"dictionary","key":"byte","value":"object","entries":[[key, value], ...]}
//   {"type":"custom","code":65,"bytes":"0000001e..."}
//   {"type":"event","code":1,"parameters":[[245, value], ...]}
//   {"type":"request","operation_code":253,"parameters":[...]}
//   {"type":"response","operation_code":226,"return_code":-2,"debug_message":null,"parameters":[...]}
//   {"type":"message","message_type":"event","body":{...}}   (--kind message: the 0xF3 header)
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "pakt/photon/protocol.hpp"
#include "pakt/photon/value.hpp"

namespace pakt::cli::photon_json {

nlohmann::json to_json(const photon::Value& value);
nlohmann::json to_json(const photon::Message& message);

// On failure, error says what is wrong and where ("parameters[0][1].value: ...").
bool from_json(const nlohmann::json& json, photon::Value& value, std::string& error);
bool from_json(const nlohmann::json& json, photon::Message& message, std::string& error);

}  // namespace pakt::cli::photon_json
