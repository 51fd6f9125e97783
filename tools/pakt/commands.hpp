// The pakt tool's subcommands. Each lives in its own file; main.cpp only dispatches.
// Every command takes the arguments after its name and returns the process exit code:
// 0 ok, 1 bad input (one clear error line on stderr), 2 usage error.
#pragma once

namespace pakt::cli {

int run_godot(int argc, char** argv);   // pakt godot encode|decode   (godot_command.cpp)
int run_photon(int argc, char** argv);  // pakt photon decode|encode  (photon_command.cpp)
int run_check(int argc, char** argv);    // pakt check                 (check_command.cpp)
int run_describe(int argc, char** argv);  // pakt describe            (describe_command.cpp)
int run_generate(int argc, char** argv);  // pakt generate            (generate_command.cpp)
int run_compat(int argc, char** argv);   // pakt compat                (compat_command.cpp)
int run_encode(int argc, char** argv);   // pakt encode                (encode_command.cpp)
int run_decode(int argc, char** argv);   // pakt decode                (decode_command.cpp)
int run_inspect(int argc, char** argv);  // pakt inspect               (inspect_command.cpp)
int run_sizes(int argc, char** argv);    // pakt sizes                 (sizes_command.cpp)

}  // namespace pakt::cli
