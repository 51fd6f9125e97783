"""The language drivers of the conformance run: each reads one request file and writes one response file
in the protocol of README.md (C++: protocol.hpp). A driver is built from the generated code of every
accepted schema at once; when that build fails, the schemas are tried one by one and the ones that fail
are CONFORMANCE FAILURES (the rest are built again without them).

A fourth language plugs in as a class with build(schemas) -> (failures) and run(requests, responses).
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# The drivers run in threads; what they import by a sys.path entry is imported under this lock.
_IMPORT_LOCK = threading.Lock()


def run(cmd, timeout=900, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout, **kw)


def first_errors(text, n=6):
    lines = [l for l in text.splitlines() if re.search(r"error|Error|ERROR", l)]
    return "\n".join((lines or text.splitlines())[:n])


def generate(pakt, args, out, schemas, env, jobs=2):
    """`pakt generate ARGS` of every schema into OUT, in `jobs` processes at once (each writes a part of
    the schemas into a folder of its own; the files are then moved into OUT). A part that fails is
    generated schema by schema, so that the ones that fail are known. Returns {sid: error text}."""
    os.makedirs(out, exist_ok=True)
    parts = [schemas[i::jobs] for i in range(jobs) if schemas[i::jobs]]

    def part(k, group):
        d = os.path.join(out, f".part{k}")
        shutil.rmtree(d, ignore_errors=True)
        p = run([pakt, "generate"] + args + ["--out", d] + [s.path for s in group], env=env)
        bad = {}
        if p.returncode != 0:
            for s in group:
                q = run([pakt, "generate"] + args + ["--out", d, s.path], env=env)
                if q.returncode != 0:
                    bad[s.sid] = f"pakt generate {' '.join(args)}: " + first_errors(q.stderr + q.stdout)
        return d, bad

    failures = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, len(parts))) as ex:
        for d, bad in ex.map(lambda a: part(*a), enumerate(parts)):
            failures.update(bad)
            if os.path.isdir(d):
                for n in os.listdir(d):
                    os.replace(os.path.join(d, n), os.path.join(out, n))
                shutil.rmtree(d, ignore_errors=True)
    return failures


def compiler_blames(stderr, candidates):
    """{sid: [error lines]}: the schemas a compiler's errors are in. An error located in a generated
    file (sNNNN.pakt.h/.cpp:L:C: error:) blames that schema; an error in a runtime header blames the
    generated files of its "required from" chain; else the schema whose namespace (pkN::) the error
    line names. Notes ("suggested alternatives") and include chains blame nobody."""
    blamed = {}
    context = []
    for line in stderr.splitlines():
        loc = re.match(r"^(.*?):\d+:\d+: ", line)
        if re.search(r":\d+:\d+: error:", line):
            m = re.search(r"\b(s\d{4,})\.pakt\.(?:h|cpp):\d+:\d+: error:", line)
            sids = {m.group(1)} if m else set()
            if not sids:
                sids = {f for c in context for f in re.findall(r"\b(s\d{4,})\.pakt\.(?:h|cpp):\d+:\d+:\s+required from", c)}
            if not sids:  # the driver's own handler<pkN::M>: the namespace in the chain, else in the error
                sids = {f"s{int(n):04d}" for c in context for n in re.findall(r"\bpk(\d+)::", c)}
            if not sids:
                sids = {f"s{int(n):04d}" for n in re.findall(r"\bpk(\d+)::", line.split("error:", 1)[1])}
            for sid in sids & candidates:
                blamed.setdefault(sid, []).append(line)
            context = []
        elif "required from" in line or "In instantiation of" in line:
            context.append(line)
        elif loc is None and not line.startswith(" "):
            context = []
    return blamed


class Schema:
    """An accepted schema: id (file stem), path, package, message names, delta message names."""

    def __init__(self, sid, path, package, messages, delta):
        self.sid, self.path, self.package, self.messages, self.delta = sid, path, package, messages, delta


# ---- C++ ------------------------------------------------------------------------------------------

CPP_HANDLER = r"""
template <class M, bool Delta>
std::string handle(const conformance::Request& r) {
  using conformance::from_hex;
  using conformance::to_hex;
  auto ok = [](const pakt::Status& s, const std::vector<std::uint8_t>& b) {
    return s ? "OK " + to_hex(b) : "ERR " + s.message();
  };
  auto compact = [](const M& m) { std::vector<std::uint8_t> o; (void)Serialize(m, o, pakt::compact); return to_hex(o); };
  auto load = [](const std::string& hex, M& m) {
    auto b = from_hex(hex);
    return static_cast<bool>(Deserialize(pakt::ByteView(b.data(), b.size()), m, pakt::compact));
  };
  auto enc = [](const M& m, const std::string& f, std::vector<std::uint8_t>& out) -> pakt::Status {
    if (f == "compact") return Serialize(m, out, pakt::compact);
    if (f == "mslima") return Serialize(m, out, pakt::mslima);
    if (f == "godot4") return Serialize(m, out, pakt::godot4);
    if (f == "godot3") return Serialize(m, out, pakt::godot3);
    return Serialize(m, out, pakt::packed);
  };
  auto size = [](const M& m, const std::string& f) -> std::size_t {
    if (f == "compact") return SerializedSize(m, pakt::compact);
    if (f == "mslima") return SerializedSize(m, pakt::mslima);
    if (f == "godot4") return SerializedSize(m, pakt::godot4);
    if (f == "godot3") return SerializedSize(m, pakt::godot3);
    std::vector<std::uint8_t> o;  // no SerializedSize for packed in C++: the encoded size
    (void)Serialize(m, o, pakt::packed);
    return o.size();
  };
  std::vector<std::uint8_t> out;
  M m{};
  if (r.op == "N") return ok(enc(m, r.format, out), out);
  if (r.op == "E" || r.op == "S" || r.op == "J") {
    if (!load(r.a1, m)) return "BADINPUT";
    if (r.op == "J") return "OK " + ToJson(m, pakt::JsonStyle::kUnity);
    pakt::Status s = enc(m, r.format, out);
    if (r.op == "E") return ok(s, out);
    return s ? "OK " + std::to_string(size(m, r.format)) : "ERR " + s.message();
  }
  if (r.op == "D") {
    auto b = from_hex(r.a1);
    pakt::Status s;
    if (r.format == "compact") s = Deserialize(pakt::ByteView(b.data(), b.size()), m, pakt::compact);
    else if (r.format == "mslima") s = Deserialize(pakt::ByteView(b.data(), b.size()), m, pakt::mslima);
    else if (r.format == "godot4") s = Deserialize(pakt::ByteView(b.data(), b.size()), m, pakt::godot4);
    else if (r.format == "godot3") s = Deserialize(pakt::ByteView(b.data(), b.size()), m, pakt::godot3);
    else s = Deserialize(pakt::ByteView(b.data(), b.size()), m, pakt::packed);
    return s ? "OK " + compact(m) : "ERR " + s.to_string();
  }
  if constexpr (Delta) {
    M base{};
    if (r.op == "X" || r.op == "Y") {
      if (!load(r.a1, base)) return "BADINPUT";
      if (r.op == "X") {
        if (!load(r.a2, m)) return "BADINPUT";
        return ok(Serialize(m, base, out, pakt::packed), out);
      }
      auto b = from_hex(r.a2);
      pakt::Status s = Deserialize(pakt::ByteView(b.data(), b.size()), base, m, pakt::packed);
      return s ? "OK " + compact(m) : "ERR " + s.to_string();
    }
    if (r.op == "R") {
      std::vector<M> values;
      for (const std::string& hex : conformance::split_commas(r.a1)) {
        values.emplace_back();
        if (!load(hex, values.back())) return "BADINPUT";
      }
      pakt::replication::Sender<M> sender(conformance::kScenarioHistory);
      pakt::replication::Receiver<M> receiver(conformance::kScenarioHistory);
      return "OK " + conformance::run_replication_scenario(sender, receiver, values, r.a2, compact);
    }
  }
  return "NOOP";
}
"""


class CppDriver:
    name = "cpp"

    def __init__(self, pakt, work, cxx="g++", jobs=2, per_tu=12, opt="-O0", env=None, cxx_flags=()):
        self.pakt, self.work, self.cxx, self.jobs, self.per_tu, self.opt = pakt, work, cxx, jobs, per_tu, opt
        self.cxx_flags = list(cxx_flags)  # e.g. the sanitizer passes' -fsanitize=address,undefined
        self.env = env
        self.gen = os.path.join(work, "gen")
        self.exe = os.path.join(work, "cpp_driver")
        self.seconds = {}

    def _tu(self, idx, schemas):
        lines = ['#include "protocol.hpp"', '#include "replication_scenario.hpp"', '#include <map>', '#include <string>']
        lines += [f'#include "{s.sid}.pakt.cpp"' for s in schemas]
        lines.append(f"namespace tu{idx} {{")
        lines.append(CPP_HANDLER)
        lines.append(f"}}  // namespace tu{idx}")
        lines.append(f"void register_{idx}(std::map<std::string, std::string (*)(const conformance::Request&)>& t) {{")
        for s in schemas:
            ns = "::" + "::".join(s.package.split("."))
            for m in s.messages:
                lines.append(f'  t["{s.sid}\\t{m}"] = &tu{idx}::handle<{ns}::{m}, {str(m in s.delta).lower()}>;')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def _flags(self):
        return [self.cxx, "-std=c++17", self.opt, *self.cxx_flags,
                "-I", self.work, "-I", os.path.join(ROOT, "runtime", "include"),
                "-I", HERE, "-I", self.gen]

    def _compile(self, src, obj):
        return run(self._flags() + ["-include", "pch.hpp", "-c", src, "-o", obj])

    def _pch(self):
        """The runtime headers every translation unit includes, precompiled once."""
        pch = os.path.join(self.work, "pch.hpp")
        open(pch, "w").write('#include <map>\n#include <string>\n#include "protocol.hpp"\n'
                             '#include "pakt/pakt.hpp"\n#include "pakt/godot/mapping.hpp"\n#include "pakt/packed.hpp"\n#include "pakt/replication.hpp"\n'
                             '#include "replication_scenario.hpp"\n')
        p = run(self._flags() + ["-x", "c++-header", pch, "-o", pch + ".gch"])
        if p.returncode != 0:
            raise RuntimeError("cannot precompile the runtime headers:\n" + p.stderr[-3000:])

    def build(self, schemas):
        t0 = time.time()
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.gen)
        failures = {}
        ok = []
        # Generation: all at once; on failure one by one.
        failures.update(generate(self.pakt, ["--lang", "cpp", "--formats", "compact,mslima,packed,json,godot"], self.gen, schemas,
                                 self.env, self.jobs))
        ok = [s for s in schemas if s.sid not in failures]
        self.seconds["generate"] = time.time() - t0

        t1 = time.time()
        self._pch()
        groups = [ok[i:i + self.per_tu] for i in range(0, len(ok), self.per_tu)]

        def build_group(gi, group):
            src = os.path.join(self.work, f"tu{gi}.cpp")
            open(src, "w").write(self._tu(gi, group))
            p = self._compile(src, src[:-4] + ".o")
            if p.returncode == 0:
                return gi, group, {}
            # The schemas the compiler names (their generated files, their namespaces pkN::), left out
            # until the rest compiles; then, if needed, one by one.
            bad = {}
            for _ in range(4):
                named = compiler_blames(p.stderr, {s.sid for s in group if s.sid not in bad})
                if not named:
                    break
                for sid, lines in named.items():
                    bad[sid] = "C++ compile: " + "\n".join(lines[:4])
                rest = [s for s in group if s.sid not in bad]
                if not rest:
                    return gi, [], bad
                open(src, "w").write(self._tu(gi, rest))
                p = self._compile(src, src[:-4] + ".o")
                if p.returncode == 0:
                    return gi, rest, bad
            group = [s for s in group if s.sid not in bad]
            good = []
            for s in group:
                one = os.path.join(self.work, f"one_{s.sid}.cpp")
                open(one, "w").write(self._tu(f"{gi}_{s.sid}", [s]))
                q = run(self._flags() + ["-include", "pch.hpp", "-fsyntax-only", one])
                if q.returncode != 0:
                    bad[s.sid] = "C++ compile: " + first_errors(q.stderr)
                else:
                    good.append(s)
            if good and len(good) < len(group):
                open(src, "w").write(self._tu(gi, good))
                p = self._compile(src, src[:-4] + ".o")
            if p.returncode != 0:
                for s in good:
                    bad[s.sid] = "C++ compile (with other schemas): " + first_errors(p.stderr)
                good = []
            return gi, good, bad

        # The part of the runtime's Godot Variant codec (runtime/src/godot, the pakt_godot library of a
        # CMake build) that the generated Serialize/Deserialize(m, pakt::godot4|godot3) call, compiled
        # with the driver's flags (typed_json, encode and equality are not called: 7 CPU-seconds saved).
        godot_src = os.path.join(ROOT, "runtime", "src", "godot")
        runtime_objs = [os.path.join(self.work, f"godot_{n}.o")
                        for n in ("value_writer", "value_reader", "decode", "variant_type", "engine_utf8")]

        def build_runtime(obj):
            src = os.path.join(godot_src, os.path.basename(obj)[len("godot_"):-2] + ".cpp")
            p = run(self._flags() + ["-c", src, "-o", obj])
            if p.returncode != 0:
                raise RuntimeError(f"cannot compile {src}:\n" + p.stderr[-3000:])

        built = []
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as ex:
            runtime_jobs = [ex.submit(build_runtime, o) for o in runtime_objs]
            for gi, good, bad in ex.map(lambda a: build_group(*a), enumerate(groups)):
                failures.update(bad)
                if good:
                    built.append(gi)
            for job in runtime_jobs:
                job.result()
        main = os.path.join(self.work, "main.cpp")
        with open(main, "w") as f:
            f.write('#include <map>\n#include <string>\n#include "protocol.hpp"\n')
            f.write("using Table = std::map<std::string, std::string (*)(const conformance::Request&)>;\n")
            for gi in built:
                f.write(f"void register_{gi}(Table&);\n")
            f.write("int main(int argc, char** argv) {\n  static Table t;\n")
            for gi in built:
                f.write(f"  register_{gi}(t);\n")
            f.write('  return conformance::serve(argc, argv, [](const conformance::Request& r) -> std::string {\n'
                    '    auto it = t.find(r.schema + "\\t" + r.message);\n'
                    '    return it == t.end() ? std::string("NOMESSAGE") : it->second(r);\n  });\n}\n')
        objs = [os.path.join(self.work, f"tu{gi}.o") for gi in built] + runtime_objs
        p = run([self.cxx, "-std=c++17", self.opt, *self.cxx_flags, "-I", HERE, main] + objs + ["-o", self.exe])
        if p.returncode != 0:
            raise RuntimeError("cannot link the C++ driver:\n" + p.stderr[-3000:])
        self.seconds["compile"] = time.time() - t1
        return failures

    def run(self, requests, responses):
        t0 = time.time()
        p = run([self.exe, requests, responses])
        self.seconds["run"] = time.time() - t0
        if p.returncode != 0:
            raise RuntimeError(f"C++ driver exited with {p.returncode}: {p.stderr[-2000:]}")


# ---- C# -------------------------------------------------------------------------------------------

def csharp_names(env):
    """The C# back end's naming rule (its names.yaml, through pakt_gen.names), from the back end that
    generates the code (PAKT_GENERATOR_DIR of `pakt generate`'s environment, else this checkout's): a
    message named like a C# keyword is spelled `@base` in the generated code, and the dispatch table
    must spell it the same."""
    generator = (env or os.environ).get("PAKT_GENERATOR_DIR") or os.path.join(ROOT, "generator")
    with _IMPORT_LOCK:
        sys.path.insert(0, generator)
        try:
            from pakt_gen import names
        finally:
            sys.path.pop(0)
    return names.load("csharp")


class CSharpDriver:
    name = "csharp"

    def __init__(self, pakt, work, env=None):
        self.pakt, self.work, self.env = pakt, work, env
        self.gen = os.path.join(work, "gen")
        self.exe = os.path.join(work, "Conformance.exe")
        self.seconds = {}
        self.mcs, self.mono = shutil.which("mcs"), shutil.which("mono")
        if not self.mcs or not self.mono:
            raise RuntimeError("mcs / mono are not installed (scripts/setup.sh installs mono-mcs and mono-runtime)")

    def _dispatch(self, schemas, namespaces):
        out = ["// Generated by tests/conformance/drivers.py: the messages of the conformance schemas.",
               "using System.Collections.Generic;", "static partial class ConformanceDriver {",
               "  static void Register(Dictionary<string, Ops> t) {"]
        spell = csharp_names(self.env).spell
        for s in schemas:
            ns = namespaces[s.sid]
            for m in s.messages:
                T = f"global::{ns}.{spell('message', m)}"
                line = (f'    t["{s.sid}\\t{m}"] = new Ops {{ New = () => new {T}(), '
                        f'Enc = (v, f) => {T}.Serialize(({T})v, f), Dec = (b, f) => {T}.Deserialize(b, f), '
                        f'Size = (v, f) => {T}.SerializedSize(({T})v, f), Json = v => {T}.ToJson(({T})v)')
                if m in s.delta:
                    line += (f', DeltaEnc = (v, b) => {T}.Serialize(({T})v, ({T})b, global::Pakt.Format.Packed), '
                             f'DeltaDec = (d, b) => {T}.Deserialize(d, ({T})b, global::Pakt.Format.Packed), '
                             f'Replicate = (vs, sc) => Replicate({T}.ReplicationCodec, vs, sc, '
                             f'b => {T}.Deserialize(b, global::Pakt.Format.Compact), '
                             f'v => {T}.Serialize(v, global::Pakt.Format.Compact))')
                out.append(line + " };")
        out += ["  }", "}"]
        return "\n".join(out) + "\n"

    def _namespaces(self, schemas):
        ns = {}
        for s in schemas:
            path = os.path.join(self.gen, s.sid + ".pakt.cs")
            m = re.search(r"^namespace\s+([\w.@]+)", open(path, encoding="utf-8").read(), re.M) if os.path.exists(path) else None
            ns[s.sid] = m.group(1) if m else None
        return ns

    def _mcs(self, sources, out):
        return run([self.mcs, "-langversion:7.2", "-nowarn:0162,0168,0219", f"-out:{out}",
                    os.path.join(HERE, "ConformanceDriver.cs")] + sources)

    def build(self, schemas):
        t0 = time.time()
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.gen)
        failures = {}
        failures.update(generate(self.pakt, ["--lang", "csharp"], self.gen, schemas, self.env))
        ok = [s for s in schemas if s.sid not in failures]
        namespaces = self._namespaces(ok)
        for s in ok:
            if namespaces[s.sid] is None:
                failures[s.sid] = "pakt generate --lang csharp wrote no namespace"
        ok = [s for s in ok if s.sid not in failures]
        self.seconds["generate"] = time.time() - t0
        t1 = time.time()
        runtime = os.path.join(self.gen, "Pakt.Runtime.cs")

        def attempt(group):
            disp = os.path.join(self.work, "Dispatch.cs")
            open(disp, "w").write(self._dispatch(group, namespaces))
            return self._mcs([runtime, disp] + [os.path.join(self.gen, s.sid + ".pakt.cs") for s in group], self.exe)

        p = attempt(ok)
        # The schemas mcs names (errors in their generated files), left out until the rest compiles.
        for _ in range(4):
            if p.returncode == 0:
                break
            named = {}
            for l in (p.stdout + p.stderr).splitlines():
                m = re.search(r"\b(s\d{4,})\.pakt\.cs\(\d+,\d+\): error", l)
                if m:
                    named.setdefault(m.group(1), []).append(l)
            named = {k: v for k, v in named.items() if k in {s.sid for s in ok}}
            if not named:
                break
            for sid, lines in named.items():
                failures[sid] = "C# compile (mcs): " + "\n".join(lines[:4])
            ok = [s for s in ok if s.sid not in named]
            p = attempt(ok)
        if p.returncode != 0:
            good = []
            for s in ok:
                disp = os.path.join(self.work, f"Dispatch_{s.sid}.cs")
                open(disp, "w").write(self._dispatch([s], namespaces))
                q = self._mcs([runtime, disp, os.path.join(self.gen, s.sid + ".pakt.cs")],
                              os.path.join(self.work, f"one_{s.sid}.exe"))
                if q.returncode != 0:
                    failures[s.sid] = "C# compile (mcs): " + first_errors(q.stdout + q.stderr)
                else:
                    good.append(s)
            p = attempt(good)
            if p.returncode != 0:
                raise RuntimeError("mcs fails on the schemas that compile one by one:\n" + (p.stdout + p.stderr)[-3000:])
        self.seconds["compile"] = time.time() - t1
        return failures

    def run(self, requests, responses):
        t0 = time.time()
        p = run([self.mono, "--debug", self.exe, requests, responses])
        self.seconds["run"] = time.time() - t0
        if p.returncode != 0:
            raise RuntimeError(f"mono exited with {p.returncode}: {(p.stdout + p.stderr)[-2000:]}")


# ---- GDScript -------------------------------------------------------------------------------------

def _gd_api(godot):
    # The engine generations' file, hex and script-header APIs of the GDScript engine tests (imported
    # under a lock: the languages' drivers run in threads).
    with _IMPORT_LOCK:
        sys.path.insert(0, os.path.join(ROOT, "tests", "gdscript"))
        try:
            from run_gdscript_tests import API
        finally:
            sys.path.pop(0)
    return API[godot]


GD_BODY = """
{extra}
func hex(h):
{hex}
# The Variant of Godot bytes, null when the engine refuses them (its error printed).
func variant_of(b):
{variant_of}
func load_scripts(base, stems):
\tvar scripts = {{}}
\tfor stem in stems:
\t\tvar s = load(base + stem + ".pakt.gd")
\t\tprint("LOAD|", stem, "|", s != null)
\t\tif s != null:
\t\t\tscripts[stem] = s
\treturn scripts

