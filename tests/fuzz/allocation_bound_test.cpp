// Allocation per decode is bounded by a constant factor of the payload: a counting global
// operator new (this binary only) measures every byte each decoder requests while decoding
// hostile payloads (counts and lengths of 2^31-1, varint maxima, every type code) and the seed
// corpora. A decoder that sized a container from a count without checking it against the bytes
// that remain would request gigabytes here; the counting operator new refuses any single request
// above kLargestRequest (so such a bug fails the test instead of exhausting memory).
//
// usage: fuzz_allocation_bound_test CORPUS_ROOT [gtest options]
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "pakt/godot/codec.hpp"
#include "pakt/photon/protocol.hpp"
#include "framed.pakt.h"
#include "rich.pakt.h"

namespace {

// Counting is on only inside AllocatedBy(); the rest of the test allocates freely.
bool counting = false;
std::size_t bytes_requested = 0;
constexpr std::size_t kLargestRequest = std::size_t{1} << 24;

void* Allocate(std::size_t size) {
  if (counting) {
    if (size > kLargestRequest) throw std::bad_alloc();
    bytes_requested += size;
  }
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

}  // namespace

void* operator new(std::size_t size) { return Allocate(size); }
void* operator new[](std::size_t size) { return Allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

using Bytes = std::vector<std::uint8_t>;

// The documented bound (docs/security.md): bytes allocated while decoding a payload of n bytes
// stay below kBytesPerPayloadByte * n + kFixedAllowance (bytes requested in total, so a vector
// grown by doubling counts about twice). The factor covers the largest in-memory element per byte
// of its smallest wire form (DenseGodotArray: a Godot Variant per 4-byte NIL header, about 70
// bytes requested per payload byte); the allowance covers error messages and first buffers.
constexpr std::size_t kBytesPerPayloadByte = 128;
constexpr std::size_t kFixedAllowance = 4096;

std::size_t Bound(std::size_t payload_size) { return kBytesPerPayloadByte * payload_size + kFixedAllowance; }

// Bytes requested from operator new while decode() runs. An exception (a refused request above
// kLargestRequest) counts as unbounded.
template <class Decode>
std::size_t AllocatedBy(Decode&& decode) {
  bytes_requested = 0;
  counting = true;
  try {
    decode();
  } catch (const std::bad_alloc&) {
    counting = false;
    return static_cast<std::size_t>(-1);
  }
  counting = false;
  return bytes_requested;
}

// 16-byte payloads: each prefix (type codes, headers) followed by fills that make every count and
// length field as large as its encoding allows, shifted by 0-3 bytes to hit every alignment; and
// random payloads.
std::vector<Bytes> HostilePayloads(const std::vector<Bytes>& prefixes) {
  constexpr std::size_t kSize = 16;
  const std::vector<Bytes> fills = {
      {0xFF, 0xFF, 0xFF, 0x7F},        // int32 2^31-1, little-endian
      {0x7F, 0xFF, 0xFF, 0xFF},        // int32 2^31-1, big-endian
      {0xFF, 0xFF, 0xFF, 0xFF, 0x07},  // varint 2^32-1
      {0xFF},                          // all ones (also int16 / varint continuation)
      {0x01},                          // presence bytes and small counts
      {0x00, 0x00, 0x00, 0x40},        // 2^30, little-endian
  };
  std::vector<Bytes> payloads;
  for (const Bytes& prefix : prefixes) {
    for (const Bytes& fill : fills) {
      for (std::size_t shift = 0; shift < 4; ++shift) {
        Bytes p = prefix;
        p.insert(p.end(), shift, 0x00);
        for (std::size_t i = 0; p.size() < kSize; ++i) p.push_back(fill[i % fill.size()]);
        p.resize(kSize);
        payloads.push_back(p);
      }
    }
  }
  std::mt19937 random(20261202);
  for (int i = 0; i < 20000; ++i) {
    Bytes p(kSize);
    for (auto& b : p) b = static_cast<std::uint8_t>(random());
    payloads.push_back(p);
  }
  return payloads;
}

std::filesystem::path corpus_root;

std::vector<Bytes> CorpusPayloads(const std::string& target) {
  std::vector<Bytes> payloads;
  for (const auto& entry : std::filesystem::directory_iterator(corpus_root / target)) {
    std::ifstream in(entry.path(), std::ios::binary);
    payloads.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return payloads;
}

// Runs decode on every payload and checks the bound; returns how many payloads it ran.
template <class Decode>
std::size_t ExpectBounded(const std::vector<Bytes>& payloads, Decode&& decode) {
  std::size_t most = 0;
  std::size_t most_payload_size = 0;
  for (const Bytes& payload : payloads) {
    const std::size_t allocated = AllocatedBy([&] { decode(payload); });
    if (allocated > Bound(payload.size())) {
      ADD_FAILURE() << "decoding " << testing::PrintToString(payload) << " (" << payload.size()
                    << " bytes) allocated " << allocated << " bytes; the bound is " << Bound(payload.size());
      return 0;
    }
    if (allocated > most) {
      most = allocated;
      most_payload_size = payload.size();
    }
  }
  std::printf("  %zu payloads; most allocated: %zu bytes, for a payload of %zu bytes\n", payloads.size(), most,
              most_payload_size);
  return payloads.size();
}

// Keeps the allocations of the test below from being optimized away.
const void* volatile allocation_sink = nullptr;

// A decoder that sizes a container from an unchecked count must fail the check (a test of the test).
TEST(AllocationBound, CountingOperatorNewSeesEveryRequest) {
  EXPECT_EQ(AllocatedBy([] { allocation_sink = std::vector<std::uint64_t>(64).data(); }), 64 * sizeof(std::uint64_t));
  EXPECT_EQ(AllocatedBy([] { allocation_sink = std::vector<std::uint8_t>(0x7FFFFFFF).data(); }),
            static_cast<std::size_t>(-1));
  const std::size_t payload_size = 16;
  EXPECT_GT(AllocatedBy([] { allocation_sink = std::vector<std::uint8_t>(kLargestRequest).data(); }),
            Bound(payload_size));
}

// Deserialize is found by argument-dependent lookup (pakt::test or pakt::test::framed).
template <class Message, class Format>
void DecodeGenerated(const Bytes& payload, Format format) {
  Message m;
  (void)Deserialize(payload, m, format);
}

template <class Format>
void ExpectGeneratedBounded(const std::vector<Bytes>& payloads, Format format) {
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::Nested>(p, format); }),
            payloads.size());
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::Lists>(p, format); }),
            payloads.size());
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::Texts>(p, format); }),
            payloads.size());
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::Optionals>(p, format); }),
            payloads.size());
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::Versioned>(p, format); }),
            payloads.size());
  // Extensible messages: frame lengths of 2^31-1 and beyond the payload, frames nested in frames.
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::framed::Frame>(p, format); }),
            payloads.size());
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::framed::Framed>(p, format); }),
            payloads.size());
  EXPECT_EQ(ExpectBounded(payloads, [&](const Bytes& p) { DecodeGenerated<pakt::test::framed::Framing>(p, format); }),
            payloads.size());
}

