#include "allocation_count.hpp"

#include <cstddef>
#include <cstdlib>
#include <new>

namespace {

std::uint64_t allocation_count = 0;  // single-threaded binary

void* Allocate(std::size_t size) {
  ++allocation_count;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

}  // namespace

namespace pakt_soak {

std::uint64_t AllocationCount() noexcept { return allocation_count; }

}  // namespace pakt_soak

void* operator new(std::size_t size) { return Allocate(size); }
void* operator new[](std::size_t size) { return Allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
