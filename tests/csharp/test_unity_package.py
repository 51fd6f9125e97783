"""pakt generate --lang csharp --unity-package NAME[@VERSION] (PAKT_TOOL): the output folder is also a
Unity package. package.json and NAME.asmdef parse and hold what the Package Manager and the compiler
need, every file has a .meta with a stable, unique GUID and the importer of its kind, the package's C#
compiles under mcs (also with the PUN2 glue against tests/csharp/PhotonStandIn.cs), and a bad NAME or
VERSION is a usage error that writes nothing. The expectations are Unity's documented rules, written
here independently of the back end."""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCHEMAS = [os.path.join(ROOT, "schemas", n) for n in ("game.yaml", "common.yaml", "photon_seed.yaml")]
STEMS = ["game", "common", "photon_seed"]
NAME = "com.example.game-messages"

# Unity's package manifest: reverse-domain lowercase name, semantic version, "unity" as YEAR.MINOR.
UNITY_NAME = re.compile(r"^[a-z0-9_-]+(\.[a-z0-9_-]+)+$")
SEMVER = re.compile(r"^\d+\.\d+\.\d+([-+].+)?$")


def tool() -> str:
    path = os.environ.get("PAKT_TOOL")
    if not path:
        pytest.fail("PAKT_TOOL is not set: run through ctest or set PAKT_TOOL=/path/to/build/pakt")
    return path


def generate(out, *extra, schemas=SCHEMAS):
    shutil.rmtree(out, ignore_errors=True)
    return subprocess.run([tool(), "generate", "--lang", "csharp", "--out", str(out), *extra, *schemas],
                          capture_output=True, text=True)


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    out = tmp_path_factory.mktemp("pkg") / "out"
    r = generate(out, "--unity-package", NAME + "@2.1.0")
    assert r.returncode == 0, r.stderr
    return out


def test_files(package):
    cs = {f"{s}.pakt.cs" for s in STEMS} | {"Pakt.Runtime.cs"}
    assets = cs | {"package.json", f"{NAME}.asmdef"}
    assert set(os.listdir(package)) == assets | {a + ".meta" for a in assets}


def test_package_json(package):
    manifest = json.loads((package / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == NAME and UNITY_NAME.match(manifest["name"])
    assert manifest["version"] == "2.1.0" and SEMVER.match(manifest["version"])
    assert manifest["unity"] == "2021.3"
    assert manifest["displayName"].strip() and all(s in manifest["displayName"] for s in STEMS)
    assert isinstance(manifest["description"], str) and manifest["description"]


def test_default_version(tmp_path):
    r = generate(tmp_path / "out", "--unity-package", NAME)
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "out" / "package.json").read_text())["version"] == "1.0.0"


def test_asmdef(package):
    asmdef = json.loads((package / f"{NAME}.asmdef").read_text(encoding="utf-8"))
    assert asmdef["name"] == NAME
    assert asmdef["autoReferenced"] is True
    # No references: the generated code needs only the BCL and UnityEngine; the PUN2 glue's types are
    # in Photon3Unity3D.dll, a precompiled plugin that is referenced automatically unless
    # overrideReferences is set.
    assert asmdef.get("references", []) == []
    assert asmdef.get("overrideReferences", False) is False
    assert asmdef.get("noEngineReferences", False) is False
    assert asmdef.get("defineConstraints", []) == []  # the types compile without PUN too
    assert asmdef.get("allowUnsafeCode", False) is False


def meta(path):
    text = path.read_text(encoding="utf-8")
    assert text.startswith("fileFormatVersion: 2\n"), path
    m = re.search(r"^guid: ([0-9a-f]{32})$", text, re.M)
    assert m, path
    return m.group(1), text


def test_meta_files(package):
    guids = {}
    for name in os.listdir(package):
        if name.endswith(".meta"):
            continue
        guid, text = meta(package / (name + ".meta"))
        guids[name] = guid
        importer = {".cs": "MonoImporter:", ".asmdef": "AssemblyDefinitionImporter:", ".json": "PackageManifestImporter:"}
        assert importer[os.path.splitext(name)[1]] in text, name
    assert len(set(guids.values())) == len(guids), "GUIDs are not unique"


