#!/usr/bin/env python3
"""Tests of `pakt generate` against a stand-in back end (a tiny pakt_gen package written here), so
that they check pakt's side alone: usage and schema errors, finding the back end, the descriptor on
the back end's stdin and its arguments (--lang, --formats, --godot, --unity-package passed through
verbatim), its errors and exit statuses relayed, and the depfile. Then the rules of those options,
which live in the real back end (generator/pakt_gen/cli.py), as pakt relays them.
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
if os.environ.get("FAKE_USAGE"):
    print("usage: python3 -m pakt_gen --lang LANG --out DIR", file=sys.stderr)
    print("python3 -m pakt_gen: error: --lang: the stand-in refuses '" + args[1] + "'", file=sys.stderr)
    sys.exit(2)
if os.environ.get("FAKE_EXIT_2"):
    print("back end: exit 2 without a usage error line", file=sys.stderr)
    sys.exit(2)
if os.environ.get("FAKE_WARN"):
    print("back end: a warning", file=sys.stderr)
if os.environ.get("FAKE_SILENT") or "--check-options" in args:
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

    # --- usage errors of pakt's own options: exit 2, before anything runs
    for args, what in [(["--out", out, "schemas/game.yaml"], "no --lang"),
                       (["--lang", "cpp", "schemas/game.yaml"], "no --out"),
                       (["--lang", "cpp", "--out", out], "no schema"),
                       (["--lang", "cpp", "--out", out, "--bogus", "schemas/game.yaml"], "unknown option"),
                       (["--lang", "cpp", "--out"], "--out without a value")]:
        r = run(*args, env=env)
        check(r.returncode == 2 and r.stdout == "" and "usage: pakt generate" in r.stderr
              and not os.path.exists(log), f"{what}: exit {r.returncode}: {r.stderr}")
    helped = run("--help", env=env)
    check(helped.returncode == 0 and helped.stdout.startswith("usage: pakt generate"), "generate --help")
    check(all(o in helped.stdout for o in ["--lang", "--out", "--formats", "godot4", "--import-dir", "--depfile",
                                           "--python", "--unity-package"]),
          f"generate --help names its options: {helped.stdout}")
    # The languages are the back end's folders with naming rules (the stand-in has four).
    check("the back end: cpp, csharp, gdscript or wireshark" in helped.stdout,
          f"generate --help lists the back end's languages: {helped.stdout}")

    # --- --lang, --formats, --unity-package, --godot: passed through verbatim, unchecked by pakt
    r = run("--lang", "rust", "--out", out, "--formats", " godot4 ,xml", "--godot", "5", "--unity-package", "X",
            *py, "schemas/game.yaml", env=env)
    with open(log) as f:
        seen = json.load(f)["args"]
    check(r.returncode == 0 and seen == ["--lang", "rust", "--out", out, "--formats", " godot4 ,xml",
                                         "--unity-package", "X", "--godot", "5"],
          f"options passed through: exit {r.returncode}, back end args {seen}: {r.stderr}")
    os.remove(log)

    # --- the back end's usage error: pakt's form (its command, usage line, hint), exit 2
    r = run("--lang", "rust", "--out", out, *py, "schemas/game.yaml", env=dict(env, FAKE_USAGE="1"))
    lines = r.stderr.splitlines()
    check(r.returncode == 2 and r.stdout == "" and lines[:1] == ["pakt generate: --lang: the stand-in refuses 'rust'"]
          and lines[1].startswith("usage: pakt generate ") and "pakt_gen" not in r.stderr
          and lines[-1] == "Run 'pakt generate --help' for more information.",
          f"a back end usage error is relayed as pakt's: exit {r.returncode}: {r.stderr}")
    r = run("--lang", "cpp", "--out", out, *py, "schemas/game.yaml", env=dict(env, FAKE_EXIT_2="1"))
    check(r.returncode == 2 and r.stderr == "back end: exit 2 without a usage error line\n",
          f"any other exit 2 is relayed as it is: exit {r.returncode}: {r.stderr}")
    r = run("--lang", "cpp", "--out", out, *py, "schemas/game.yaml", env=dict(env, FAKE_WARN="1"))
    check(r.returncode == 0 and r.stderr == "back end: a warning\n" and len(r.stdout.splitlines()) == 2,
          f"the back end's stderr of a run that succeeds is relayed: exit {r.returncode}: {r.stderr}")

    # --- options and schemas in any order, --name=value
    r = run("schemas/game.yaml", *py, "--out=" + out, "--formats=json", "--lang", "cpp", env=env)
    with open(log) as f:
        seen = json.load(f)["args"]
    check(r.returncode == 0 and seen == ["--lang", "cpp", "--out", out, "--formats", "json"],
          f"options after the schema: exit {r.returncode}, back end args {seen}: {r.stderr}")
    os.remove(log)

    # --- schema errors: pakt check's diagnostics, exit 1, the back end runs only to check the options
    bad = "tests/schemas/bad/unknown_type.yaml"
    r = run("--lang", "cpp", "--out", out, *py, bad, env=env)
    checked = subprocess.run([PAKT, "check", bad], capture_output=True, text=True)
    with open(log) as f:
        seen = json.load(f)
    check(r.returncode == 1 and r.stderr == checked.stderr and seen["args"][-1] == "--check-options"
          and seen["stdin"] == "",
          f"schema errors: exit {r.returncode}, back end args {seen['args']}: {r.stderr}")
    os.remove(log)

    # --- no back end: one error line, exit 1
    r = run("--lang", "cpp", "--out", out, "schemas/game.yaml",
            env=dict(env, PAKT_GENERATOR_DIR=os.path.join(tmp, "missing")))
    check(r.returncode == 1 and len(r.stderr.splitlines()) == 1 and "PAKT_GENERATOR_DIR" in r.stderr,
          f"missing back end folder: exit {r.returncode}: {r.stderr}")
    empty = os.path.join(tmp, "empty")
    os.makedirs(os.path.join(empty, "pakt_gen", "templates"))
    r = run("--lang", "cpp", "--out", out, "schemas/game.yaml", env=dict(env, PAKT_GENERATOR_DIR=empty))
    check(r.returncode == 1 and len(r.stderr.splitlines()) == 1 and "no language in" in r.stderr,
          f"a back end folder without languages: exit {r.returncode}: {r.stderr}")
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
    # --- a back end that exits 0 but names no output did not run (e.g. --python /bin/true): an error
    for extra in ([], ["--depfile", depfile]):
        r = run("--lang", "cpp", "--out", out, *extra, *py, "schemas/game.yaml", env=dict(env, FAKE_SILENT="1"))
        check(r.returncode == 1 and one_error_line(r) and "named no generated file" in r.stderr,
              f"a back end naming no output {extra}: exit {r.returncode}: {r.stderr}")
    if os.path.exists("/bin/false"):  # a back end failing without a word is named
        r = run("--lang", "cpp", "--out", out, "--python", "/bin/false", "schemas/game.yaml", env=env)
        check(r.returncode == 1 and r.stderr == "pakt generate: error: '/bin/false -m pakt_gen' exited with status 1 "
              "and no message\n", f"--python /bin/false: exit {r.returncode}: {r.stderr}")
    # a Python without the back end's packages (-S: no site-packages) says which and how to get them
    no_site = os.path.join(tmp, "python-no-site")
    with open(no_site, "w") as f:
        f.write(f"#!/bin/sh\nexec {sys.executable} -S \"$@\"\n")
    os.chmod(no_site, 0o755)
    r = run("--lang", "cpp", "--out", out, "--python", no_site, "schemas/game.yaml",
            env=dict(os.environ, PAKT_GENERATOR_DIR=os.path.abspath("generator")))
    check(r.returncode == 1 and "has no jinja2" in r.stderr and "apt-get install python3-jinja2" in r.stderr
          and "Traceback" not in r.stderr, f"a Python without jinja2: exit {r.returncode}: {r.stderr}")
    if os.path.exists("/bin/true"):
        r = run("--lang", "cpp", "--out", out, "--python", "/bin/true", "schemas/game.yaml", env=env)
        check(r.returncode == 1 and "'/bin/true' a Python 3" in r.stderr, f"--python /bin/true: exit {r.returncode}: {r.stderr}")

# --- the rules of --lang, --formats, --godot and --unity-package: the real back end's, relayed
real_env = dict(os.environ, PAKT_GENERATOR_DIR=os.path.abspath("generator"))
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "out")
    for args, problem in [
            (["--lang", "rust"], "--lang: unknown language 'rust' (use cpp, csharp, gdscript or wireshark)"),
            (["--lang", "cpp", "--formats", "compact,xml"],
             "--formats: unknown format 'xml' (use compact, mslima, godot, godot4, godot3, json, packed)"),
            (["--lang", "cpp", "--formats", "compact,godot5"],
             "--formats: unknown format 'godot5' (use compact, mslima, godot, godot4, godot3, json, packed)"),
            (["--lang", "cpp", "--formats", ""], "--formats: no format given"),
            (["--lang", "cpp", "--formats", ","], "--formats: no format given"),
            (["--lang", "gdscript", "--godot", "5"], "--godot: unknown Godot version '5' (use 4 or 3)"),
            (["--lang", "cpp", "--godot", "3"], "--godot: applies with --lang gdscript only"),
            (["--lang", "csharp", "--formats", "json"],
             "--formats: applies with --lang cpp only (C#, GDScript and the dissector carry every format: "
             "the format is chosen at run time)"),
            (["--lang", "cpp", "--unity-package", "com.example.game"],
             "--unity-package: applies with --lang csharp only"),
            (["--lang", "csharp", "--unity-package", "com.unity.game"],
             "--unity-package: 'com.unity.game' is not a Unity package name: com.unity.* names are Unity's own")]:
        r = run(*args, "--out", out, "--python", sys.executable, "schemas/common.yaml", env=real_env)  # no warnings
        lines = r.stderr.splitlines()
        check(r.returncode == 2 and r.stdout == "" and lines[:1] == ["pakt generate: " + problem]
              and len(lines) > 1 and lines[1].startswith("usage: pakt generate ") and not os.path.exists(out),
              f"{args}: exit {r.returncode}: {r.stderr}")
    # A schema with errors and a bad option: both reported at once (the schema's lines, then the usage error).
    bad_schema = os.path.join(tmp, "bad.yaml")
    with open(bad_schema, "w") as f:
        f.write("package: a.b\nversion: 1\nmessages:\n  P:\n    fields:\n      - {name: v, type: nosuch}\n")
    r = run("--lang", "rust", "--out", out, "--python", sys.executable, bad_schema, env=real_env)
    lines = r.stderr.splitlines()
    check(r.returncode == 2 and len(lines) > 3 and "nosuch" in lines[0] and lines[1] == "1 error"
          and lines[2] == "pakt generate: --lang: unknown language 'rust' (use cpp, csharp, gdscript or wireshark)",
          f"schema errors and a bad --lang: exit {r.returncode}: {r.stderr}")
    r = run("--lang", "cpp", "--out", out, "--python", sys.executable, bad_schema, env=real_env)
    check(r.returncode == 1 and r.stderr.splitlines()[1:] == ["1 error"], f"schema errors, good options: {r.stderr}")
    # godot4 and godot3 name the one godot codec: the same code as godot, and repeats are dropped.
    generated = {}
    for formats in ["compact,godot", "compact,godot4", " compact , godot3 ,godot4,compact"]:
        target = os.path.join(tmp, "f" + str(len(generated)))
        r = run("--lang", "cpp", "--out", target, "--formats", formats, "--python", sys.executable,
                "schemas/common.yaml", env=real_env)
        check(r.returncode == 0, f"--formats {formats!r}: exit {r.returncode}: {r.stderr}")
        with open(os.path.join(target, "common.pakt.h")) as f:
            generated[formats] = f.read()
    check(len(set(generated.values())) == 1, "--formats godot4 / godot3 generate what godot does")

print(f"{len(failures)} failure(s)" if failures else "all generate tests passed")
sys.exit(1 if failures else 0)