func answer(key, ok, text):
\tprint("R|", key, "|", ("OK " if ok else "ERR ") + text)

# Op R (tests/conformance/README.md, "The replication scenario"): the runtime's Sender and Receiver,
# history 4, value i at tick 65533 + i; one letter per value for what happens to its packet.
func deliver(snd, rcv, packet, ack_delivered, tokens):
\tif rcv.receive(packet) == OK:
\t\ttokens.append("A" + rcv.ack.hex_encode() + "S" + rcv.snapshot.to_bytes(0).hex_encode())
\t\tif ack_delivered:
\t\t\tsnd.receive_ack(rcv.ack)
\telse:
\t\ttokens.append("X")

func replicate(key, cls, rt, values_hex, letters):
\tvar hexes = values_hex.split(",") if values_hex != "" else []
\tif hexes.size() != letters.length():
\t\tprint("R|", key, "|BADINPUT ", hexes.size(), " values, ", letters.length(), " letters")
\t\treturn
\tvar values = []
\tfor h in hexes:
\t\tvar v = cls.new()
\t\tif v.from_bytes(hex(h), 0) != OK:
\t\t\tprint("R|", key, "|BADINPUT ", v.last_error)
\t\t\treturn
\t\tvalues.append(v)
\tvar snd = rt.Sender.new(cls, 4)
\tvar rcv = rt.Receiver.new(cls, 4)
\tvar tokens = []
\tvar held = []
\tfor i in values.size():
\t\tvar letter = letters[i]
\t\tif not letter in ["o", "l", "a", "d", "h"]:
\t\t\tprint("R|", key, "|BADINPUT letter ", letter)
\t\t\treturn
\t\tvar packet = snd.encode((65533 + i) & 0xFFFF, values[i])
\t\tvar due = held  # held at the step before: delivered after this one
\t\theld = []
\t\tif packet.size() == 0:
\t\t\ttokens.append("E")
\t\telse:
\t\t\ttokens.append("P" + packet.hex_encode())
\t\t\tif letter == "o" or letter == "a" or letter == "d":
\t\t\t\tdeliver(snd, rcv, packet, letter != "a", tokens)
\t\t\tif letter == "d":
\t\t\t\tdeliver(snd, rcv, packet, false, tokens)
\t\t\tif letter == "h":
\t\t\t\theld.append(packet)
\t\tfor q in due:
\t\t\tdeliver(snd, rcv, q, true, tokens)
\tfor q in held:
\t\tdeliver(snd, rcv, q, true, tokens)
\tvar text = ""
\tfor t in tokens:
\t\ttext += ("," if text != "" else "") + t
\tanswer(key, true, text)

