#include "udp_socket.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace pakt_soak {
namespace {

[[noreturn]] void Fail(const std::string& what) {
  throw std::runtime_error("udp: " + what + ": " + std::strerror(errno));
}

sockaddr_in Loopback(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

}  // namespace

UdpSocket::UdpSocket() {
  fd_ = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0) Fail("socket(AF_INET, SOCK_DGRAM)");
  // Room for a few ticks of full CubeScene snapshots (about 10 kB each); the kernel caps it at rmem_max.
  const int buffer = 4 << 20;
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
  ::setsockopt(fd_, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);
  sockaddr_in address = Loopback(0);
  if (::bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int saved = errno;
    ::close(fd_);
    errno = saved;
    Fail("bind 127.0.0.1:0");
  }
  socklen_t length = sizeof address;
  if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) Fail("getsockname");
  port_ = ntohs(address.sin_port);
}

UdpSocket::~UdpSocket() {
  if (fd_ >= 0) ::close(fd_);
}

UdpSocket::UdpSocket(UdpSocket&& other) noexcept : fd_(other.fd_), port_(other.port_) { other.fd_ = -1; }

void UdpSocket::send_to(std::uint16_t port, const std::uint8_t* data, std::size_t size) {
  const sockaddr_in address = Loopback(port);
  for (;;) {
    const ssize_t sent = ::sendto(fd_, data, size, 0, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    if (sent == static_cast<ssize_t>(size)) return;
    if (sent < 0 && errno == EINTR) continue;
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {  // the send buffer is full: wait
      pollfd waiting{fd_, POLLOUT, 0};
      ::poll(&waiting, 1, 100);
      continue;
    }
    Fail("sendto 127.0.0.1:" + std::to_string(port) + " (" + std::to_string(size) + " bytes)");
  }
}

bool UdpSocket::receive(std::uint8_t* buffer, std::size_t capacity, std::size_t& size, std::uint16_t& from_port,
                        int timeout_ms) {
  for (;;) {
    sockaddr_in from{};
    socklen_t length = sizeof from;
    const ssize_t got = ::recvfrom(fd_, buffer, capacity, 0, reinterpret_cast<sockaddr*>(&from), &length);
    if (got >= 0) {
      size = static_cast<std::size_t>(got);
      from_port = ntohs(from.sin_port);
      return true;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) Fail("recvfrom");
    if (timeout_ms <= 0) return false;
    pollfd waiting{fd_, POLLIN, 0};
    const int ready = ::poll(&waiting, 1, timeout_ms);
    if (ready < 0 && errno != EINTR) Fail("poll");
    if (ready == 0) return false;
    timeout_ms = 0;  // readable now (or interrupted): one more try without waiting
  }
}

}  // namespace pakt_soak
