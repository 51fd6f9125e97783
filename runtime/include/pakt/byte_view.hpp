// ByteView: a non-owning, read-only view of bytes (a C++17 stand-in for std::span<const uint8_t>).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace pakt {

class ByteView {
 public:
  constexpr ByteView() noexcept = default;
  constexpr ByteView(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size) {}
  ByteView(const std::vector<std::uint8_t>& bytes) noexcept  // NOLINT: implicit by design
      : data_(bytes.data()), size_(bytes.size()) {}
  template <std::size_t N>
  constexpr ByteView(const std::array<std::uint8_t, N>& bytes) noexcept  // NOLINT: implicit by design
      : data_(bytes.data()), size_(N) {}

  constexpr const std::uint8_t* data() const noexcept { return data_; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr const std::uint8_t* begin() const noexcept { return data_; }
  constexpr const std::uint8_t* end() const noexcept { return data_ + size_; }
  constexpr std::uint8_t operator[](std::size_t i) const noexcept { return data_[i]; }

  // The bytes [offset, offset + count), clamped to the view.
  constexpr ByteView subview(std::size_t offset, std::size_t count = static_cast<std::size_t>(-1)) const noexcept {
    if (offset > size_) offset = size_;
    const std::size_t left = size_ - offset;
    return ByteView(data_ + offset, count < left ? count : left);
  }

 private:
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace pakt
