// replication_soak: pakt::replication over real UDP on 127.0.0.1 through a deterministic lossy
// relay (soak_run.hpp). One run prints its figures (text, or --json); --check runs the bounded
// configurations of the ctest `replication.soak` and exits 1 when a goal is missed.
//
//   replication_soak [--scene cubes|players] [--seconds-simulated N] [--clients K] [--history N]
//                    [--loss %] [--dup %] [--reorder %] [--delay-ms D] [--blackout-at S]
//                    [--blackout-ms MS] [--settled-from S] [--warm-up S] [--seed S]
//                    [--external-client COMMAND]... [--json] [--assert]
//   replication_soak --check
//
// --external-client adds a client in another process (SoakClient.cs: "mono SoakClient.exe";
// soak_client.gd: "godot3-server --no-window --path DIR -s res://soak_client.gd --"); --assert
// exits 1 when the run misses a goal (a desync, a refusal that changed state, slow recovery, ...).
//
// The manual table of bench/RESULTS.md ("Replication over lossy UDP"): soak_table.py.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "soak_run.hpp"

namespace {

using pakt_soak::Options;
using pakt_soak::RunFigures;
using pakt_soak::Scene;

[[noreturn]] void Usage(const std::string& why) {
  std::fprintf(stderr,
               "replication_soak: %s\n"
               "usage: replication_soak [--scene cubes|players] [--seconds-simulated N] [--clients K] [--history N]\n"
               "                        [--loss %%] [--dup %%] [--reorder %%] [--delay-ms D] [--blackout-at S]\n"
               "                        [--blackout-ms MS] [--settled-from S] [--warm-up S] [--seed S]\n"
               "                        [--external-client COMMAND]... [--json] [--assert]\n"
               "       replication_soak --check\n",
               why.c_str());
  std::exit(2);
}

double Number(const std::string& flag, const char* text, double lo, double hi) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(v >= lo && v <= hi)) {
    Usage(flag + " " + text + ": a number in " + std::to_string(lo) + ".." + std::to_string(hi) + " expected");
  }
  return v;
}

double Ms(std::int64_t us) { return static_cast<double>(us) / 1000; }

void PrintJson(const RunFigures& r) {
  const Options& o = r.options;
  std::printf(
      "{\"scene\": \"%s\", \"seconds\": %g, \"clients\": %zu, \"history\": %zu, \"loss\": %g, \"duplicate\": %g, "
      "\"reorder\": %g, \"delay_ms\": %g, \"rtt_ms\": %.3f, \"seed\": %llu, \"settled_from_s\": %g, "
      "\"blackout_at_s\": %g, \"blackout_ms\": %g, \"steady_seconds\": %.3f, "
      "\"snapshot_kbps\": %.3f, \"snapshot_kbps_udp_ip\": %.3f, \"ack_kbps\": %.3f, \"full_share\": %.5f, \"steady_full_share\": %.5f, "
      "\"recovery_first_ms\": %.3f, \"recovery_delta_ms\": %.3f, \"desyncs\": %llu, "
      "\"refusals_that_changed_state\": %llu, \"refused_stale\": %llu, \"refused_baseline\": %llu, "
      "\"refused_other\": %llu, \"applied\": %llu, \"received\": %llu, \"sent\": %llu, \"kernel_lost\": %llu, "
      "\"replication_calls\": %llu, \"replication_allocations\": %llu, \"refusal_allocations\": %llu, "
      "\"loop_allocations\": %llu, "
      "\"peak_rss_kb\": %ld, \"wall_seconds\": %.3f, \"first_error\": \"%s\"}\n",
      pakt_soak::SceneName(o.scene), o.seconds, o.clients, o.history, o.loss, o.duplicate, o.reorder, o.delay_ms,
      r.rtt_ms, static_cast<unsigned long long>(o.seed), o.settled_from_s, o.blackout_at_s, o.blackout_ms,
      r.steady_seconds, r.snapshot_kbps(), r.snapshot_kbps_with_udp_ip(), r.ack_kbps(), r.full_share(), r.steady_full_share(),
      Ms(r.worst_recovery_first_us()), Ms(r.worst_recovery_delta_us()), static_cast<unsigned long long>(r.desyncs()),
      static_cast<unsigned long long>(r.refusals_that_changed_state()), static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::refused_stale)),
      static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::refused_baseline)),
      static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::refused_other)),
      static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::applied)),
      static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::received)),
      static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::packets_sent)),
      static_cast<unsigned long long>(r.kernel_lost), static_cast<unsigned long long>(r.replication_calls),
      static_cast<unsigned long long>(r.replication_allocations),
      static_cast<unsigned long long>(r.refusal_allocations), static_cast<unsigned long long>(r.loop_allocations),
      r.peak_rss_kb, r.wall_seconds, r.first_error().c_str());
}

