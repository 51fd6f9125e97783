// pakt — the command-line tool. main builds the command line (command_line.hpp: CLI11 with pakt's
// help layout) and asks every command to add itself: each <name>_command.cpp declares its own
// subcommand, options, help text and exit codes. CLI11 parses (options and subcommands in any
// order) and writes --help; the command given runs.
#include <cstdio>
#include <exception>

#include "command_line.hpp"

int main(int argc, char** argv) {
  try {
    pakt::cli::CommandLine line(
        "pakt: schema-driven payloads - check, describe and generate code from schemas; encode, decode and\n"
        "inspect messages; Godot Variant and Photon values as typed JSON.",
        "Run 'pakt <command> --help' for a command's options.");
    for (const pakt::cli::AddCommand add : pakt::cli::registered_commands()) add(line);
    return line.run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pakt: error: %s\n", e.what());
    return 1;
  }
}