TEST(AllocationBound, GeneratedCompact) {
  ExpectGeneratedBounded(HostilePayloads({{}}), pakt::compact);
  ExpectGeneratedBounded(CorpusPayloads("generated_compact"), pakt::compact);
}

TEST(AllocationBound, GeneratedMslima) {
  ExpectGeneratedBounded(HostilePayloads({{}}), pakt::mslima);
  ExpectGeneratedBounded(CorpusPayloads("generated_mslima"), pakt::mslima);
}

// Every Godot type id with no flags, FLAG_64 and the typed-container bits.
std::vector<Bytes> GodotHeaders() {
  std::vector<Bytes> headers;
  for (std::uint8_t type = 0; type < 40; ++type) {
    for (const std::uint8_t flags : Bytes{0x00, 0x01, 0x05, 0x0F}) headers.push_back({type, 0x00, flags, 0x00});
  }
  return headers;
}

void ExpectGodotBounded(const std::vector<Bytes>& payloads, pakt::godot::Version version) {
  for (const bool allow_objects : {false, true}) {
    pakt::godot::DecodeOptions options;
    options.version = version;
    options.allow_objects = allow_objects;
    EXPECT_EQ(ExpectBounded(payloads,
                            [&](const Bytes& p) {
                              pakt::godot::Variant v;
                              (void)pakt::godot::decode(p, v, options);
                            }),
              payloads.size());
  }
}

