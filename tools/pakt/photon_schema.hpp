// `pakt photon --schema`: the bodies of Photon custom types as schema messages. A custom value whose
// code is a message's `code:` gets "message" and "value" (the body decoded, as the message's JSON)
// next to its "bytes" on decode; on encode, a custom value with "value" is encoded from it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "dynamic/formats.hpp"
#include "schema/loader.hpp"

namespace pakt::cli::photon_schema {

// Walks typed Photon JSON (photon_json.hpp). On failure, error names the JSON path, the code and
// the message, and the body's own error with its offset.
bool decode_customs(nlohmann::json& json, const schema::SchemaSet& schemas, dynamic::Format format,
                    std::string& error);
bool encode_customs(nlohmann::json& json, const schema::SchemaSet& schemas, dynamic::Format format,
                    std::string& error);

}  // namespace pakt::cli::photon_schema
