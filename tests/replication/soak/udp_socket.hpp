// A non-blocking UDP socket bound to 127.0.0.1 on an ephemeral port (the soak test's only I/O).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pakt_soak {

class UdpSocket {
 public:
  // Binds 127.0.0.1:0; throws std::runtime_error (with errno's text) when the socket cannot be made.
  UdpSocket();
  ~UdpSocket();
  UdpSocket(const UdpSocket&) = delete;
  UdpSocket& operator=(const UdpSocket&) = delete;
  UdpSocket(UdpSocket&& other) noexcept;
  UdpSocket& operator=(UdpSocket&&) = delete;

  std::uint16_t port() const noexcept { return port_; }
  // Sends one datagram to 127.0.0.1:port; throws std::runtime_error when the kernel refuses it.
  void send_to(std::uint16_t port, const std::uint8_t* data, std::size_t size);
  // Receives one datagram if one is queued, waiting at most timeout_ms for it (0: never waits).
  // Returns false when none came; `from_port` is the sender's port.
  bool receive(std::uint8_t* buffer, std::size_t capacity, std::size_t& size, std::uint16_t& from_port,
               int timeout_ms);

 private:
  int fd_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace pakt_soak