TEST(AllocationBound, Godot4) {
  ExpectGodotBounded(HostilePayloads(GodotHeaders()), pakt::godot::Version::godot4);
  ExpectGodotBounded(CorpusPayloads("godot4_objects"), pakt::godot::Version::godot4);
}

TEST(AllocationBound, Godot3) {
  ExpectGodotBounded(HostilePayloads(GodotHeaders()), pakt::godot::Version::godot3);
  ExpectGodotBounded(CorpusPayloads("godot3_objects"), pakt::godot::Version::godot3);
}

TEST(AllocationBound, GeneratedGodot4) {
  ExpectGeneratedBounded(HostilePayloads(GodotHeaders()), pakt::godot4);
  ExpectGeneratedBounded(CorpusPayloads("generated_godot4"), pakt::godot4);
}

TEST(AllocationBound, GeneratedGodot3) {
  ExpectGeneratedBounded(HostilePayloads(GodotHeaders()), pakt::godot3);
  ExpectGeneratedBounded(CorpusPayloads("generated_godot3"), pakt::godot3);
}

// The densest container: a Godot Array of Nils, one Variant per 4-byte header, the largest
// in-memory size per payload byte any decoder produces.
TEST(AllocationBound, DenseGodotArray) {
  constexpr std::uint32_t kElements = 2000;
  Bytes godot_array = {0x1C, 0x00, 0x00, 0x00};  // Godot 4 ARRAY (type 28), untyped
  for (int shift = 0; shift < 32; shift += 8) godot_array.push_back(static_cast<std::uint8_t>(kElements >> shift));
  godot_array.resize(godot_array.size() + 4 * kElements, 0x00);  // NIL headers
  ExpectGodotBounded({godot_array}, pakt::godot::Version::godot4);
  pakt::godot::Variant decoded;
  ASSERT_TRUE(pakt::godot::decode(godot_array, decoded, {}).ok());
  EXPECT_EQ(decoded.as<pakt::godot::Array>().elements.size(), kElements);
}

// The 0xF3 header with every message type, and kMessage with every value type code.
std::vector<Bytes> PhotonHeaders() {
  std::vector<Bytes> headers;
  for (const std::uint8_t type : Bytes{2, 3, 4, 6, 7, 9}) headers.push_back({0xF3, type, 0x01});
  for (int code = 0; code < 256; ++code) headers.push_back({0xF3, 0x08, static_cast<std::uint8_t>(code)});
  return headers;
}

void ExpectPhotonBounded(const std::vector<Bytes>& payloads, pakt::photon::Protocol protocol) {
  EXPECT_EQ(ExpectBounded(payloads,
                          [&](const Bytes& p) {
                            pakt::photon::Message m;
                            (void)pakt::photon::DecodeMessage(p, protocol, m);
                          }),
            payloads.size());
}

TEST(AllocationBound, Photon16) {
  ExpectPhotonBounded(HostilePayloads(PhotonHeaders()), pakt::photon::Protocol::k16);
  ExpectPhotonBounded(CorpusPayloads("photon16"), pakt::photon::Protocol::k16);
}

TEST(AllocationBound, Photon18) {
  ExpectPhotonBounded(HostilePayloads(PhotonHeaders()), pakt::photon::Protocol::k18);
  ExpectPhotonBounded(CorpusPayloads("photon18"), pakt::photon::Protocol::k18);
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_ROOT [gtest options]\n", argv[0]);
    return 2;
  }
  corpus_root = argv[1];
  return RUN_ALL_TESTS();
}
