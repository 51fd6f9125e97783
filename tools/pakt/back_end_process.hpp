// Runs a code generator back end as a child process (posix_spawn, no shell): the descriptor goes
// to its stdin; its stdout (the output files it wrote, one per line) and its stderr (its errors,
// which `pakt generate` relays) are collected.
#pragma once

#include <string>
#include <vector>

namespace pakt::cli {

struct BackEndRun {
  bool started = false;       // false: the program could not be run (start_error says why)
  std::string start_error;
  int exit_status = 0;        // the back end's exit status; 128 + N when signal N ended it
  std::string output;         // what it printed on stdout
  std::string errors;         // what it printed on stderr
};

// Runs `program` (looked up in PATH when it has no '/') with `arguments` (argv[1..]) and the
// environment variables in `environment_overrides` ("NAME=value") replacing ours.
[[nodiscard]] BackEndRun run_back_end(const std::string& program, const std::vector<std::string>& arguments,
                                      const std::vector<std::string>& environment_overrides,
                                      const std::string& input);

}  // namespace pakt::cli