void PrintText(const RunFigures& r) {
  const Options& o = r.options;
  std::printf("%s, %zu C++ clients + %zu external, %g s simulated, loss %g%%, duplicate %g%%, reorder %g%%, delay %g ms (RTT %.1f ms)\n",
              pakt_soak::SceneName(o.scene), o.clients, o.external_clients.size(), o.seconds, o.loss * 100, o.duplicate * 100, o.reorder * 100,
              o.delay_ms, r.rtt_ms);
  std::printf("  per client, steady window (%.1f s from %g s): snapshots %.1f kbps (%.1f with UDP/IPv4 headers), acks %.1f kbps\n",
              r.steady_seconds, o.settled_from_s, r.snapshot_kbps(), r.snapshot_kbps_with_udp_ip(), r.ack_kbps());
  std::printf("  full snapshots: %.2f%% of the packets sent (%.2f%% in the steady window)\n", r.full_share() * 100,
              r.steady_full_share() * 100);
  if (o.blackout_at_s >= 0) {
    std::printf("  after the %g ms blackout at %g s: first packet applied after %.1f ms (%.2f RTT), first delta after %.1f ms (%.2f RTT)\n",
                o.blackout_ms, o.blackout_at_s, Ms(r.worst_recovery_first_us()), Ms(r.worst_recovery_first_us()) / r.rtt_ms,
                Ms(r.worst_recovery_delta_us()), Ms(r.worst_recovery_delta_us()) / r.rtt_ms);
  }
  std::printf("  applied %llu of %llu received (%llu sent); refused: %llu stale/duplicate, %llu unknown baseline, %llu other; "
              "desyncs %llu; refusals that changed state %llu\n",
              static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::applied)),
              static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::received)),
              static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::packets_sent)),
              static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::refused_stale)),
              static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::refused_baseline)),
              static_cast<unsigned long long>(r.total(&pakt_soak::ClientFigures::refused_other)),
              static_cast<unsigned long long>(r.desyncs()), static_cast<unsigned long long>(r.refusals_that_changed_state()));
  std::printf("  after warm-up (%g s): %llu allocations in %llu accepted replication calls, %llu in refused ones (their Status); "
              "%llu in the whole loop; peak RSS %.1f MB; %.1f s wall\n",
              o.warm_up_s, static_cast<unsigned long long>(r.replication_allocations),
              static_cast<unsigned long long>(r.replication_calls), static_cast<unsigned long long>(r.refusal_allocations),
              static_cast<unsigned long long>(r.loop_allocations), static_cast<double>(r.peak_rss_kb) / 1024, r.wall_seconds);
  for (const pakt_soak::ClientFigures& c : r.clients) {
    if (c.implementation == "C++") continue;
    std::printf("  client `%s`: applied %llu of %llu received, refused %llu stale/duplicate, %llu unknown baseline, "
                "%llu other; desyncs %llu; refusals that changed state %llu",
                c.implementation.c_str(), static_cast<unsigned long long>(c.applied),
                static_cast<unsigned long long>(c.received), static_cast<unsigned long long>(c.refused_stale),
                static_cast<unsigned long long>(c.refused_baseline), static_cast<unsigned long long>(c.refused_other),
                static_cast<unsigned long long>(c.desyncs), static_cast<unsigned long long>(c.refusals_that_changed_state));
    if (o.blackout_at_s >= 0) {
      std::printf("; recovery %.1f ms / first delta %.1f ms", Ms(c.recovery_first_us), Ms(c.recovery_delta_us));
    }
    std::printf("\n");
  }
  if (!r.first_error().empty()) std::printf("  first error: %s\n", r.first_error().c_str());
}