def test_meta_guids_are_stable_and_per_package(package, tmp_path):
    again = tmp_path / "again"
    assert generate(again, "--unity-package", NAME + "@2.1.0").returncode == 0
    other = tmp_path / "other"
    assert generate(other, "--unity-package", "com.example.other").returncode == 0
    for name in os.listdir(package):
        if name.endswith(".meta") and not name.endswith(".asmdef.meta"):
            assert (again / name).read_text() == (package / name).read_text(), name
            assert meta(other / name)[0] != meta(package / name)[0], name


def test_without_the_option_no_package_files(tmp_path):
    r = generate(tmp_path / "out")
    assert r.returncode == 0, r.stderr
    assert not [n for n in os.listdir(tmp_path / "out") if not n.endswith(".cs")]


@pytest.mark.parametrize("defines", [[], ["-define:PUN_2_OR_NEWER"]])
def test_package_compiles(package, tmp_path, defines):
    mcs = shutil.which("mcs")
    if mcs is None:
        pytest.fail("mcs is not installed (scripts/setup.sh installs mono-mcs)")
    sources = sorted(str(package / n) for n in os.listdir(package) if n.endswith(".cs"))
    if defines:
        sources.append(os.path.join(ROOT, "tests", "csharp", "PhotonStandIn.cs"))
    r = subprocess.run([mcs, "-target:library", "-warnaserror", "-langversion:7.2", *defines,
                        f"-out:{tmp_path / (NAME + '.dll')}", *sources], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("value", [
    "Com.Example.Game",            # uppercase
    "gamemessages",                # not reverse-domain
    "com.example.",                # empty part
    "com..example",
    ".com.example",
    "com.example.game messages",   # space
    "com.example.game/messages",
    "com.unity.messages",          # Unity's own
    "com.example." + "x" * 210,    # longer than 214
    "com.example.game@1.0",        # not MAJOR.MINOR.PATCH
    "com.example.game@v1.0.0",
    "com.example.game@01.0.0",
    "com.example.game@",
    "@1.0.0",
])
def test_bad_names_are_usage_errors(tmp_path, value):
    out = tmp_path / "out"
    r = generate(out, "--unity-package", value)
    assert r.returncode == 2, (value, r.returncode, r.stderr)
    first = r.stderr.splitlines()[0]
    assert first.startswith("pakt generate: --unity-package: "), first
    assert "usage: pakt generate" in r.stderr
    assert not out.exists(), "a refused option wrote files"


def test_good_names(tmp_path):
    for value in ("com.example.game-messages", "net.studio_9.msgs", "com.example.game@0.1.0-rc.1+build.5"):
        r = generate(tmp_path / "out", "--unity-package", value)
        assert r.returncode == 0, (value, r.stderr)


def test_other_languages_refuse_it(tmp_path):
    r = subprocess.run([tool(), "generate", "--lang", "cpp", "--out", str(tmp_path / "out"), "--unity-package", NAME,
                        SCHEMAS[0]], capture_output=True, text=True)
    assert r.returncode == 2 and "applies with --lang csharp only" in r.stderr, r.stderr
    assert not (tmp_path / "out").exists()


def test_back_end_checks_it_too(tmp_path):
    """python3 -m pakt_gen refuses a bad name itself (it can be run without the pakt tool)."""
    descriptor = subprocess.run([tool(), "describe", SCHEMAS[0]], capture_output=True, text=True, check=True).stdout
    r = subprocess.run([sys.executable, "-m", "pakt_gen", "--lang", "csharp", "--out", str(tmp_path / "out"),
                        "--unity-package", "Com.Example"], input=descriptor, capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "generator")))
    assert r.returncode == 2 and "not a Unity package name" in r.stderr, r.stderr
    assert not (tmp_path / "out").exists()
