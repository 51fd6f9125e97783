#!/usr/bin/env python3
"""Tests of `pakt generate` against a stand-in back end (a tiny pakt_gen package written here), so
that they check pakt's side alone: usage and schema errors, finding the back end, the descriptor on
the back end's stdin and its arguments, exit statuses passed through, and the depfile.
(The real C++ back end's output is checked by the generator's golden tests.)

usage: generate_test.py PAKT SOURCE_DIR
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

PAKT = os.path.abspath(sys.argv[1])
os.chdir(sys.argv[2])
failures = []

FAKE_BACK_END = r'''
import json, os, sys
args = sys.argv[1:]
descriptor = sys.stdin.read()
with open(os.environ["FAKE_LOG"], "w") as log:
    json.dump({"args": args, "pythonpath": os.environ.get("PYTHONPATH"), "stdin": descriptor}, log)
if os.environ.get("FAKE_FAIL"):
    print("back end: no such format 'fail'", file=sys.stderr)
    sys.exit(3)
if os.environ.get("FAKE_SILENT"):
    sys.exit(0)
out = args[args.index("--out") + 1]
os.makedirs(out, exist_ok=True)
d = json.loads(descriptor)
for f in d["files"]:
    if f["path"] in d["roots"]:
        for ext in ("h", "cpp"):
            path = os.path.join(out, f["stem"] + ".pakt." + ext)
            open(path, "w").write("// " + f["path"] + "\n")
            print(path)
'''


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(*args, env=None, cwd=None):
    return subprocess.run([PAKT, "generate", *args], capture_output=True, text=True, timeout=60, env=env, cwd=cwd)


def one_error_line(r):
    lines = r.stderr.splitlines()
    return len(lines) == 1 and lines[0].startswith("pakt generate: error: ")


with tempfile.TemporaryDirectory() as tmp:
    gen = os.path.join(tmp, "gen dir")
    os.makedirs(os.path.join(gen, "pakt_gen"))
    with open(os.path.join(gen, "pakt_gen", "__main__.py"), "w") as f:
        f.write(FAKE_BACK_END)
    # The naming rule's data, which the front end reads from the same folder (docs/names.md).
    for lang in ("cpp", "csharp", "gdscript", "wireshark"):
        os.makedirs(os.path.join(gen, "pakt_gen", lang))
        shutil.copy(os.path.join("generator", "pakt_gen", lang, "names.yaml"), os.path.join(gen, "pakt_gen", lang))
    log = os.path.join(tmp, "log.json")
    env = dict(os.environ, PAKT_GENERATOR_DIR=gen, FAKE_LOG=log)
    out = os.path.join(tmp, "out dir")
    depfile = os.path.join(tmp, "game.d")
    py = ["--python", sys.executable]

    # --- usage errors: exit 2, before anything runs
    for args, what in [(["--lang", "rust", "--out", out, "schemas/game.yaml"], "unknown --lang"),
                       (["--out", out, "schemas/game.yaml"], "no --lang"),
                       (["--lang", "cpp", "schemas/game.yaml"], "no --out"),
                       (["--lang", "cpp", "--out", out], "no schema"),
                       (["--lang", "cpp", "--out", out, "--bogus", "schemas/game.yaml"], "unknown option"),
                       (["--lang", "cpp", "--out"], "--out without a value")]:
        r = run(*args, env=env)
        check(r.returncode == 2 and r.stdout == "" and "usage: pakt generate" in r.stderr,
              f"{what}: exit {r.returncode}: {r.stderr}")
    check("unknown language 'rust'" in run("--lang", "rust", "--out", out, "x.yaml").stderr, "unknown --lang names it")
    helped = run("--help")
    check(helped.returncode == 0 and helped.stdout.startswith("usage: pakt generate"), "generate --help")
    check(all(o in helped.stdout for o in ["--lang", "--out", "--formats", "godot4", "--import-dir", "--depfile",
                                           "--python"]), f"generate --help names its options: {helped.stdout}")

    # --- --formats: the names of --format too (godot4, godot3: the back end's one godot codec)
    for given, passed in [("godot4", "godot"), ("godot3", "godot"), ("godot", "godot"),
                          ("compact,godot4,godot3,json", "compact,godot,json"), (" mslima , godot3 ", "mslima,godot")]:
        r = run("--lang", "cpp", "--out", out, "--formats", given, *py, "schemas/game.yaml", env=env)
        with open(log) as f:
            seen = json.load(f)["args"]
        check(r.returncode == 0 and seen[-2:] == ["--formats", passed],
              f"--formats {given!r}: exit {r.returncode}, back end args {seen}: {r.stderr}")
    os.remove(log)
    for given in ["xml", "compact,godot5", "", ","]:
        r = run("--lang", "cpp", "--out", out, "--formats", given, *py, "schemas/game.yaml", env=env)
        check(r.returncode == 2 and r.stdout == "" and r.stderr.startswith("pakt generate: --formats: ")
              and not os.path.exists(log), f"--formats {given!r} refused: exit {r.returncode}: {r.stderr}")
    r = run("--lang", "cpp", "--out", out, "--formats", "compact,xml", *py, "schemas/game.yaml", env=env)
    check("unknown format 'xml' (use compact, mslima, godot, godot4, godot3, json, packed)" in r.stderr,
          f"an unknown format is named, with the list: {r.stderr}")

    # --- options and schemas in any order, --name=value
    r = run("schemas/game.yaml", *py, "--out=" + out, "--formats=json", "--lang", "cpp", env=env)
    with open(log) as f:
        seen = json.load(f)["args"]
    check(r.returncode == 0 and seen == ["--lang", "cpp", "--out", out, "--formats", "json"],
          f"options after the schema: exit {r.returncode}, back end args {seen}: {r.stderr}")
    os.remove(log)

    # --- schema errors: pakt check's diagnostics, exit 1, the back end never runs
    bad = "tests/schemas/bad/unknown_type.yaml"
    r = run("--lang", "cpp", "--out", out, *py, bad, env=env)
    checked = subprocess.run([PAKT, "check", bad], capture_output=True, text=True)
    check(r.returncode == 1 and r.stderr == checked.stderr and not os.path.exists(log),
          f"schema errors: exit {r.returncode}: {r.stderr}")

    # --- no back end: one error line, exit 1
    r = run("--lang", "cpp", "--out", out, "schemas/game.yaml",
            env=dict(env, PAKT_GENERATOR_DIR=os.path.join(tmp, "missing")))
    check(r.returncode == 1 and len(r.stderr.splitlines()) == 1 and "PAKT_GENERATOR_DIR" in r.stderr,
          f"missing back end folder: exit {r.returncode}: {r.stderr}")
    r = run("--lang", "cpp", "--out", out, "--python", os.path.join(tmp, "no-python"), "schemas/game.yaml", env=env)
    check(r.returncode == 1 and one_error_line(r) and "cannot run" in r.stderr,
          f"missing python: exit {r.returncode}: {r.stderr}")

    # --- a run: the descriptor on stdin, the arguments, PYTHONPATH, the depfile
    r = run("--lang", "cpp", "--out", out, "--formats", "compact,json", "--depfile", depfile, *py,
            "schemas/game.yaml", "schemas/photon_seed.yaml", env=env)
    written = [os.path.join(out, stem + ".pakt." + ext) for stem in ("game", "photon_seed") for ext in ("h", "cpp")]
    check(r.returncode == 0 and r.stdout.splitlines() == written and r.stderr == "",
          f"generate prints the paths the back end wrote: exit {r.returncode}: {r.stdout} {r.stderr}")
    with open(log) as f:
        seen = json.load(f)
    check(seen["args"] == ["--lang", "cpp", "--out", out, "--formats", "compact,json"], f"back end args {seen['args']}")
    check(seen["pythonpath"] == gen, f"PYTHONPATH {seen['pythonpath']}")
    described = subprocess.run([PAKT, "describe", "schemas/game.yaml", "schemas/photon_seed.yaml"],
                               capture_output=True, text=True).stdout
    check(seen["stdin"] == described, "the back end reads the descriptor of pakt describe")
    root = os.getcwd()
    want = (os.path.join(out, "game.pakt.h").replace(" ", "\\ ") + ": " +
            " ".join(os.path.join(root, p) for p in ["schemas/common.yaml", "schemas/game.yaml",
                                                    "schemas/photon_seed.yaml"]) + "\n")
    with open(depfile) as f:
        got = f.read()
    check(got == want, f"depfile {got!r} != {want!r}")
    os.utime(depfile, (1000000000, 1000000000))
    r = run("--lang", "cpp", "--out", out, "--depfile", depfile, *py, "schemas/game.yaml", "schemas/photon_seed.yaml",
            env=env)
    check(r.returncode == 0 and os.stat(depfile).st_mtime == 1000000000, "an unchanged depfile is not rewritten")
    with open(log) as f:
        check("--formats" not in json.load(f)["args"], "no --formats: the back end's default")

    # --- -I reaches the front end
    r = run("--lang", "cpp", "--out", out, *py, "-I", "schemas", "schemas/game.yaml", env=env)
    check(r.returncode == 0, f"-I: exit {r.returncode}: {r.stderr}")

    # --- a failing back end: its exit status and stderr
    r = run("--lang", "cpp", "--out", out, *py, "schemas/game.yaml", env=dict(env, FAKE_FAIL="1"))
    check(r.returncode == 3 and r.stderr == "back end: no such format 'fail'\n",
          f"failing back end: exit {r.returncode}: {r.stderr}")
    # --- a back end that names no output cannot make a depfile
    r = run("--lang", "cpp", "--out", out, "--depfile", depfile, *py, "schemas/game.yaml",
            env=dict(env, FAKE_SILENT="1"))
    check(r.returncode == 1 and one_error_line(r), f"no outputs for the depfile: exit {r.returncode}: {r.stderr}")

print(f"{len(failures)} failure(s)" if failures else "all generate tests passed")
sys.exit(1 if failures else 0)
