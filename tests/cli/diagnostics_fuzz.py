#!/usr/bin/env python3
"""Property test of schema validation (issue #18 item 5): mutated copies of the project's schemas
(seeded) checked by `pakt check`. Every mutant differs from its seed; `pakt check` exits 0 or 1,
never crashes; on exit 1 every stderr line but the last is a `file:line:col: error: message` line
pointing within its file, and the last one is the "N error(s)" count; on exit 0 nothing is printed.
No control character but the line feeds reaches stderr (schema text in a message is escaped), also
for mutants with CRLF lines and control characters in quoted keys.
At least MIN_ERROR_SHARE of the mutants must produce errors (so the mutations exercise the checks).
Mutations never leave a quote unterminated: yaml-cpp 0.7 accepts a quoted scalar that runs to the
end of the file.

usage: diagnostics_fuzz.py PAKT SOURCE_DIR [COUNT]
"""

import glob
import os
import random
import re
import subprocess
import sys
import tempfile

MUTATIONS = [
    lambda line, rng: "",                                                   # delete the line
    lambda line, rng: line.replace("int32", rng.choice(["int33", "Int32", "int", "uint8[2]", "int32[][]"])),
    lambda line, rng: line.replace("name:", rng.choice(["nam:", "name :", "type:"]), 1),
    lambda line, rng: line.replace(": ", ": " + rng.choice(["yes ", "~", "-1 ", "0x1F", "[", "3.5", "on ", ".nan "]), 1),
    lambda line, rng: line + rng.choice(["  # comment", " extra", ", since: 2}", "\n  Extra: {}"]),
    lambda line, rng: line.replace("true", rng.choice(["on", "maybe", "1"])),
    lambda line, rng: line.replace("{", "{default: 300, ", 1),
    lambda line, rng: line.replace("fields:", rng.choice(["fields: 3", "fields: []", "feilds:"]), 1),
    lambda line, rng: line + "\r",                                        # a CRLF line ending
    lambda line, rng: line.replace("{name: ", rng.choice(['{"\\r": 1, name: ', '{"n\\x01\\t": 1, name: ']), 1),
]
DIAGNOSTIC = re.compile(r"^(?P<file>.+?):(?P<line>[0-9]+):(?P<col>[0-9]+): (?P<kind>error|warning): \S.*$")
MIN_ERROR_SHARE = 0.4


def mutate(text: str, rng: random.Random) -> str:
    """A mutant that differs from `text` (mutations that change nothing are retried)."""
    while True:
        lines = text.split("\n")
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(lines))
            lines[i] = rng.choice(MUTATIONS)(lines[i], rng)
        mutant = "\n".join(lines)
        if mutant != text:
            return mutant


def problems(code: int, out: str, err: str, cwd: str):
    """What is wrong with one `pakt check` run (an empty list when nothing is)."""
    if code not in (0, 1):
        return [f"exit {code} (0 or 1 expected)"]
    if out:
        return ["output on stdout"]
    control = sorted({c for c in err if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F})
    if control:
        return [f"control characters {control!r} printed raw"]
    lines = err[:-1].split("\n") if err.endswith("\n") else (err.split("\n") if err else [])
    if code == 0:  # only warnings (a name one language respells: docs/names.md)
        bad = [line for line in lines if not (DIAGNOSTIC.match(line) and DIAGNOSTIC.match(line)["kind"] == "warning")]
        return [] if not bad else [f"exit 0 with {bad[0]!r} on stderr"]
    if len(lines) < 2:
        return ["exit 1 without diagnostics and their count"]
    n = sum(1 for line in lines[:-1] if " warning: " not in line)
    found = []
    if lines[-1] != f"{n} error{'s' if n != 1 else ''}":
        found.append(f"last line {lines[-1]!r} is not the count of the {n} lines before it")
    for line in lines[:-1]:
        m = DIAGNOSTIC.match(line)
        if m is None:
            found.append(f"malformed: {line!r}")
            continue
        path = os.path.join(cwd, m["file"])
        if int(m["line"]) < 1 or int(m["col"]) < 1:
            found.append(f"no position: {line!r}")
        elif os.path.isfile(path):
            with open(path, "rb") as f:
                count = f.read().count(b"\n") + 1
            if int(m["line"]) > count:
                found.append(f"line past the end of {m['file']} ({count} lines): {line!r}")
        else:
            found.append(f"names a file that does not exist: {line!r}")
    return found


def main() -> int:
    pakt, root = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    sources = sorted(glob.glob(os.path.join(root, "schemas", "*.yaml")) +
                     glob.glob(os.path.join(root, "tests", "schemas", "*.yaml")))
    rng = random.Random(20261202)
    bad = 0
    with_errors = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in glob.glob(os.path.join(root, "schemas", "*.yaml")):  # imports resolve next to the mutant
            with open(f, encoding="utf-8") as src, open(os.path.join(tmp, os.path.basename(f)), "w",
                                                        encoding="utf-8") as dst:
                dst.write(src.read())
        for n in range(count):
            source = rng.choice(sources)
            with open(source, encoding="utf-8") as f:
                seed = f.read()
            text = mutate(seed, rng)
            assert text != seed
            name = f"mutant_{n}.yaml"
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
            p = subprocess.run([pakt, "check", name], cwd=tmp, capture_output=True, timeout=60)
            stdout, stderr = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
            if p.returncode == 1:
                with_errors += 1
            found = problems(p.returncode, stdout, stderr, tmp)
            if found:
                bad += 1
                print(f"--- {name} (from {os.path.relpath(source, root)})\n{text}\n"
                      f"pakt check (exit {p.returncode}):\n  " + "\n  ".join(stderr.splitlines()) +
                      "\nproblems:\n  " + "\n  ".join(found))
    print(f"{count} mutated schemas: {with_errors} with errors, {count - with_errors} valid, {bad} ill-reported")
    if with_errors < MIN_ERROR_SHARE * count:
        print(f"too few mutants produced errors: {with_errors} < {MIN_ERROR_SHARE:.0%} of {count}")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
