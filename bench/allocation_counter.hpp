// Counts heap allocations made by the benchmark process: malloc, calloc, realloc and every form of
// operator new are replaced in this binary (see allocation_counter.cpp) and bump one counter.
#pragma once

#include <cstdint>

namespace pakt_bench {

// Heap allocations since the process started.
std::uint64_t AllocationCount() noexcept;

}  // namespace pakt_bench
