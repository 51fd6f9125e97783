// Makefile-style depfiles for `pakt generate --depfile` (the format CMake's
// add_custom_command(DEPFILE) and Ninja read): "<first output>: <every schema file>", absolute
// paths, spaces escaped as "\ ".
#pragma once

#include <string>
#include <vector>

namespace pakt::cli {

std::string depfile_text(const std::string& target, const std::vector<std::string>& prerequisites);

// Writes text to path unless the file already holds exactly that (so builds stay incremental).
[[nodiscard]] bool write_if_changed(const std::string& path, const std::string& text, std::string& error);

}  // namespace pakt::cli
