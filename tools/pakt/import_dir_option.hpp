// `-I DIR`, `-IDIR`, `--import-dir DIR` and `--import-dir=DIR`: the import folders of the schema
// commands (check, describe, generate), spelled as pakt-gen's argparse accepts them.
#pragma once

#include <string>
#include <vector>

namespace pakt::cli {

enum class ImportDirMatch {
  kNone,          // argv[i] is another argument
  kTaken,         // the folder was appended to dirs; i points at the last argument used
  kMissingValue,  // `-I` or `--import-dir` at the end
};

[[nodiscard]] ImportDirMatch take_import_dir(int argc, char** argv, int& i, std::vector<std::string>& dirs);

}  // namespace pakt::cli