// The goals every run must meet; prints what failed.
bool MeetsGoals(const RunFigures& r, const char* name) {
  bool ok = true;
  auto fail = [&](const std::string& what) {
    std::printf("FAIL %s: %s\n", name, what.c_str());
    ok = false;
  };
  if (r.desyncs() != 0) fail(std::to_string(r.desyncs()) + " desyncs (" + r.first_error() + ")");
  if (r.refusals_that_changed_state() != 0) fail("a refused packet changed state (" + r.first_error() + ")");
  if (r.total(&pakt_soak::ClientFigures::refused_other) != 0) fail("unexpected refusals (" + r.first_error() + ")");
  if (r.total(&pakt_soak::ClientFigures::acks_refused) != 0) fail("refused acks (" + r.first_error() + ")");
  if (r.kernel_lost != 0) fail(std::to_string(r.kernel_lost) + " datagrams lost on loopback");
  if (r.replication_allocations != 0) {
    fail(std::to_string(r.replication_allocations) + " allocations in " + std::to_string(r.replication_calls) +
         " replication calls after warm-up");
  }
  if (r.options.blackout_at_s >= 0) {
    const double limit = 3 * r.rtt_ms;
    const double first = Ms(r.worst_recovery_first_us()), delta = Ms(r.worst_recovery_delta_us());
    if (first < 0 || first > limit) fail("first packet applied " + std::to_string(first) + " ms after the blackout (3 RTT: " + std::to_string(limit) + ")");
    if (delta < 0 || delta > limit) fail("first delta applied " + std::to_string(delta) + " ms after the blackout (3 RTT: " + std::to_string(limit) + ")");
  }
  return ok;
}

