// Where the code generator back ends (the Python package pakt_gen) live.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pakt::cli {

struct GeneratorDir {
  std::string path;   // the folder that holds pakt_gen/ (what PYTHONPATH needs)
  std::string error;  // set when no folder was found
};

// In this order: $PAKT_GENERATOR_DIR; <folder of the pakt executable>/../share/pakt/generator (the
// installed layout, cmake/PaktInstall.cmake); the source tree's generator/ that this pakt was built
// from (a build tree).
[[nodiscard]] GeneratorDir find_generator_dir();

// The languages that have a back end in `generator_path`: the folders pakt_gen/<lang>/ that hold
// the language's naming rules (names.yaml), sorted. The back end (generator/pakt_gen/cli.py) finds
// its languages the same way.
[[nodiscard]] std::vector<std::string> back_end_languages(const std::string& generator_path);

}  // namespace pakt::cli
