#include "snapshot/checks.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace pakt_bench::snapshot {
namespace {

// Half a step of the schema's precision, plus the rounding of the decoded value to float32.
bool within(float input, float decoded, double precision) {
  const double ulp = std::nextafter(std::fabs(decoded), std::numeric_limits<float>::infinity()) - std::fabs(decoded);
  return std::fabs(static_cast<double>(decoded) - static_cast<double>(input)) <= precision / 2 * (1 + 1e-9) + ulp;
}

std::string describe(const char* what, std::size_t index, double input, double decoded, double bound) {
  char text[200];
  std::snprintf(text, sizeof text, "%s[%zu]: %.9g decoded as %.9g, more than %.9g away", what, index, input, decoded,
                bound);
  return text;
}

std::string check(const char* what, std::size_t i, float a, float b, double precision) {
  return within(a, b, precision) ? std::string() : describe(what, i, a, b, precision / 2);
}

std::string vector_error(const char* what, std::size_t i, const pakt::Vector3& a, const pakt::Vector3& b,
                         double precision) {
  std::string error = check(what, i, a.x, b.x, precision);
  if (error.empty()) error = check(what, i, a.y, b.y, precision);
  if (error.empty()) error = check(what, i, a.z, b.z, precision);
  return error;
}

}  // namespace

std::string QuantizationError(const pakt::bench::snapshot::CubeScene& input,
                              const pakt::bench::snapshot::CubeScene& decoded) {
  if (input.tick != decoded.tick || input.cubes.size() != decoded.cubes.size()) return "tick or cube count differs";
  // Smallest-three with 9 bits: each of the three smallest within half of 2/sqrt(2)/511; the
  // rebuilt largest and the rotation (q or -q) within a few of those steps.
  const double rotation_step = 2 * 0.70710678118654752 / 511;
  for (std::size_t i = 0; i < input.cubes.size(); ++i) {
    const auto& a = input.cubes[i];
    const auto& b = decoded.cubes[i];
    const std::string position = vector_error("cubes.position", i, a.position, b.position, 0.002);
    if (!position.empty()) return position;
    const double dot = a.rotation.x * b.rotation.x + a.rotation.y * b.rotation.y + a.rotation.z * b.rotation.z +
                       a.rotation.w * b.rotation.w;
    if (std::fabs(dot) < 1 - 4 * rotation_step) return describe("cubes.rotation |q.q'|", i, 1, std::fabs(dot), 4 * rotation_step);
    if (a.at_rest != b.at_rest) return "cubes.at_rest differs";
  }
  return "";
}

std::string QuantizationError(const pakt::bench::snapshot::PlayerSnapshot& input,
                              const pakt::bench::snapshot::PlayerSnapshot& decoded) {
  if (input.tick != decoded.tick || input.players.size() != decoded.players.size()) return "tick or player count differs";
  for (std::size_t i = 0; i < input.players.size(); ++i) {
    const auto& a = input.players[i];
    const auto& b = decoded.players[i];
    std::string error = vector_error("players.position", i, a.position, b.position, 0.02);
    if (error.empty()) error = vector_error("players.velocity", i, a.velocity, b.velocity, 0.05);
    if (error.empty()) error = check("players.yaw", i, a.yaw, b.yaw, 0.1);
    if (error.empty()) error = check("players.pitch", i, a.pitch, b.pitch, 0.1);
    if (!error.empty()) return error;
    if (a.id != b.id || a.health != b.health || a.weapon != b.weapon || a.crouching != b.crouching ||
        a.firing != b.firing || a.reloading != b.reloading || a.alive != b.alive) {
      return "players[" + std::to_string(i) + "]: an exact field differs";
    }
  }
  return "";
}

}  // namespace pakt_bench::snapshot
