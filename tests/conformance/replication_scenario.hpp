// Op R of the conformance protocol (README.md, "The replication scenario"), C++ side: shared by the
// reference (pakt::replication over the run-time codec) and the generated-C++ driver.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pakt/byte_view.hpp"
#include "protocol.hpp"

namespace conformance {

constexpr std::size_t kScenarioHistory = 4;
constexpr std::uint16_t kScenarioFirstTick = 65533;  // the ticks wrap after the third value

inline std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

// Runs the scenario: values[i] is encoded at tick kScenarioFirstTick + i; script[i] is its packet's
// fate. compact_hex(snapshot) spells the receiver's snapshot. Returns the tokens joined by ','.
template <class Sender, class Receiver, class Value, class CompactHex>
std::string run_replication_scenario(Sender& sender, Receiver& receiver, const std::vector<Value>& values,
                                     const std::string& script, CompactHex compact_hex) {
  std::vector<std::string> tokens;
  std::vector<std::uint8_t> ack;
  // Delivers a packet; a delivered ack goes back to the sender when ack_back is set.
  auto deliver = [&](const std::vector<std::uint8_t>& packet, bool ack_back) {
    if (!receiver.receive(pakt::ByteView(packet.data(), packet.size()), ack)) {
      tokens.push_back("X");
      return;
    }
    tokens.push_back("A" + to_hex(ack) + "S" + compact_hex(receiver.snapshot()));
    if (ack_back) static_cast<void>(sender.receive_ack(pakt::ByteView(ack.data(), ack.size())));
  };
  std::vector<std::vector<std::uint8_t>> held, due;  // held at this step; due after this step
  for (std::size_t i = 0; i < values.size() && i < script.size(); ++i) {
    const auto tick = static_cast<std::uint16_t>(kScenarioFirstTick + i);
    std::vector<std::uint8_t> packet;
    if (!sender.encode(tick, values[i], packet)) {
      tokens.push_back("E");
    } else {
      tokens.push_back("P" + to_hex(packet));
      switch (script[i]) {
        case 'o': deliver(packet, true); break;
        case 'a': deliver(packet, false); break;
        case 'd':
          deliver(packet, true);
          deliver(packet, true);
          break;
        case 'h': held.push_back(packet); break;
        default: break;  // 'l': lost
      }
    }
    for (const auto& p : due) deliver(p, true);
    due = std::move(held);
    held.clear();
  }
  for (const auto& p : due) deliver(p, true);
  std::string out;
  for (const std::string& t : tokens) out += (out.empty() ? "" : ",") + t;
  return out;
}

}  // namespace conformance
