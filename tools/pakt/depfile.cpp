#include "depfile.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace pakt::cli {
namespace {

// os.path.abspath: absolute and normalized, without a trailing separator.
std::string absolute_path(const std::string& path) {
  std::error_code ignored;
  std::string normal = std::filesystem::absolute(path, ignored).lexically_normal().string();
  if (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  return normal;
}

std::string escaped(const std::string& path) {
  std::string out;
  for (const char c : path) {
    if (c == ' ') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string depfile_text(const std::string& target, const std::vector<std::string>& prerequisites) {
  std::string text = escaped(absolute_path(target)) + ":";
  for (const std::string& p : prerequisites) text += " " + escaped(absolute_path(p));
  return text + "\n";
}

bool write_if_changed(const std::string& path, const std::string& text, std::string& error) {
  if (std::FILE* existing = std::fopen(path.c_str(), "rb")) {
    std::string old;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, existing)) > 0) old.append(buffer, n);
    const bool read_ok = std::ferror(existing) == 0;
    std::fclose(existing);
    if (read_ok && old == text) return true;
  }
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    error = std::strerror(errno);
    return false;
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  const int saved = errno;
  if (std::fclose(file) != 0 || !written) {
    error = std::strerror(written ? errno : saved);
    return false;
  }
  return true;
}

}  // namespace pakt::cli
