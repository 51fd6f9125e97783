#include "import_dir_option.hpp"

#include <cstring>

namespace pakt::cli {

ImportDirMatch take_import_dir(int argc, char** argv, int& i, std::vector<std::string>& dirs) {
  const char* arg = argv[i];
  const char* value = nullptr;
  if (std::strcmp(arg, "-I") == 0 || std::strcmp(arg, "--import-dir") == 0) {
    if (i + 1 >= argc) return ImportDirMatch::kMissingValue;
    value = argv[++i];
  } else if (std::strncmp(arg, "-I", 2) == 0) {
    value = arg + 2;
  } else if (std::strncmp(arg, "--import-dir=", 13) == 0) {
    value = arg + 13;
  } else {
    return ImportDirMatch::kNone;
  }
  dirs.emplace_back(value);
  return ImportDirMatch::kTaken;
}

}  // namespace pakt::cli
