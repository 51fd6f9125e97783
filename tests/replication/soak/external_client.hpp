// A client of the soak in another process (SoakClient.cs under mono, soak_client.gd under
// godot3-server): started with the scene's name as its last argument, it prints a line "port N"
// (lines before it, an engine's banner say, are skipped) and then answers each snapshot datagram
// with one datagram (SoakClient.cs's header comment has the reply format). An empty datagram stops it.
#pragma once

#include <cstdint>
#include <string>
#include <sys/types.h>

namespace pakt_soak {

class ExternalClient {
 public:
  // Runs `command` (words separated by spaces) + " " + scene; throws std::runtime_error when it
  // cannot be started or does not print its port (60 s without output, or 64 kB without it).
  ExternalClient(const std::string& command, const std::string& scene);
  ~ExternalClient();  // waits for the process (after stop()), or kills it
  ExternalClient(const ExternalClient&) = delete;
  ExternalClient& operator=(const ExternalClient&) = delete;
  ExternalClient(ExternalClient&& other) noexcept;
  ExternalClient& operator=(ExternalClient&&) = delete;

  std::uint16_t port() const noexcept { return port_; }
  const std::string& command() const noexcept { return command_; }

 private:
  std::string command_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace pakt_soak