func run():
\tvar scripts = load_scripts("{base}", {stems})
\tvar FMT = {{"compact": 0, "mslima": 1, "packed": 2}}
\tvar f = {open}
\twhile not f.eof_reached():
\t\tvar line = f.get_line()
\t\tif line == "":
\t\t\tcontinue
\t\tvar p = line.split("\\t")
\t\tvar key = p[0]
\t\tvar script = scripts.get(p[1])
\t\tif script == null:
\t\t\tprint("R|", key, "|NOSCRIPT")
\t\t\tcontinue
\t\tvar consts = script.get_script_constant_map()
\t\tvar cls = consts[p[2]] if consts.has(p[2]) else consts.get(p[2] + "_")
\t\tif cls == null:
\t\t\tprint("R|", key, "|NOMESSAGE")
\t\t\tcontinue
\t\tvar op = p[3]
\t\tvar fmt = FMT.get(p[4], 0)
\t\tvar m = cls.new()
\t\t# The Godot Variant formats: this engine's own (godot{gen}) through {v2b}(to_variant()) and
\t\t# from_variant(variant_of(bytes)); the other generation's is not spoken here.
\t\tvar variant_format = p[4] == "godot4" or p[4] == "godot3"
\t\tif variant_format and p[4] != "godot{gen}":
\t\t\tprint("R|", key, "|NA")
\t\t\tcontinue
\t\tif variant_format and op == "N":
\t\t\tanswer(key, true, {v2b}(m.to_variant()).hex_encode())
\t\t\tcontinue
\t\tif op == "N":
\t\t\tvar nb = m.to_bytes(fmt)
\t\t\tanswer(key, m.last_error == "", nb.hex_encode() if m.last_error == "" else m.last_error)
\t\t\tcontinue
\t\tif op == "J":
\t\t\tprint("R|", key, "|NA")
\t\t\tcontinue
\t\tif op == "E" or op == "S":
\t\t\tif m.from_bytes(hex(p[5]), 0) != OK:
\t\t\t\tprint("R|", key, "|BADINPUT ", m.last_error)
\t\t\t\tcontinue
\t\t\tif variant_format:
\t\t\t\tvar vb = {v2b}(m.to_variant())
\t\t\t\tanswer(key, true, vb.hex_encode() if op == "E" else str(vb.size()))
\t\t\t\tcontinue
\t\t\tvar eb = m.to_bytes(fmt)
\t\t\tif m.last_error != "":
\t\t\t\tanswer(key, false, m.last_error)
\t\t\telif op == "E":
\t\t\t\tanswer(key, true, eb.hex_encode())
\t\t\telse:
\t\t\t\tanswer(key, true, str(eb.size()))
\t\t\tcontinue
\t\tif op == "D" and variant_format:
\t\t\tif m.from_variant(variant_of(hex(p[5]))) == OK:
\t\t\t\tanswer(key, true, m.to_bytes(0).hex_encode())
\t\t\telse:
\t\t\t\tanswer(key, false, m.last_error)
\t\t\tcontinue
\t\tif op == "D":
\t\t\tif m.from_bytes(hex(p[5]), fmt) == OK:
\t\t\t\tanswer(key, true, m.to_bytes(0).hex_encode())
\t\t\telse:
\t\t\t\tanswer(key, false, m.last_error)
\t\t\tcontinue
\t\tif op == "X" or op == "Y":
\t\t\tvar base = cls.new()
\t\t\tif base.from_bytes(hex(p[5]), 0) != OK:
\t\t\t\tprint("R|", key, "|BADINPUT ", base.last_error)
\t\t\t\tcontinue
\t\t\tif op == "X":
\t\t\t\tif m.from_bytes(hex(p[6]), 0) != OK:
\t\t\t\t\tprint("R|", key, "|BADINPUT ", m.last_error)
\t\t\t\t\tcontinue
\t\t\t\tvar db = m.to_bytes_delta(base)
\t\t\t\tanswer(key, m.last_error == "", db.hex_encode() if m.last_error == "" else m.last_error)
\t\t\telse:
\t\t\t\tif m.from_bytes_delta(hex(p[6]), base) == OK:
\t\t\t\t\tanswer(key, true, m.to_bytes(0).hex_encode())
\t\t\t\telse:
\t\t\t\t\tanswer(key, false, m.last_error)
\t\t\tcontinue
\t\tif op == "R":
\t\t\treplicate(key, cls, consts["_pakt_runtime"], p[5], p[6] if p.size() > 6 else "")
\t\t\tcontinue
\t\tprint("R|", key, "|NOOP")
"""


# Godot 4's bytes_to_var() returns null on bytes it cannot decode; Godot 3's bytes2var() stops the
# script there ("Not enough bytes for decoding bytes"), so Godot 3 decodes them through
# StreamPeer.get_var() (the same decode_variant() of the same bytes, null on an error).
GD_VARIANT_OF = {
    "4": "\treturn bytes_to_var(b)\n",
    "3": "\tvar s = StreamPeerBuffer.new()\n\ts.put_32(b.size())\n\ts.put_data(b)\n\ts.seek(0)\n\treturn s.get_var()\n",
}


class GDScriptDriver:
    """One engine run per generation: Godot 3 (godot3-server) or Godot 4.6 (web build in headless
    Chromium, tests/godot/engine4/run_godot4.mjs)."""

    def __init__(self, godot, pakt, work, env=None, godot3=None, node=None, driver4=None):
        self.godot, self.pakt, self.work, self.env = godot, pakt, work, env
        self.name = "godot" + godot
        self.godot3, self.node, self.driver4 = godot3, node, driver4
        self.gen = os.path.join(work, "gen")
        self.seconds = {}
        self.schemas = []

    def build(self, schemas):
        t0 = time.time()
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.gen)
        failures = {}
        failures.update(generate(self.pakt, ["--lang", "gdscript", "--godot", self.godot], self.gen, schemas, self.env))
        self.schemas = [s for s in schemas if s.sid not in failures]
        self.seconds["generate"] = time.time() - t0
        return failures

    def run(self, requests, responses):
        """Runs the engine; returns {sid: load failure} for scripts that did not load."""
        t0 = time.time()
        api = _gd_api(self.godot)
        stems = [s.sid for s in self.schemas]
        if self.godot == "4":
            base = "/tmp/pakt/"
            req = "/tmp/pakt/requests.txt"
        else:
            base = self.gen + "/"
            req = os.path.abspath(requests)
        open_expr = api["open"].replace("path", repr(req).replace("'", '"'))
        script = api["header"] + GD_BODY.format(extra=api["extra"], hex=api["hex"], base=base, stems=repr(stems),
                                               open=open_expr, gen=self.godot, v2b=api["var_to_bytes"],
                                               variant_of=GD_VARIANT_OF[self.godot])
        script_path = os.path.join(self.work, "driver.gd")
        open(script_path, "w", encoding="utf-8").write(script)
        # The engine's output goes to files, not pipes: node writes the engine's whole output at once and
        # then exits, and a pipe's reader that falls behind got a cut copy (13.6 of 15 MB, no DONE line).
        out_path = os.path.join(self.work, "engine_stdout.txt")
        err_path = os.path.join(self.work, "engine_stderr.txt")
        with open(out_path, "wb") as fo, open(err_path, "wb") as fe:
            if self.godot == "4":
                req_copy = os.path.join(self.work, "requests.txt")
                shutil.copyfile(requests, req_copy)
                files = [os.path.join(self.gen, n) for n in sorted(os.listdir(self.gen))] + [req_copy]
                p = subprocess.run([self.node, self.driver4, script_path] + files, stdout=fo, stderr=fe, timeout=1200)
            else:
                p = subprocess.run([self.godot3, "--no-window", "-s", script_path], stdout=fo, stderr=fe, timeout=1200,
                                   cwd=self.work)
        out = open(out_path, encoding="utf-8", errors="replace").read()
        err = open(err_path, encoding="utf-8", errors="replace").read()
        if "DONE|" not in out:
            raise RuntimeError(f"Godot {self.godot} did not finish the driver (exit {p.returncode}):\n"
                               f"{out[-2000:]}\n{err[-2000:]}")
        failures = {}
        loads = {}
        with open(responses, "w", encoding="utf-8") as f:
            for line in out.splitlines():
                if line.startswith("R|"):
                    _, key, result = line.split("|", 2)
                    f.write(f"{key}\t{result}\n")
                elif line.startswith("LOAD|"):
                    _, stem, okay = line.split("|", 2)
                    loads[stem] = okay.strip().lower() == "true"
        # Script errors name the script: the schema whose script stopped or failed to parse.
        # (Godot prints the error, then an "At: res://.../sNNNN.pakt.gd:LINE" line.)
        last_error = ""
        for l in (out + "\n" + err).splitlines():
            if re.search(r"SCRIPT ERROR|Parse Error|Invalid (call|get|set|index|operands)", l):
                last_error = l.strip()
            m = re.search(r"(s\d{4,})\.pakt\.gd(:\d+)?", l)
            if m and (last_error or re.search(r"SCRIPT ERROR|Parse Error", l)):
                failures.setdefault(m.group(1), f"Godot {self.godot}: {last_error[:300]} at {m.group(0)}")
                last_error = ""
        for stem in stems:
            if not loads.get(stem, False):
                failures.setdefault(stem, f"Godot {self.godot}: {stem}.pakt.gd did not load")
        self.seconds["run"] = time.time() - t0
        return failures
