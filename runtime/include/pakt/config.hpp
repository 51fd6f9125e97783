// Every compiler- and platform-specific spelling of the runtime and of generated code lives here;
// the rest of the code says what it means (PAKT_ALWAYS_INLINE, byte_swap, kHostBigEndian,
// PAKT_X86_SIMD) and compiles with any C++17 compiler. tests/generator/test_portability_spellings.py checks
// that nothing else in runtime/ or in generated C++ spells a compiler extension.
//
// Each switch has three answers: GCC and clang (GNU attributes and builtins), MSVC (its keywords
// and intrinsics), and portable standard C++ for anything else. Defining PAKT_PORTABLE_FALLBACKS
// (CMake option of the same name) makes every compiler take the portable answers, where there is
// one: no attributes, no builtins, no SIMD. The tests run that way in a pass of scripts/test.sh,
// so the code a compiler without GNU extensions takes is the code tested.
//
// Byte order has no portable C++17 answer; it comes from std::endian where C++20's <bit> has it,
// else from the compiler (GCC/clang's __BYTE_ORDER__; every MSVC target is little-endian). Define
// PAKT_HOST_BIG_ENDIAN to 0 or 1 on a compiler that tells neither.
#pragma once

#include <cstdint>

#if defined(__has_include)
#if __has_include(<version>)
#include <version>  // __cpp_lib_endian
#endif
#endif
#if defined(__cpp_lib_endian)
#include <bit>
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#include <stdlib.h>  // _byteswap_ushort, _byteswap_ulong, _byteswap_uint64
#endif

// Which family of spellings this build uses.
#if defined(PAKT_PORTABLE_FALLBACKS) && PAKT_PORTABLE_FALLBACKS
#define PAKT_GNU_EXTENSIONS 0
#define PAKT_MSVC_EXTENSIONS 0
#elif defined(__GNUC__) || defined(__clang__)
#define PAKT_GNU_EXTENSIONS 1
#define PAKT_MSVC_EXTENSIONS 0
#elif defined(_MSC_VER)
#define PAKT_GNU_EXTENSIONS 0
#define PAKT_MSVC_EXTENSIONS 1
#else
#define PAKT_GNU_EXTENSIONS 0
#define PAKT_MSVC_EXTENSIONS 0
#endif

// Function attributes. PAKT_ALWAYS_INLINE stands in place of `inline` (MSVC's __forceinline is
// itself the inline specifier); the others go before the declaration's specifiers.
// PAKT_LAMBDA_ALWAYS_INLINE goes after a lambda's parameter list.
#if PAKT_GNU_EXTENSIONS
#define PAKT_ALWAYS_INLINE [[gnu::always_inline]] inline
#define PAKT_NOINLINE [[gnu::noinline]]
#define PAKT_COLD [[gnu::cold]]
#define PAKT_FLATTEN [[gnu::flatten]]
#define PAKT_LAMBDA_ALWAYS_INLINE __attribute__((always_inline))
#elif PAKT_MSVC_EXTENSIONS
#define PAKT_ALWAYS_INLINE __forceinline
#define PAKT_NOINLINE __declspec(noinline)
#define PAKT_COLD
#define PAKT_FLATTEN
#define PAKT_LAMBDA_ALWAYS_INLINE
#else
#define PAKT_ALWAYS_INLINE inline
#define PAKT_NOINLINE
#define PAKT_COLD
#define PAKT_FLATTEN
#define PAKT_LAMBDA_ALWAYS_INLINE
#endif

// x86-64 SIMD (SSSE3/AVX2 byte shuffles, chosen per call by asking the CPU): GCC and clang only,
// through their target attributes and __builtin_cpu_supports. Elsewhere a word at a time.
#if PAKT_GNU_EXTENSIONS && defined(__x86_64__)
#define PAKT_X86_SIMD 1
#define PAKT_TARGET_SSSE3 [[gnu::target("ssse3")]]
#define PAKT_TARGET_AVX2 [[gnu::target("avx2")]]
#define PAKT_CPU_HAS_SSSE3() __builtin_cpu_supports("ssse3")
#define PAKT_CPU_HAS_AVX2() __builtin_cpu_supports("avx2")
#else
#define PAKT_X86_SIMD 0
#endif

// Diagnostics silenced around one declaration (clang only: GCC does not warn there).
#if defined(__clang__) && PAKT_GNU_EXTENSIONS
#define PAKT_CLANG_IGNORE_MISSING_FIELD_INITIALIZERS_BEGIN \
  _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wmissing-field-initializers\"")
#define PAKT_CLANG_IGNORE_MISSING_FIELD_INITIALIZERS_END _Pragma("clang diagnostic pop")
#else
#define PAKT_CLANG_IGNORE_MISSING_FIELD_INITIALIZERS_BEGIN
#define PAKT_CLANG_IGNORE_MISSING_FIELD_INITIALIZERS_END
#endif

namespace pakt::detail {

// True on a big-endian host (s390x, PowerPC in big-endian mode, ...).
#if defined(PAKT_HOST_BIG_ENDIAN)
inline constexpr bool kHostBigEndian = PAKT_HOST_BIG_ENDIAN != 0;
#elif defined(__cpp_lib_endian)
inline constexpr bool kHostBigEndian = std::endian::native == std::endian::big;
#elif defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__)
inline constexpr bool kHostBigEndian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
#elif defined(_MSC_VER)
inline constexpr bool kHostBigEndian = false;  // x86, x64, ARM and ARM64: all little-endian
#else
#error "pakt: cannot tell this host's byte order; define PAKT_HOST_BIG_ENDIAN to 0 or 1"
#endif

// A word with its bytes in reverse order. The shifts are what other compilers get (GCC and clang
// turn them into one bswap too, so the portable build costs nothing in speed there).
inline std::uint8_t byte_swap(std::uint8_t v) noexcept { return v; }
inline std::uint16_t byte_swap(std::uint16_t v) noexcept {
#if PAKT_GNU_EXTENSIONS
  return __builtin_bswap16(v);
#elif PAKT_MSVC_EXTENSIONS
  return _byteswap_ushort(v);
#else
  return static_cast<std::uint16_t>((v >> 8) | (v << 8));
#endif
}
inline std::uint32_t byte_swap(std::uint32_t v) noexcept {
#if PAKT_GNU_EXTENSIONS
  return __builtin_bswap32(v);
#elif PAKT_MSVC_EXTENSIONS
  return _byteswap_ulong(v);
#else
  return (v >> 24) | ((v >> 8) & 0x0000FF00u) | ((v << 8) & 0x00FF0000u) | (v << 24);
#endif
}
inline std::uint64_t byte_swap(std::uint64_t v) noexcept {
#if PAKT_GNU_EXTENSIONS
  return __builtin_bswap64(v);
#elif PAKT_MSVC_EXTENSIONS
  return _byteswap_uint64(v);
#else
  return (static_cast<std::uint64_t>(byte_swap(static_cast<std::uint32_t>(v))) << 32) |
         byte_swap(static_cast<std::uint32_t>(v >> 32));
#endif
}

}  // namespace pakt::detail
