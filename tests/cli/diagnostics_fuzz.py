#!/usr/bin/env python3
"""Differential test of schema validation: mutated schemas (seeded) checked by the generator
(`pakt-gen --check`) and by `pakt check` must give the same diagnostics, line for line.

Both tools must agree exactly on every schema that is valid YAML. On broken YAML both must
report one YAML syntax error; PyYAML and yaml-cpp detect and word most syntax errors
differently (see docs/cli.md), so those are counted, not compared. Mutations never leave a
quote unterminated: yaml-cpp 0.7 accepts a quoted scalar that runs to the end of the file.

usage: diagnostics_fuzz.py PAKT SOURCE_DIR [COUNT]
"""

import glob
import os
import random
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
]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        lines[i] = rng.choice(MUTATIONS)(lines[i], rng)
    return "\n".join(lines)


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stderr.splitlines()


def main() -> int:
    pakt, root = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    sources = sorted(glob.glob(os.path.join(root, "schemas", "*.yaml")) +
                     glob.glob(os.path.join(root, "tests", "schemas", "*.yaml")))
    rng = random.Random(20261202)
    env_python = [sys.executable, os.path.join(root, "generator", "pakt-gen"), "--check"]
    mismatches = 0
    syntax_errors = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in glob.glob(os.path.join(root, "schemas", "*.yaml")):  # imports resolve next to the mutant
            with open(f, encoding="utf-8") as src, open(os.path.join(tmp, os.path.basename(f)), "w",
                                                        encoding="utf-8") as dst:
                dst.write(src.read())
        for n in range(count):
            source = rng.choice(sources)
            with open(source, encoding="utf-8") as f:
                text = mutate(f.read(), rng)
            name = f"mutant_{n}.yaml"
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
            want_code, want = run(env_python + [name], tmp)
            got_code, got = run([pakt, "check", name], tmp)
            same = want_code == got_code and want == got
            if not same and want_code == got_code == 1 and len(want) == len(got) == 2 and \
                    "YAML syntax error" in want[0] and "YAML syntax error" in got[0]:
                same = True
                syntax_errors += 1
            if not same:
                mismatches += 1
                print(f"--- {name} (from {os.path.relpath(source, root)})\n{text}\n"
                      f"generator (exit {want_code}):\n  " + "\n  ".join(want) +
                      f"\npakt check (exit {got_code}):\n  " + "\n  ".join(got))
    print(f"{count - mismatches} of {count} mutated schemas agree ({syntax_errors} of them broken YAML: "
          "a syntax error from both)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
