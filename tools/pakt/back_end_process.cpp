#include "back_end_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace pakt::cli {
namespace {

// Closes its file descriptor when it goes out of scope.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int* out() { return &fd_; }

 private:
  int fd_ = -1;
};

// A descriptor numbered 3 or above: when pakt runs with stdin or stdout closed, a new pipe may get
// descriptor 0 or 1, and dup2 onto itself would keep it close-on-exec (or clobber the other pipe).
[[nodiscard]] bool above_standard_streams(Fd& fd) {
  if (fd.get() > STDERR_FILENO) return true;
  const int moved = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  if (moved < 0) return false;
  fd.reset();
  *fd.out() = moved;
  return true;
}

// A pipe whose ends are closed on exec (the child gets dup2'd copies only).
[[nodiscard]] bool make_pipe(Fd& read_end, Fd& write_end) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  *read_end.out() = fds[0];
  *write_end.out() = fds[1];
  return above_standard_streams(read_end) && above_standard_streams(write_end);
}

std::vector<std::string> merged_environment(const std::vector<std::string>& overrides) {
  std::vector<std::string> out;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const std::string& o : overrides) replaced = replaced || o.compare(0, name.size() + 1, name + "=") == 0;
    if (!replaced) out.push_back(entry);
  }
  out.insert(out.end(), overrides.begin(), overrides.end());
  return out;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Feeds `input` to `to_child` while draining `from_child` (stdout) and `errors_from_child`
// (stderr), so that neither side blocks the other on a full pipe. A back end that exits without
// reading all its input is not an error here: its exit status tells.
void exchange(Fd& to_child, Fd& from_child, Fd& errors_from_child, const std::string& input, std::string& output,
              std::string& errors) {
  std::size_t written = 0;
  if (input.empty()) {
    to_child.reset();
  } else {
    ::fcntl(to_child.get(), F_SETFL, O_NONBLOCK);
  }
  const auto drain = [](Fd& from, std::string& into) {
    char buffer[4096];
    const ssize_t n = ::read(from.get(), buffer, sizeof buffer);
    if (n > 0) {
      into.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      from.reset();
    }
  };
  while (from_child.get() >= 0 || errors_from_child.get() >= 0) {
    // A closed descriptor (-1) is left out by poll.
    pollfd fds[3] = {{from_child.get(), POLLIN, 0}, {errors_from_child.get(), POLLIN, 0}, {to_child.get(), POLLOUT, 0}};
    if (::poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (fds[2].fd >= 0 && fds[2].revents != 0) {
      const ssize_t n = ::write(to_child.get(), input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if ((n < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) to_child.reset();
    }
    if (fds[0].fd >= 0 && fds[0].revents != 0) drain(from_child, output);
    if (fds[1].fd >= 0 && fds[1].revents != 0) drain(errors_from_child, errors);
  }
  to_child.reset();
}

}  // namespace

BackEndRun run_back_end(const std::string& program, const std::vector<std::string>& arguments,
                        const std::vector<std::string>& environment_overrides, const std::string& input) {
  BackEndRun run;
  Fd stdin_read, stdin_write, stdout_read, stdout_write, stderr_read, stderr_write;
  if (!make_pipe(stdin_read, stdin_write) || !make_pipe(stdout_read, stdout_write) ||
      !make_pipe(stderr_read, stderr_write)) {
    run.start_error = std::strerror(errno);
    return run;
  }
  // A back end that stops reading must not kill pakt with SIGPIPE; the write just fails.
  struct sigaction ignore = {};
  struct sigaction previous = {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, stdin_read.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, stdout_write.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, stderr_write.get(), STDERR_FILENO);
  std::vector<std::string> argv_strings = {program};
  argv_strings.insert(argv_strings.end(), arguments.begin(), arguments.end());
  std::vector<std::string> env_strings = merged_environment(environment_overrides);
  std::vector<char*> child_argv = c_strings(argv_strings);
  std::vector<char*> child_env = c_strings(env_strings);
  pid_t pid = 0;
  const int spawned = program.find('/') == std::string::npos
                          ? ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, child_argv.data(), child_env.data())
                          : ::posix_spawn(&pid, program.c_str(), &actions, nullptr, child_argv.data(), child_env.data());
  posix_spawn_file_actions_destroy(&actions);
  stdin_read.reset();
  stdout_write.reset();
  stderr_write.reset();
  if (spawned != 0) {
    ::sigaction(SIGPIPE, &previous, nullptr);
    run.start_error = std::strerror(spawned);
    return run;
  }
  run.started = true;
  exchange(stdin_write, stdout_read, stderr_read, input, run.output, run.errors);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ::sigaction(SIGPIPE, &previous, nullptr);
  if (WIFEXITED(status)) {
    run.exit_status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    run.exit_status = 128 + WTERMSIG(status);
  } else {
    run.exit_status = 1;
  }
  return run;
}

}  // namespace pakt::cli
