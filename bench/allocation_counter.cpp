// Replaces malloc/calloc/realloc (forwarding to glibc's __libc_* entry points, which glibc exports
// for exactly this purpose) and operator new/delete (forwarding to malloc/free), so that every heap
// allocation of the process, including those inside libstdc++, protobuf and flatbuffers, is counted.
// free() is not replaced: glibc's free releases what __libc_malloc returned.
#include "allocation_counter.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
}

namespace {

std::atomic<std::uint64_t> allocation_count{0};

void CountAllocation() noexcept { allocation_count.fetch_add(1, std::memory_order_relaxed); }

void* AllocateOrThrow(std::size_t size) {
  void* pointer = std::malloc(size == 0 ? 1 : size);
  if (pointer == nullptr) throw std::bad_alloc();
  return pointer;
}

void* AllocateAlignedOrThrow(std::size_t size, std::align_val_t alignment) {
  CountAllocation();
  void* pointer = __libc_memalign(static_cast<std::size_t>(alignment), size == 0 ? 1 : size);
  if (pointer == nullptr) throw std::bad_alloc();
  return pointer;
}

}  // namespace

namespace pakt_bench {

std::uint64_t AllocationCount() noexcept { return allocation_count.load(std::memory_order_relaxed); }

}  // namespace pakt_bench

extern "C" {

void* malloc(std::size_t size) {
  CountAllocation();
  return __libc_malloc(size);
}

void* calloc(std::size_t count, std::size_t size) {
  CountAllocation();
  return __libc_calloc(count, size);
}

void* realloc(void* pointer, std::size_t size) {
  CountAllocation();
  return __libc_realloc(pointer, size);
}

}  // extern "C"

void* operator new(std::size_t size) { return AllocateOrThrow(size); }
void* operator new[](std::size_t size) { return AllocateOrThrow(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return std::malloc(size == 0 ? 1 : size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return std::malloc(size == 0 ? 1 : size); }
void* operator new(std::size_t size, std::align_val_t alignment) { return AllocateAlignedOrThrow(size, alignment); }
void* operator new[](std::size_t size, std::align_val_t alignment) { return AllocateAlignedOrThrow(size, alignment); }

void operator delete(void* pointer) noexcept { std::free(pointer); }
void operator delete[](void* pointer) noexcept { std::free(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { std::free(pointer); }
void operator delete[](void* pointer, std::size_t) noexcept { std::free(pointer); }
void operator delete(void* pointer, const std::nothrow_t&) noexcept { std::free(pointer); }
void operator delete[](void* pointer, const std::nothrow_t&) noexcept { std::free(pointer); }
void operator delete(void* pointer, std::align_val_t) noexcept { std::free(pointer); }
void operator delete[](void* pointer, std::align_val_t) noexcept { std::free(pointer); }
void operator delete(void* pointer, std::size_t, std::align_val_t) noexcept { std::free(pointer); }
void operator delete[](void* pointer, std::size_t, std::align_val_t) noexcept { std::free(pointer); }
