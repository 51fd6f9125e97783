#include "generator_dir.hpp"

#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <system_error>

#ifndef PAKT_SOURCE_GENERATOR_DIR
#error "PAKT_SOURCE_GENERATOR_DIR must be defined (tools/pakt/CMakeLists.txt)"
#endif

namespace pakt::cli {
namespace {

namespace fs = std::filesystem;

bool is_folder(const fs::path& path) {
  std::error_code ignored;
  return fs::is_directory(path, ignored);
}

}  // namespace

GeneratorDir find_generator_dir() {
  if (const char* env = std::getenv("PAKT_GENERATOR_DIR"); env != nullptr && *env != '\0') {
    // An explicit choice is used or refused, never silently replaced by another folder.
    if (is_folder(env)) return {env, ""};
    return {"", std::string("PAKT_GENERATOR_DIR '") + env + "' is not a directory"};
  }
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    const fs::path installed = (executable.parent_path() / ".." / "share" / "pakt" / "generator").lexically_normal();
    if (is_folder(installed)) return {installed.string(), ""};
  }
  if (is_folder(PAKT_SOURCE_GENERATOR_DIR)) return {PAKT_SOURCE_GENERATOR_DIR, ""};
  return {"", "cannot find the code generator: set PAKT_GENERATOR_DIR to the folder that holds pakt_gen/"};
}

std::vector<std::string> back_end_languages(const std::string& generator_path) {
  std::vector<std::string> languages;
  std::error_code error;
  for (fs::directory_iterator it(fs::path(generator_path) / "pakt_gen", error), end; !error && it != end;
       it.increment(error)) {
    std::error_code missing;  // a folder without names.yaml is no language (templates/, __pycache__/)
    if (fs::is_regular_file(it->path() / "names.yaml", missing)) languages.push_back(it->path().filename().string());
  }
  std::sort(languages.begin(), languages.end());
  return languages;
}

}  // namespace pakt::cli