// The ctest: bounded runs with fixed seeds (a few seconds of simulated time each).
int Check() {
  bool ok = true;
  auto run = [&](const char* name, Options o) {
    const RunFigures r = pakt_soak::RunSoak(o);
    std::printf("== %s\n", name);
    PrintText(r);
    ok = MeetsGoals(r, name) && ok;
    return r;
  };
  Options cubes;
  cubes.scene = Scene::kCubes;
  cubes.seconds = 16;
  cubes.settled_from_s = 10;  // the dropped cubes have come to rest by 5 s; the player cube keeps pushing
  cubes.clients = 2;
  cubes.seed = 31;
  const RunFigures lossless = run("cubes, lossless", cubes);
  Options lossy = cubes;
  lossy.loss = 0.10;
  const RunFigures ten = run("cubes, 10% loss", lossy);
  const double ratio = ten.snapshot_kbps() / lossless.snapshot_kbps();
  std::printf("== cubes settled: 10%% loss / lossless bandwidth per client: %.3f (goal: at most 1.3)\n", ratio);
  if (!(ratio <= 1.3)) {
    std::printf("FAIL cubes: bandwidth at 10%% loss is %.3f times the lossless figure\n", ratio);
    ok = false;
  }
  Options harsh = cubes;
  harsh.loss = 0.25;
  harsh.duplicate = 0.10;
  harsh.reorder = 0.10;
  harsh.blackout_at_s = 10;
  run("cubes, 25% loss, 10% duplicated, 10% reordered, 2 s blackout", harsh);
  Options players = harsh;
  players.scene = Scene::kPlayers;
  players.clients = 3;
  players.seconds = 8;
  players.settled_from_s = 0;
  players.blackout_at_s = 3;
  const RunFigures first = run("players, 25% loss, 10% duplicated, 10% reordered, 2 s blackout", players);
  // The relay is a function of the seed: the same run again gives the same figures.
  const RunFigures again = pakt_soak::RunSoak(players);
  for (std::size_t i = 0; i < first.clients.size(); ++i) {
    const pakt_soak::ClientFigures &a = first.clients[i], &b = again.clients[i];
    if (a.snapshot_bytes != b.snapshot_bytes || a.ack_bytes != b.ack_bytes || a.applied != b.applied ||
        a.refused_stale != b.refused_stale || a.recovery_delta_us != b.recovery_delta_us) {
      std::printf("FAIL players: client %zu's figures differ between two runs with the same seed\n", i);
      ok = false;
    }
  }
  players.loss = 0.05;
  players.duplicate = 0.05;
  players.reorder = 0.25;
  players.delay_ms = 10;
  players.seed = 7;
  run("players, 5% loss, 5% duplicated, 25% reordered, 10 ms delay, 2 s blackout", players);
  std::printf(ok ? "replication_soak --check: every goal met\n" : "replication_soak --check: FAILED\n");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Options o;
    bool json = false;
    bool assert_goals = false;
    for (int i = 1; i < argc; ++i) {
      const std::string flag = argv[i];
      if (flag == "--check") return Check();
      if (flag == "--json") {
        json = true;
        continue;
      }
      if (flag == "--assert") {
        assert_goals = true;
        continue;
      }
      if (i + 1 >= argc) Usage(flag + ": unknown, or missing its value");
      const char* value = argv[++i];
      if (flag == "--scene") {
        const std::string v = value;
        if (v != "cubes" && v != "players") Usage("--scene " + v + ": cubes or players expected");
        o.scene = v == "cubes" ? Scene::kCubes : Scene::kPlayers;
      } else if (flag == "--seconds-simulated") {
        o.seconds = Number(flag, value, 0.1, 86400);
      } else if (flag == "--clients") {
        o.clients = static_cast<std::size_t>(Number(flag, value, 1, 64));
      } else if (flag == "--history") {
        o.history = static_cast<std::size_t>(Number(flag, value, 1, 255));
      } else if (flag == "--loss") {
        o.loss = Number(flag, value, 0, 100) / 100;
      } else if (flag == "--dup") {
        o.duplicate = Number(flag, value, 0, 100) / 100;
      } else if (flag == "--reorder") {
        o.reorder = Number(flag, value, 0, 100) / 100;
      } else if (flag == "--delay-ms") {
        o.delay_ms = Number(flag, value, 0, 10000);
      } else if (flag == "--blackout-at") {
        o.blackout_at_s = Number(flag, value, 0, 86400);
      } else if (flag == "--blackout-ms") {
        o.blackout_ms = Number(flag, value, 0, 600000);
      } else if (flag == "--settled-from") {
        o.settled_from_s = Number(flag, value, 0, 86400);
      } else if (flag == "--warm-up") {
        o.warm_up_s = Number(flag, value, 0, 86400);
      } else if (flag == "--external-client") {
        o.external_clients.push_back(value);
      } else if (flag == "--seed") {
        o.seed = static_cast<std::uint64_t>(Number(flag, value, 0, 9007199254740992.0));
      } else {
        Usage(flag + ": unknown option");
      }
    }
    const RunFigures r = pakt_soak::RunSoak(o);
    if (json) {
      PrintJson(r);
    } else {
      PrintText(r);
    }
    if (assert_goals && !MeetsGoals(r, "this run")) return 1;
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "replication_soak: %s\n", e.what());
    return 1;
  }
}
