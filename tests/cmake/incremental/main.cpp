#include "match.pakt.h"

int main() {
  incremental::match::Score score;
  score.team.id = 3;
  score.points = 12;
  incremental::match::Score back{};
  return Deserialize(Serialize(score, pakt::compact), back, pakt::compact).ok() && back == score ? 0 : 1;
}
