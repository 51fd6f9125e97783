// Counts operator new calls of this binary (allocation_count.cpp replaces the global operator new),
// so that the soak can say how many allocations the replication calls make per packet.
#pragma once

#include <cstdint>

namespace pakt_soak {

// operator new calls since the process started.
std::uint64_t AllocationCount() noexcept;

}  // namespace pakt_soak
