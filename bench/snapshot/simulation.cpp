#include "snapshot/simulation.hpp"

#include <algorithm>
#include <cmath>

namespace pakt_bench::snapshot {
namespace {

using pakt::bench::snapshot::Cube;
using pakt::bench::snapshot::Player;
using pakt::bench::snapshot::Weapon;

constexpr double kDt = 1.0 / kTicksPerSecond;
constexpr double kGravity = 9.81;
constexpr double kRestHeight = 0.5;  // a 1 m cube on the floor
constexpr double kPi = 3.14159265358979323846;

// mt19937_64's output is fixed by the standard; uniform_real_distribution's is not.
double uniform(std::mt19937_64& rng, double lo, double hi) {
  return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

// q <- normalize(q + dt/2 * (0, w) * q): integrates an angular velocity (rad/s) over one tick.
pakt::Quaternion rotate(const pakt::Quaternion& q, double wx, double wy, double wz, double dt) {
  const double x = q.x, y = q.y, z = q.z, w = q.w;
  const double h = dt / 2;
  double nx = x + h * (wx * w + wy * z - wz * y);
  double ny = y + h * (wy * w + wz * x - wx * z);
  double nz = z + h * (wz * w + wx * y - wy * x);
  double nw = w - h * (wx * x + wy * y + wz * z);
  const double norm = std::sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
  return pakt::Quaternion{static_cast<float>(nx / norm), static_cast<float>(ny / norm), static_cast<float>(nz / norm),
                          static_cast<float>(nw / norm)};
}

pakt::Quaternion yaw_rotation(double yaw) {
  return pakt::Quaternion{0, 0, static_cast<float>(std::sin(yaw / 2)), static_cast<float>(std::cos(yaw / 2))};
}

}  // namespace

CubeSimulation::CubeSimulation(std::uint64_t seed) : motion_(kCubes), rng_(seed) {
  scene_.cubes.resize(kCubes);
  // The player's cube starts on its circle; the others in a 30 x 30 grid, dropped from up to 8 m.
  scene_.cubes[0].position = pakt::Vector3{20, 0, 1};
  for (std::size_t i = 1; i < kCubes; ++i) {
    const double gx = static_cast<double>((i - 1) % 30) - 14.5;
    const double gy = static_cast<double>((i - 1) / 30) - 14.5;
    Cube& c = scene_.cubes[i];
    c.position = pakt::Vector3{static_cast<float>(gx * 1.6), static_cast<float>(gy * 1.6),
                               static_cast<float>(kRestHeight + uniform(rng_, 0, 8))};
    c.rotation = yaw_rotation(uniform(rng_, 0, 2 * kPi));
    motion_[i].spin = uniform(rng_, -2, 2);
  }
}

const pakt::bench::snapshot::CubeScene& CubeSimulation::Step() {
  ++scene_.tick;
  // The player's cube drives a circle of 20 m at 6 m/s, never at rest.
  const double angle = 6.0 * kDt * scene_.tick / 20.0;
  Cube& player = scene_.cubes[0];
  player.position = pakt::Vector3{static_cast<float>(20 * std::cos(angle)), static_cast<float>(20 * std::sin(angle)), 1};
  player.rotation = yaw_rotation(angle + kPi / 2);
  player.at_rest = false;

  for (std::size_t i = 1; i < kCubes; ++i) {
    Cube& c = scene_.cubes[i];
    Motion& m = motion_[i];
    const double dx = c.position.x - player.position.x;
    const double dy = c.position.y - player.position.y;
    const double distance = std::sqrt(dx * dx + dy * dy);
    if (distance < 1.5 && c.position.z < 2.0) {  // pushed: slides away, hops a little, spins
      const double speed = uniform(rng_, 3, 5);
      m.vx = dx / (distance + 1e-9) * speed;
      m.vy = dy / (distance + 1e-9) * speed;
      m.vz = uniform(rng_, 0.5, 2.5);
      m.spin = uniform(rng_, -4, 4);
      c.at_rest = false;
    }
    if (c.at_rest) continue;
    m.vz -= kGravity * kDt;
    double x = c.position.x + m.vx * kDt;
    double y = c.position.y + m.vy * kDt;
    double z = c.position.z + m.vz * kDt;
    const bool on_floor = z <= kRestHeight;
    if (on_floor) {
      z = kRestHeight;
      m.vz = std::fabs(m.vz) > 1.0 ? -m.vz * 0.35 : 0.0;  // bounce, or stay down
      m.vx *= 0.92;  // floor friction
      m.vy *= 0.92;
      m.spin *= 0.9;
    }
    x = std::clamp(x, -250.0, 250.0);
    y = std::clamp(y, -250.0, 250.0);
    c.position = pakt::Vector3{static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)};
    const double tumble = on_floor ? 0.0 : 1.5;  // airborne cubes tumble about a horizontal axis too
    c.rotation = rotate(c.rotation, tumble * m.vy, -tumble * m.vx, m.spin, kDt);
    const double speed = std::sqrt(m.vx * m.vx + m.vy * m.vy + m.vz * m.vz);
    if (on_floor && m.vz == 0.0 && speed < 0.05 && std::fabs(m.spin) < 0.05) {
      m = Motion{};
      c.at_rest = true;
    }
  }
  return scene_;
}

PlayerSimulation::PlayerSimulation(std::uint64_t seed) : respawn_in_(kPlayers, 0), rng_(seed) {
  snapshot_.players.resize(kPlayers);
  for (std::size_t i = 0; i < kPlayers; ++i) {
    Player& p = snapshot_.players[i];
    p.id = static_cast<std::uint8_t>(i);
    p.position = pakt::Vector3{static_cast<float>(uniform(rng_, -400, 400)), static_cast<float>(uniform(rng_, -400, 400)), 0};
    p.yaw = static_cast<float>(uniform(rng_, 0, 359));
    p.health = 100;
    p.weapon = static_cast<Weapon>(rng_() % 8);
    p.alive = true;
  }
}

const pakt::bench::snapshot::PlayerSnapshot& PlayerSimulation::Step() {
  ++snapshot_.tick;
  for (std::size_t i = 0; i < kPlayers; ++i) {
    Player& p = snapshot_.players[i];
    if (!p.alive) {
      if (--respawn_in_[i] > 0) continue;
      p = Player{};
      p.id = static_cast<std::uint8_t>(i);
      p.position = pakt::Vector3{static_cast<float>(uniform(rng_, -400, 400)), static_cast<float>(uniform(rng_, -400, 400)), 0};
      p.health = 100;
      p.alive = true;
      continue;
    }
    // Turn a little, now and then a lot; run at up to 8 m/s along the yaw; jump now and then.
    double yaw = p.yaw + uniform(rng_, -3, 3) + (rng_() % 60 == 0 ? uniform(rng_, -90, 90) : 0.0);
    yaw = std::fmod(yaw + 360.0, 360.0);
    p.yaw = std::min(static_cast<float>(yaw), 359.9f);
    p.pitch = static_cast<float>(std::clamp(p.pitch + uniform(rng_, -2, 2), -89.0, 89.0));
    const double speed = p.crouching ? 3.0 : 8.0;
    const double radians = yaw * 3.14159265358979323846 / 180;
    double vz = p.velocity.z - kGravity / kTicksPerSecond;
    if (p.position.z <= 0 && rng_() % 120 == 0) vz = 5.0;  // a jump
    p.velocity = pakt::Vector3{static_cast<float>(speed * std::cos(radians)), static_cast<float>(speed * std::sin(radians)),
                               static_cast<float>(std::clamp(vz, -30.0, 30.0))};
    double z = p.position.z + p.velocity.z / kTicksPerSecond;
    if (z <= 0) {
      z = 0;
      p.velocity.z = 0;
    }
    p.position = pakt::Vector3{static_cast<float>(std::clamp(p.position.x + p.velocity.x / kTicksPerSecond, -500.0f, 500.0f)),
                               static_cast<float>(std::clamp(p.position.y + p.velocity.y / kTicksPerSecond, -500.0f, 500.0f)),
                               static_cast<float>(z)};
    if (rng_() % 90 == 0) p.crouching = !p.crouching;
    p.firing = rng_() % 5 == 0;
    if (p.firing && rng_() % 40 == 0) p.reloading = true;
    if (p.reloading && rng_() % 60 == 0) p.reloading = false;
    if (rng_() % 600 == 0) p.weapon = static_cast<Weapon>(rng_() % 8);
    if (rng_() % 90 == 0) {  // hit
      const int damage = static_cast<int>(rng_() % 40);
      p.health = static_cast<std::uint8_t>(std::max(0, p.health - damage));
      if (p.health == 0) {
        p.alive = false;
        p.firing = false;
        p.velocity = pakt::Vector3{};
        respawn_in_[i] = 3 * kTicksPerSecond;
      }
    }
  }
  return snapshot_;
}

}  // namespace pakt_bench::snapshot
