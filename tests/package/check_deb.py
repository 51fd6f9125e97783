"""Packs the build tree with `cpack -G DEB` and checks the archive (ctest package.deb).

What is expected comes from the source tree and the system, never from the package itself:
- every runtime header of runtime/include/pakt and every back-end file of generator/pakt_gen (*.py,
  *.j2, *.cs, names.yaml) is in the archive under /usr, with the tool, the static libraries and the
  CMake package; nothing outside /usr, no bytecode caches, everything owned by root;
- Depends: names python3, python3-jinja2, python3-yaml and, for each shared library the tool's ELF
  header NEEDs (readelf -d), the Debian package that holds that library (dpkg -S);
- the prerm that removes Python's caches is in the control archive.
Exit 77 (skipped) where dpkg-deb, dpkg-shlibdeps or readelf is missing.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path


def run(*args, cwd=None):
    return subprocess.run(args, cwd=cwd, check=True, capture_output=True, text=True).stdout


def needed_packages(tool: Path) -> set:
    """The Debian packages holding the shared libraries `tool` links (ELF NEEDED, as the dynamic loader resolves them)."""
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", run("readelf", "-d", str(tool)))
    packages = set()
    for line in run("ldd", str(tool)).splitlines():
        m = re.match(r"\s*(\S+) => (/\S+)", line)
        if m and m.group(1) in needed:
            real = os.path.realpath(m.group(2))
            for path in (m.group(2), real, real.replace("/usr/lib/", "/lib/"), real.replace("/lib/", "/usr/lib/", 1)):
                owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
                if owner.returncode == 0:
                    packages.add(owner.stdout.split(":")[0])
                    break
            else:
                raise SystemExit(f"no Debian package holds {m.group(2)} ({m.group(1)})")
    return packages


def main() -> int:
    ap = argparse.ArgumentParser()
    for option in ("--cpack", "--build-dir", "--work-dir", "--source-dir", "--version"):
        ap.add_argument(option, required=True)
    args = ap.parse_args()
    missing = [tool for tool in ("dpkg-deb", "dpkg-shlibdeps", "readelf", "file") if shutil.which(tool) is None]
    if missing:
        print("SKIPPED: needs " + ", ".join(missing) + " (apt-get install dpkg-dev binutils file)")
        return 77
    source, build, work = Path(args.source_dir), Path(args.build_dir), Path(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    # cpack first builds the "preinstall" target, a no-op on a built tree (as ctest expects it).
    run(args.cpack, "-G", "DEB", "-B", str(work), "--config", str(build / "CPackConfig.cmake"), cwd=work)
    arch = run("dpkg", "--print-architecture").strip()
    deb = work / f"pakt_{args.version}_{arch}.deb"
    errors = []
    if not deb.is_file():
        print(f"FAILED: no {deb.name} in {work}: {sorted(p.name for p in work.iterdir())}")
        return 1

    entries = run("dpkg-deb", "--contents", str(deb)).splitlines()
    files = {}
    for line in entries:
        perms, owner, _size, _date, _time, path = line.split(None, 5)
        path = path.split(" -> ")[0].lstrip(".")
        files[path.rstrip("/")] = (perms, owner)
    for path, (perms, owner) in files.items():
        if path and not (path == "/usr" or path.startswith("/usr/")):
            errors.append(f"{path}: outside /usr")
        if owner != "root/root":
            errors.append(f"{path}: owned by {owner}")
        if "__pycache__" in path or path.endswith(".pyc"):
            errors.append(f"{path}: a bytecode cache")

    def expect(path_pattern: str, what: str):
        if not any(re.fullmatch(path_pattern, p) for p in files):
            errors.append(f"missing {what} ({path_pattern})")

    expect(r"/usr/bin/pakt", "the pakt tool")
    libdir = r"/usr/lib(/[a-z0-9_]+-linux-gnu[a-z0-9_]*)?"
    for lib in ("libpakt_godot.a", "libpakt_photon.a"):
        expect(libdir + "/" + re.escape(lib), lib)
    for cmake_file in ("paktConfig.cmake", "paktConfigVersion.cmake", "paktTargets.cmake"):
        expect(libdir + "/cmake/pakt/" + re.escape(cmake_file), cmake_file)
    expect(r"/usr/share/pakt/cmake/PaktGenerate\.cmake", "PaktGenerate.cmake")
    headers = sorted((source / "runtime/include").rglob("*.hpp"))
    for header in headers:
        expect(re.escape("/usr/include/" + header.relative_to(source / "runtime/include").as_posix()), "a runtime header")
    back_end = [p for p in (source / "generator/pakt_gen").rglob("*")
                if p.is_file() and "__pycache__" not in p.parts
                and (p.suffix in (".py", ".j2", ".cs") or p.name == "names.yaml")]
    for path in back_end:
        expect(re.escape("/usr/share/pakt/generator/" + path.relative_to(source / "generator").as_posix()), "a back-end file")
    for runtime in ("csharp/runtime/Pakt.Runtime.cs", "gdscript/templates/runtime.gd.j2"):
        expect(re.escape("/usr/share/pakt/generator/pakt_gen/" + runtime), runtime)

    fields = {}
    for line in run("dpkg-deb", "--field", str(deb), "Package", "Version", "Architecture", "Depends").splitlines():
        key, _, value = line.partition(": ")
        fields[key] = value
    if fields.get("Package") != "pakt" or fields.get("Version") != args.version or fields.get("Architecture") != arch:
        errors.append(f"control fields: {fields}")
    depends = {re.split(r"[\s(]", d.strip())[0] for d in fields.get("Depends", "").split(",") if d.strip()}
    tool = build / "pakt"
    for package in {"python3", "python3-jinja2", "python3-yaml"} | needed_packages(tool):
        if package not in depends:
            errors.append(f"Depends: lacks {package} (Depends: {fields.get('Depends')})")
    control = run("dpkg-deb", "--info", str(deb))
    if not re.search(r"^\s+\d+ bytes,\s+\d+ lines\s+\*\s+prerm\s", control, re.M):
        errors.append("no executable prerm in the control archive:\n" + control)

    for e in errors:
        print("FAILED: " + e)
    print(f"{deb.name}: {len(files)} entries ({len(headers)} headers, {len(back_end)} back-end files), "
          f"Depends: {fields.get('Depends')}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
