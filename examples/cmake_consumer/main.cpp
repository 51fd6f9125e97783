// Round-trips a ChatLine through every binary format and JSON; exits non-zero on any mismatch.
#include <cstdio>
#include <vector>

#include "chat.pakt.h"

template <class Format>
bool round_trip(const consumer::chat::ChatLine& line, Format format) {
  const std::vector<std::uint8_t> bytes = Serialize(line, format);
  consumer::chat::ChatLine decoded{};
  const pakt::Status status = Deserialize(bytes, decoded, format);
  const bool ok = status.ok() && decoded == line;
  std::printf("%-8s %3zu bytes  %s\n", Format::kName, bytes.size(), ok ? "round trip ok" : "MISMATCH");
  return ok;
}

int main() {
  consumer::chat::ChatLine line;
  line.sender = 42;
  line.channel = consumer::chat::Channel::whisper;
  line.text = "hello from a find_package(pakt) consumer";
  line.mentions = {1, 2, 3};

  bool ok = round_trip(line, pakt::compact) && round_trip(line, pakt::mslima);
  std::printf("json     %s\n", ToJson(line, pakt::JsonStyle::kShortest).c_str());
  return ok ? 0 : 1;
}
