"""Checks pakt against a real Godot engine's output (the engine is the truth; no expected bytes come
from pakt). Parts: (a) pakt decodes the engine's var_to_bytes output to the expected value and
re-encodes it byte for byte; (b) the engine decodes pakt's encoding to the value it built itself;
(c) on malformed input, the engine and pakt accept and reject the same bytes."""
import json
import subprocess

from values import same_json


class Pakt:
    def __init__(self, binary, version):
        self.binary = binary
        self.version = version

    def run(self, args, stdin):
        p = subprocess.run([self.binary, "godot", *args, "--godot", self.version], input=stdin.encode(),
                           capture_output=True, timeout=60)
        return p.returncode, p.stdout.decode(errors="replace").strip(), p.stderr.decode(errors="replace").strip()

    def encode(self, value, full_objects=False):
        rc, out, err = self.run(["encode"] + (["--full-objects"] if full_objects else []), json.dumps(value))
        if rc != 0:
            raise RuntimeError(f"pakt encode failed ({rc}): {err}")
        return out

    def decode(self, hex_bytes, allow_objects=False):
        """(accepted, typed JSON or error text)"""
        rc, out, err = self.run(["decode"] + (["--allow-objects"] if allow_objects else []), hex_bytes)
        if rc not in (0, 1):
            raise RuntimeError(f"pakt decode crashed or misused ({rc}): {err}")
        return (True, json.loads(out)) if rc == 0 else (False, err)


def has_node_path(value):
    return "NodePath" in json.dumps(value)


def same_bytes_masking_node_path_padding(pakt_hex, engine_hex, node_path):
    """Exact equality, except that the engine leaves NodePath name padding unwritten (garbage):
    where pakt wrote a zero byte in a value holding a NodePath, the engine's byte may differ."""
    if len(pakt_hex) != len(engine_hex):
        return False
    for i in range(0, len(pakt_hex), 2):
        p, e = pakt_hex[i:i + 2], engine_hex[i:i + 2]
        if p != e and not (node_path and p == "00"):
            return False
    return True


def parse_engine_output(stdout):
    lines = {}
    for line in stdout.splitlines():
        fields = line.strip().split("|")
        if len(fields) >= 2 and fields[0] in ("A", "B", "C"):
            lines[(fields[0], int(fields[1]))] = fields[2:]
    return lines


def check_values_a(pakt, cases, lines):
    failures = []
    for i, case in enumerate(cases):
        engine = lines.get(("A", i))
        if engine is None:
            failures.append(f"(a) {case.name}: the engine printed no encoding")
            continue
        engine_hex = engine[0]
        ok, decoded = pakt.decode(engine_hex, allow_objects=case.full_objects)
        if not ok:
            failures.append(f"(a) {case.name}: pakt rejects the engine's bytes {engine_hex}: {decoded}")
            continue
        if case.value is not None and not same_json(decoded, case.value):
            failures.append(f"(a) {case.name}: pakt decodes {engine_hex} as {json.dumps(decoded)}, "
                            f"expected {json.dumps(case.value)}")
            continue
        reencoded = pakt.encode(decoded, full_objects=case.full_objects)
        if not same_bytes_masking_node_path_padding(reencoded, engine_hex, has_node_path(decoded)):
            failures.append(f"(a) {case.name}: engine {engine_hex} but pakt re-encodes {reencoded}")
    return failures


def check_values_b(pakt, cases, pakt_hexes, lines):
    failures = []
    checked = 0
    for i, case in enumerate(cases):
        if not case.engine_decode:
            continue
        checked += 1
        verdict = lines.get(("B", i))
        engine_own = lines.get(("A", i))
        if verdict is None or engine_own is None:
            failures.append(f"(b) {case.name}: the engine printed no verdict on pakt's {pakt_hexes[i]}")
            continue
        if verdict[0] == "REJECTED":
            failures.append(f"(b) {case.name}: the engine rejects pakt's bytes {pakt_hexes[i]}")
            continue
        reencoded, text_from_pakt, text_expected = verdict[0], verdict[1], verdict[2]
        if text_from_pakt != text_expected:
            failures.append(f"(b) {case.name}: from pakt's {pakt_hexes[i]} the engine gets {text_from_pakt}, "
                            f"expected {text_expected}")
        elif not has_node_path(case.value) and reencoded != engine_own[0]:
            failures.append(f"(b) {case.name}: the engine reads pakt's {pakt_hexes[i]} as a value it writes as "
                            f"{reencoded}, not as its own {engine_own[0]}")
    return failures, checked


def check_malformed_c(pakt, malformed, lines):
    failures = []
    for i, m in enumerate(malformed):
        verdict = lines.get(("C", i))
        if verdict is None:
            failures.append(f"(c) {m.name}: the engine printed no verdict")
            continue
        engine_accepts = verdict[0] == "OK"
        pakt_accepts, decoded = pakt.decode(m.hex, allow_objects=m.allow_objects)
        if m.divergence:
            engine_expected, pakt_expected, reason = m.divergence
            if (engine_accepts, pakt_accepts) != (engine_expected, pakt_expected):
                failures.append(f"(c) {m.name}: expected the documented divergence (engine accepts={engine_expected}"
                                f", pakt accepts={pakt_expected}: {reason}), got engine={engine_accepts} "
                                f"pakt={pakt_accepts}")
            continue
        if engine_accepts != pakt_accepts:
            failures.append(f"(c) {m.name}: {m.hex or '(empty)'}: engine {'accepts' if engine_accepts else 'rejects'}"
                            f", pakt {'accepts' if pakt_accepts else 'rejects'} ({decoded})")
            continue
        if engine_accepts and not m.live_object:
            # Same value: pakt reads the engine's re-encoding of the input as it reads the input.
            ok, from_engine = pakt.decode(verdict[1], allow_objects=m.allow_objects)
            if not ok or not same_json(from_engine, decoded):
                failures.append(f"(c) {m.name}: pakt reads {m.hex} as {json.dumps(decoded)}, but the engine's "
                                f"value is {verdict[1]} ({from_engine})")
    return failures
