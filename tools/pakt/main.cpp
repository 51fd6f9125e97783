// pakt — command-line tool: inspect, encode, decode and compare payloads.
#include <cstdio>
#include <cstring>

#include "commands.hpp"

namespace {

struct Command {
  const char* name;
  int (*run)(int, char**);
  const char* summary;
};

constexpr Command kCommands[] = {
    {"godot", pakt::cli::run_godot, "encode/decode Godot Variant bytes (var_to_bytes) as typed JSON"},
    {"photon", pakt::cli::run_photon, "decode/encode Photon Protocol 1.6/1.8 values and messages as typed JSON"},
    {"check", pakt::cli::run_check, "validate schemas (the generator's rules and diagnostics)"},
    {"describe", pakt::cli::run_describe, "the schema descriptor (JSON) that code generator back ends read"},
    {"generate", pakt::cli::run_generate, "generate code from schemas: the front end, then a language's back end"},
    {"compat", pakt::cli::run_compat, "list the changes from an old schema to a new one that break old peers"},
    {"encode", pakt::cli::run_encode, "JSON -> a message in compact, mslima, godot4, godot3 or json"},
    {"decode", pakt::cli::run_decode, "a message in any format -> JSON; errors name the offset and field"},
    {"inspect", pakt::cli::run_inspect, "annotated hex dump of a message: offset, bytes, field path, value"},
    {"sizes", pakt::cli::run_sizes, "bytes of each message example in every encoding (table, JSON, SVG)"},
};

void usage(std::FILE* out) {
  std::fprintf(out, "usage: pakt <command> [options]\n\ncommands:\n");
  for (const Command& c : kCommands) std::fprintf(out, "  %-10s %s\n", c.name, c.summary);
  std::fprintf(out, "\nRun 'pakt <command> --help' for a command's options.\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  if (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    usage(stdout);
    return 0;
  }
  for (const Command& c : kCommands) {
    if (std::strcmp(argv[1], c.name) == 0) return c.run(argc - 2, argv + 2);
  }
  std::fprintf(stderr, "pakt: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return 2;
}
