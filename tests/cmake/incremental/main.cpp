#include "match.pakt.h"

template <class Format>
bool round_trip(const incremental::match::Score& score, Format format) {
  incremental::match::Score back{};
  return Deserialize(Serialize(score, format), back, format).ok() && back == score;
}

int main() {
  incremental::match::Score score;
  score.team.id = 3;
  score.points = 12;
  return round_trip(score, pakt::compact) && round_trip(score, pakt::mslima) && round_trip(score, pakt::godot4) ? 0
                                                                                                                : 1;
}
