"""Nothing in runtime/ or in freshly generated C++ spells a compiler extension; pakt/config.hpp owns
every such spelling (GNU attributes and builtins, MSVC keywords, predefined compiler and platform
macros, pragmas), so a compiler without GNU extensions (MSVC) builds what the others build.

Forbidden outside config.hpp, comments and string literals excluded: identifiers with a double underscore or an
underscore and a capital letter (the implementation's names: __builtin_*, __attribute__,
__BYTE_ORDER__, __x86_64__, _MSC_VER, __declspec...) other than the standard ones and the SSE/AVX
register types; attributes in a vendor namespace ([[gnu::...]], [[clang::...]], [[msvc::...]]);
pragmas other than `#pragma once`.
"""

import glob
import os
import re

import pytest

from conftest import ROOT, run_pakt

CONFIG_HEADER = os.path.join(ROOT, "runtime", "include", "pakt", "config.hpp")
SCHEMAS = sorted(glob.glob(os.path.join(ROOT, "schemas", "*.yaml")) +
                 glob.glob(os.path.join(ROOT, "tests", "schemas", "*.yaml")))

STANDARD_NAMES = {"__cplusplus", "__has_include", "__FILE__", "__LINE__", "__func__", "__VA_ARGS__",
                  "__m128i", "__m256i"}  # the last two: <immintrin.h>'s types, only under PAKT_X86_SIMD
RESERVED_NAME = re.compile(r"(?<![\w])(__\w+|_[A-Z]\w*)")
VENDOR_ATTRIBUTE = re.compile(r"\[\[[^\]]*\b(gnu|clang|msvc)::")
PRAGMA = re.compile(r"^\s*#\s*pragma\b(?!\s+once\b)|\b_Pragma\b|\b__pragma\b")
STRING_OR_COMMENT = re.compile(r"""'(?:\\.|[^'\\\n])'|"(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/""", re.S)


def without_comments_and_strings(text):
    """C++ source text without its comments and the contents of its string and character literals."""
    return STRING_OR_COMMENT.sub(lambda m: m.group(0)[0] * 2 if m.group(0)[0] in "'\"" else
                                 "\n" * m.group(0).count("\n"), text)


def compiler_spellings(text):
    """(line number, what) for every compiler- or platform-specific spelling in C++ source text."""
    found = []
    for number, line in enumerate(without_comments_and_strings(text).splitlines(), start=1):
        for name in RESERVED_NAME.findall(line):
            if name not in STANDARD_NAMES:
                found.append((number, name))
        if VENDOR_ATTRIBUTE.search(line):
            found.append((number, VENDOR_ATTRIBUTE.search(line).group(0)))
        if PRAGMA.search(line):
            found.append((number, line.strip()))
    return found


def spellings_in_files(paths):
    return [f"{os.path.relpath(path, ROOT)}:{number}: {what}"
            for path in paths for number, what in compiler_spellings(open(path, encoding="utf-8").read())]


def test_the_scanner_finds_each_kind_of_spelling():
    text = """#pragma once
// __builtin_bswap32 in a comment is fine, and so is [[gnu::cold]]
#pragma GCC diagnostic push
[[nodiscard, gnu::always_inline]] inline int f(int v) { return __builtin_bswap32(v); }
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ || defined(_MSC_VER)
__declspec(noinline) void g();
#endif
__m128i ok(); int line = __LINE__; const char* s = "[[gnu::x]] only text";
"""
    assert [what for _, what in compiler_spellings(text)] == [
        "#pragma GCC diagnostic push", "__builtin_bswap32", "[[nodiscard, gnu::",
        "__BYTE_ORDER__", "__ORDER_BIG_ENDIAN__", "_MSC_VER", "__declspec"]


def test_runtime_spells_no_compiler_extension_outside_config_hpp():
    paths = [p for p in glob.glob(os.path.join(ROOT, "runtime", "**", "*.[ch]pp"), recursive=True)
             if os.path.abspath(p) != CONFIG_HEADER]
    assert len(paths) > 40
    assert spellings_in_files(paths) == []


def test_generated_cpp_spells_no_compiler_extension(tmp_path):
    code, _, err = run_pakt("generate", "--lang", "cpp", "--out", str(tmp_path), *SCHEMAS)
    assert code == 0, err
    paths = sorted(glob.glob(str(tmp_path / "*.pakt.*")))
    assert len(paths) == 2 * len(SCHEMAS)
    assert spellings_in_files(paths) == []


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__]))
