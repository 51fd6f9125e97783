// The reference driver of the conformance run: the pakt tool's run-time codec (pakt_dynamic, the code
// behind `pakt encode` / `pakt decode`), in process, speaking the driver protocol of protocol.hpp.
//   conformance_reference SCHEMA_DIR REQUESTS RESPONSES     (SCHEMA_DIR/<SCHEMA>.yaml)
// Ops: V (JSON -> compact bytes; the reference only), E, S, D, J, N, X, Y, R (README.md).
#include <map>

#include "dynamic/formats.hpp"
#include "dynamic/json_codec.hpp"
#include "pakt/replication.hpp"
#include "protocol.hpp"
#include "replication_scenario.hpp"
#include "schema/fingerprint.hpp"
#include "schema/loader.hpp"

using namespace pakt;
using conformance::from_hex;
using conformance::to_hex;

namespace {

std::string schema_dir;
// Loaded once and kept (never destroyed: the process ends after the last request).
std::map<std::string, schema::SchemaSet*>& loaded = *new std::map<std::string, schema::SchemaSet*>;

const schema::Message* find(const conformance::Request& r) {
  auto it = loaded.find(r.schema);
  if (it == loaded.end()) {
    auto* set = new schema::SchemaSet(schema::load_schemas({schema_dir + "/" + r.schema + ".yaml"}));
    it = loaded.emplace(r.schema, set).first;
  }
  if (!it->second->ok()) return nullptr;
  return it->second->find_message(r.message);
}

dynamic::Format fmt(const std::string& name) {
  auto f = dynamic::parse_format(name);
  if (!f) throw std::runtime_error("unknown format " + name);
  return *f;
}

// pakt::replication's Codec over the run-time codec: what the reference's replication scenarios run.
struct DynamicCodec {
  const schema::Message* message;
  std::uint64_t schema_fingerprint;
  std::uint64_t fingerprint() const { return schema_fingerprint; }
  dynamic::DynValue make() const { return dynamic::message_default(*message); }
  Status encode_full(const dynamic::DynValue& v, std::vector<std::uint8_t>& out) const {
    return dynamic::encode(*message, v, dynamic::Format::kPacked, out);
  }
  Status encode_delta(const dynamic::DynValue& v, const dynamic::DynValue& base, std::vector<std::uint8_t>& out) const {
    return dynamic::encode_delta(*message, v, base, out);
  }
  Status decode_full(ByteView payload, dynamic::DynValue& out) const {
    return dynamic::decode(*message, payload, dynamic::Format::kPacked, out);
  }
  Status decode_delta(ByteView payload, const dynamic::DynValue& base, dynamic::DynValue& out) const {
    return dynamic::decode_delta(*message, payload, base, out);
  }
};

std::string encoded(const Status& s, const std::vector<std::uint8_t>& b) {
  return s ? "OK " + to_hex(b) : "ERR " + s.message();
}

bool from_compact(const schema::Message& m, const std::string& hex, dynamic::DynValue& v) {
  const auto bytes = from_hex(hex);
  return static_cast<bool>(dynamic::decode(m, ByteView(bytes.data(), bytes.size()), dynamic::Format::kCompact, v));
}

std::string handle(const conformance::Request& r) {
  const schema::Message* m = find(r);
  if (m == nullptr) return "NOMESSAGE";
  dynamic::DynValue v;
  std::vector<std::uint8_t> out;
  if (r.op == "V") {
    Status s = dynamic::message_from_json_text(*m, r.a1, v);
    if (!s) return "ERR " + s.message();
    return encoded(dynamic::encode(*m, v, dynamic::Format::kCompact, out), out);
  }
  if (r.op == "N") {
    v = dynamic::message_default(*m);
    return encoded(dynamic::encode(*m, v, fmt(r.format), out), out);
  }
  if (r.op == "E" || r.op == "S" || r.op == "J") {
    if (!from_compact(*m, r.a1, v)) return "BADINPUT";
    if (r.op == "J") return "OK " + dynamic::message_to_json(*m, v, JsonStyle::kUnity);
    Status s = dynamic::encode(*m, v, fmt(r.format), out);
    if (r.op == "E") return encoded(s, out);
    return s ? "OK " + std::to_string(out.size()) : "ERR " + s.message();
  }
  if (r.op == "D") {
    const auto bytes = from_hex(r.a1);
    Status s = dynamic::decode(*m, ByteView(bytes.data(), bytes.size()), fmt(r.format), v);
    if (!s) return "ERR " + s.to_string();
    return encoded(dynamic::encode(*m, v, dynamic::Format::kCompact, out), out);
  }
  if (r.op == "X" || r.op == "Y") {
    dynamic::DynValue base;
    if (!from_compact(*m, r.a1, base)) return "BADINPUT";
    if (r.op == "X") {
      if (!from_compact(*m, r.a2, v)) return "BADINPUT";
      return encoded(dynamic::encode_delta(*m, v, base, out), out);
    }
    const auto bytes = from_hex(r.a2);
    Status s = dynamic::decode_delta(*m, ByteView(bytes.data(), bytes.size()), base, v);
    if (!s) return "ERR " + s.to_string();
    return encoded(dynamic::encode(*m, v, dynamic::Format::kCompact, out), out);
  }
  if (r.op == "R") {
    std::vector<dynamic::DynValue> values;
    for (const std::string& hex : conformance::split_commas(r.a1)) {
      values.emplace_back();
      if (!from_compact(*m, hex, values.back())) return "BADINPUT";
    }
    const DynamicCodec codec{m, schema::message_fingerprint(*loaded.at(r.schema), *m)};
    replication::Sender<dynamic::DynValue, DynamicCodec> sender(codec, conformance::kScenarioHistory);
    replication::Receiver<dynamic::DynValue, DynamicCodec> receiver(codec, conformance::kScenarioHistory);
    auto compact = [&](const dynamic::DynValue& snapshot) {
      std::vector<std::uint8_t> bytes;
      static_cast<void>(dynamic::encode(*m, snapshot, dynamic::Format::kCompact, bytes));
      return to_hex(bytes);
    };
    return "OK " + conformance::run_replication_scenario(sender, receiver, values, r.a2, compact);
  }
  return "NOOP";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: conformance_reference SCHEMA_DIR REQUESTS RESPONSES\n");
    return 2;
  }
  schema_dir = argv[1];
  return conformance::serve(argc - 1, argv + 1, handle);
}
