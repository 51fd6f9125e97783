// The pakt tool's commands. Each lives in its own file; main.cpp declares the whole command line
// (CLI11: every subcommand, option and help text) and calls the run function of the command given
// with its parsed options. Every run function returns the process exit code: 0 ok, 1 bad input or
// errors found (compat: 2 when a schema has errors); usage errors (exit 2) never reach them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dynamic/formats.hpp"
#include "pakt/json.hpp"

namespace pakt::cli {

// pakt godot encode|decode (godot_command.cpp)
struct GodotOptions {
  bool encode = false;        // the subcommand: encode, else decode
  bool godot3 = false;        // --godot 3 (default 4)
  bool double_precision = false;  // encode --double
  bool full_objects = false;      // encode --full-objects
  bool allow_objects = false;     // decode --allow-objects
  bool binary = false;            // decode --binary
};
int run_godot(const GodotOptions& options);

// pakt photon decode|encode (photon_command.cpp)
enum class PhotonKind { kValue, kEvent, kRequest, kResponse, kMessage };
struct PhotonOptions {
  bool encode = false;                              // the subcommand: encode, else decode
  bool protocol16 = false;                          // --protocol 16 (default 18)
  PhotonKind kind = PhotonKind::kValue;             // --kind
  std::optional<std::string> schema;                // --schema
  dynamic::Format format = dynamic::Format::kMslima;  // --format (with --schema only)
};
int run_photon(const PhotonOptions& options);

// pakt check (check_command.cpp)
struct CheckOptions {
  std::vector<std::string> import_dirs;  // -I
  std::vector<std::string> schemas;
};
int run_check(const CheckOptions& options);

// pakt describe (describe_command.cpp)
struct DescribeOptions {
  std::vector<std::string> import_dirs;  // -I
  std::vector<std::string> schemas;
};
int run_describe(const DescribeOptions& options);

// pakt generate (generate_command.cpp)
struct GenerateOptions {
  std::string lang;                    // --lang (one of generate_languages())
  std::string out;                     // --out
  std::optional<std::string> formats;  // --formats, as the back end spells them (generate_formats_for_back_end)
  std::optional<std::string> godot;    // --godot 4|3 (gdscript: the engine generation's syntax)
  std::vector<std::string> import_dirs;  // -I
  std::optional<std::string> depfile;  // --depfile
  std::string python = "python3";      // --python
  std::optional<std::string> unity_package;  // --unity-package NAME[@VERSION] (csharp)
  std::vector<std::string> schemas;
};
int run_generate(const GenerateOptions& options);
// Why --unity-package NAME[@VERSION] is refused (Unity's package name rules, a semantic version),
// or "" when it is fine.
std::string unity_package_problem(const std::string& value);
// The languages that have a back end (--lang).
const std::vector<std::string>& generate_languages();
// The names --formats accepts, in the order help lists them.
const std::vector<std::string>& generate_format_names();
// --formats LIST as the back end takes it (godot4 and godot3 become its one godot codec, repeats
// dropped), or the reason LIST is refused.
bool generate_formats_for_back_end(const std::string& list, std::string& out, std::string& error);

// pakt compat (compat_command.cpp)
struct CompatOptions {
  std::string old_schema;
  std::string new_schema;
};
int run_compat(const CompatOptions& options);

// pakt encode (encode_command.cpp)
struct EncodeOptions {
  std::string schema;                                  // --schema
  std::string message;                                 // --message
  dynamic::Format format = dynamic::Format::kCompact;  // --format
  bool hex = false;                                    // --hex
  std::optional<std::string> baseline;               // --baseline (packed deltas)
};
int run_encode(const EncodeOptions& options);

// pakt decode (decode_command.cpp)
struct DecodeOptions {
  std::string schema;                                  // --schema
  std::string message;                                 // --message
  dynamic::Format format = dynamic::Format::kCompact;  // --format
  bool hex = false;                                    // --hex
  std::optional<std::string> baseline;               // --baseline (packed deltas)
  bool partial = false;                                // --partial
  JsonStyle style = JsonStyle::kShortest;              // --style
};
int run_decode(const DecodeOptions& options);

// pakt inspect (inspect_command.cpp)
struct InspectOptions {
  std::string schema;                                  // --schema
  std::string message;                                 // --message
  dynamic::Format format = dynamic::Format::kCompact;  // --format (not json)
  bool hex = false;                                    // --hex
  std::optional<std::string> baseline;               // --baseline (packed deltas)
};
int run_inspect(const InspectOptions& options);

// pakt sizes (sizes_command.cpp)
struct SizesOptions {
  std::string schema;                  // --schema
  std::optional<std::string> message;  // --message
  bool json = false;                   // --json
  std::optional<std::string> svg;      // --svg
  bool no_mono = false;                // --no-mono: no BinaryFormatter column (mono not run)
};
int run_sizes(const SizesOptions& options);

}  // namespace pakt::cli
