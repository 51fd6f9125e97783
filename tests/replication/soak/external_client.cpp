#include "external_client.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <poll.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace pakt_soak {

ExternalClient::ExternalClient(const std::string& command, const std::string& scene) : command_(command) {
  std::vector<std::string> words;
  std::istringstream split(command);
  for (std::string w; split >> w;) words.push_back(w);
  if (words.empty()) throw std::runtime_error("an empty external client command");
  words.push_back(scene);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  int out[2];
  if (::pipe(out) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid_ == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::close(out[0]);
    ::close(out[1]);
    ::execvp(argv[0], argv.data());
    std::fprintf(stderr, "replication_soak: cannot run %s: %s\n", argv[0], std::strerror(errno));
    ::_exit(127);
  }
  ::close(out[1]);
  // The first line that reads "port N" (an engine may print a banner first): at most 64 kB of output,
  // at most 60 s without any.
  std::string printed;
  unsigned port = 0;
  pollfd waiting{out[0], POLLIN, 0};
  for (std::size_t line_start = 0; port == 0;) {
    const std::size_t end = printed.find('\n', line_start);
    if (end != std::string::npos) {
      if (std::sscanf(printed.c_str() + line_start, "port %u", &port) != 1 || port > 65535) port = 0;
      line_start = end + 1;
      continue;
    }
    if (printed.size() > (64u << 10) || ::poll(&waiting, 1, 60000) <= 0) break;
    char c[256];
    const ssize_t n = ::read(out[0], c, sizeof c);
    if (n <= 0) break;
    printed.append(c, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  if (port == 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
    throw std::runtime_error("external client `" + command + " " + scene + "` did not print \"port N\" (it printed \"" +
                             printed.substr(printed.size() > 2000 ? printed.size() - 2000 : 0) + "\")");
  }
  port_ = static_cast<std::uint16_t>(port);
}

ExternalClient::ExternalClient(ExternalClient&& other) noexcept
    : command_(std::move(other.command_)), pid_(other.pid_), port_(other.port_) {
  other.pid_ = -1;
}

ExternalClient::~ExternalClient() {
  if (pid_ <= 0) return;
  // The soak sent the empty datagram that stops it; give it a moment, then kill it.
  for (int i = 0; i < 100; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
    ::usleep(20000);
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

}  // namespace pakt_soak
