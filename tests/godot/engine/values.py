"""Typed JSON helpers (reference section 6) for the engine interop cases."""
import struct


def f32(x):
    """x rounded to float32, as the engine stores real_t components and Color."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def T(type_name, value, **extra):
    out = {"type": type_name, "value": value}
    out.update(extra)
    return out


NIL = T("Nil", None)


def Bool(b):
    return T("bool", b)


def Int(i):
    return T("int", str(i) if abs(i) > 2**53 else i)


def Float(x):
    if x != x:
        return T("float", "nan")
    if x in (float("inf"), float("-inf")):
        return T("float", "inf" if x > 0 else "-inf")
    return T("float", x)


def Str(s):
    return T("String", s)


def xy(x, y):
    return {"x": f32(x), "y": f32(y)}


def xyz(x, y, z):
    return {"x": f32(x), "y": f32(y), "z": f32(z)}


def xyzw(x, y, z, w):
    return {"x": f32(x), "y": f32(y), "z": f32(z), "w": f32(w)}


def rgba(r, g, b, a=1.0):
    return {"r": f32(r), "g": f32(g), "b": f32(b), "a": f32(a)}


def node_path(names, subnames, absolute):
    text = ("/" if absolute else "") + "/".join(names) + "".join(":" + s for s in subnames)
    return T("NodePath", {"path": text, "names": names, "subnames": subnames, "absolute": absolute})


def rows(*values):
    v = [f32(x) for x in values]
    return [v[0:3], v[3:6], v[6:9]]


def Arr(*elements, **extra):
    return T("Array", list(elements), **extra)


def Dict(*pairs, **extra):
    return T("Dictionary", [list(p) for p in pairs], **extra)


class Case:
    """A value the engine builds from a GDScript expression, and the typed JSON pakt should see."""

    def __init__(self, name, expr, value, full_objects=False, engine_decode=True):
        self.name = name
        self.expr = expr
        self.value = value  # None: the bytes hold run-time data (object ids); compare bytes only
        self.full_objects = full_objects
        # False: skip (b), the engine cannot rebuild the value from bytes (e.g. an object by id)
        self.engine_decode = engine_decode and value is not None


class Malformed:
    """Bytes fed to the engine's decoder and to pakt's: both must accept, or both reject.

    divergence = (engine_accepts, pakt_accepts, reason) names a documented, deliberate difference:
    the test then asserts exactly that outcome.
    """

    def __init__(self, name, hex_bytes, allow_objects=False, divergence=None, live_object=False):
        self.name = name
        self.hex = hex_bytes.replace(" ", "")
        self.allow_objects = allow_objects
        self.divergence = divergence
        # The engine decodes to a live object (a new instance, an EncodedObjectAsID, a container
        # typed with one): its re-encoding carries run-time data, so only the verdicts are compared.
        self.live_object = live_object


def same_json(a, b):
    """Deep equality where floats also compare their sign (-0.0 != 0.0)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if a != b:
            return False
        return not (isinstance(a, float) and isinstance(b, float) and (str(a)[0] == "-") != (str(b)[0] == "-"))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return a == b
