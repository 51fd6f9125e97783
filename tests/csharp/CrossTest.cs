// The C# side of the cross-language tests (run by run_csharp_tests.py, compiled with mcs together with
// the generated C# of the test schemas, run with mono). The test itself uses reflection to reach every
// message type; the generated code and the runtime do not.
//   CrossTest.exe VECTORS SEED_HEX BOUNDARY_TYPES PACKED_VECTORS
// VECTORS: "<C# type>\t<format>\t<hex>\t<C++ ToJson>" lines from cross_vectors (C++).
// PACKED_VECTORS: cross_vectors write-packed's lines (C++ packed bytes or encode errors, deltas).
using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text;

static class CrossTest
{
    static int failures;
    static readonly Random Rng = new Random(20261203);
    static readonly string[] Pieces = { "a", "Z", "0", " ", "\"", "\\", "\n", "\u00e9", "\uac00", "\u2713", "\U0001F600" };

    static void Fail(string what)
    {
        if (++failures <= 20) Console.Error.WriteLine("FAIL: " + what);
    }

    static string Hex(byte[] b) { return BitConverter.ToString(b).Replace("-", "").ToLowerInvariant(); }

    static byte[] FromHex(string s)
    {
        var b = new byte[s.Length / 2];
        for (int i = 0; i < b.Length; ++i) b[i] = Convert.ToByte(s.Substring(2 * i, 2), 16);
        return b;
    }

    sealed class Codec
    {
        public Type Type;
        MethodInfo _ser, _des, _desInto, _json, _size, _serInto;
        MethodInfo _serDelta, _desDelta, _desDeltaInto, _sizeDelta;

        public Codec(Type t)
        {
            Type = t;
            _ser = t.GetMethod("Serialize", new[] { t, typeof(Pakt.Format) });
            _des = t.GetMethod("Deserialize", new[] { typeof(byte[]), typeof(Pakt.Format) });
            _desInto = t.GetMethod("Deserialize", new[] { typeof(byte[]), typeof(int), typeof(int), t, typeof(Pakt.Format) });
            _json = t.GetMethod("ToJson", new[] { t });
            _size = t.GetMethod("SerializedSize", new[] { t, typeof(Pakt.Format) });
            _serInto = t.GetMethod("Serialize", new[] { t, typeof(byte[]), typeof(int), typeof(Pakt.Format) });
            _serDelta = t.GetMethod("Serialize", new[] { t, t, typeof(Pakt.Format) });
            _desDelta = t.GetMethod("Deserialize", new[] { typeof(byte[]), t, typeof(Pakt.Format) });
            _desDeltaInto = t.GetMethod("Deserialize", new[] { typeof(byte[]), typeof(int), typeof(int), t, t, typeof(Pakt.Format) });
            _sizeDelta = t.GetMethod("SerializedSize", new[] { t, t, typeof(Pakt.Format) });
        }

        public int SerializeInto(object v, byte[] b, int off, Pakt.Format f) { return (int)Call(_serInto, v, b, off, f); }
        public bool HasDelta { get { return _serDelta != null; } }
        public byte[] SerializeDelta(object v, object baseline) { return (byte[])Call(_serDelta, v, baseline, Pakt.Format.Packed); }
        public object DeserializeDelta(byte[] b, object baseline) { return Call(_desDelta, b, baseline, Pakt.Format.Packed); }
        public void DeserializeDeltaInto(byte[] b, int off, int n, object baseline, object into)
        {
            Call(_desDeltaInto, b, off, n, baseline, into, Pakt.Format.Packed);
        }
        public int SizeDelta(object v, object baseline) { return (int)Call(_sizeDelta, v, baseline, Pakt.Format.Packed); }

        static object Call(MethodInfo m, params object[] args)
        {
            try { return m.Invoke(null, args); }
            catch (TargetInvocationException e) { throw e.InnerException; }
        }

        public byte[] Serialize(object v, Pakt.Format f) { return (byte[])Call(_ser, v, f); }
        public object Deserialize(byte[] b, Pakt.Format f) { return Call(_des, b, f); }
        public void DeserializeInto(byte[] b, int off, int n, object into, Pakt.Format f) { Call(_desInto, b, off, n, into, f); }
        public string ToJson(object v) { return (string)Call(_json, v); }
        public int Size(object v, Pakt.Format f) { return (int)Call(_size, v, f); }
    }

    static readonly Dictionary<string, Codec> Codecs = new Dictionary<string, Codec>();

    static Codec CodecOf(string name)
    {
        Codec c;
        if (!Codecs.TryGetValue(name, out c))
        {
            Type t = Type.GetType(name);
            if (t == null) throw new Exception("no C# type " + name);
            c = new Codec(t);
            Codecs[name] = c;
        }
        return c;
    }

    // ------------------------------------------------------------------ C++ bytes -> C#
    static void CheckVectors(string path, HashSet<string> boundaryTypes)
    {
        var counts = new SortedDictionary<string, int>();
        var reused = new Dictionary<string, object>();
        var truncated = new Dictionary<string, int>();
        int truncations = 0, olderPrefixes = 0, fuzzed = 0;
        foreach (string line in File.ReadAllLines(path, Encoding.UTF8))
        {
            string[] p = line.Split('\t');
            Codec c = CodecOf(p[0]);
            Pakt.Format f = p[1] == "mslima" ? Pakt.Format.Mslima : Pakt.Format.Compact;
            byte[] bytes = FromHex(p[2]);
            string key = p[0] + " " + p[1];
            object v;
            try { v = c.Deserialize(bytes, f); }
            catch (Exception e) { Fail(key + ": C# cannot decode C++ bytes " + p[2] + ": " + e.GetType().Name + " " + e.Message); continue; }
            string json = c.ToJson(v);
            if (json != p[3]) { Fail(key + ": JSON differs\n  C++: " + p[3] + "\n  C#:  " + json); continue; }
            byte[] again = c.Serialize(v, f);
            if (Hex(again) != p[2]) { Fail(key + ": re-encoded bytes differ\n  C++: " + p[2] + "\n  C#:  " + Hex(again)); continue; }
            if (c.Size(v, f) != bytes.Length) { Fail(key + ": SerializedSize " + c.Size(v, f) + " != " + bytes.Length); continue; }
            // Decoding into a used object (at an offset) gives the same value. The object holds
            // another value first, its deprecated field too (Versioned.old), which the decoding sets
            // back to its default as the C++ decoders do (runtime/include/pakt/message_rules.hpp).
            object into;
            if (!reused.TryGetValue(key, out into)) { into = Activator.CreateInstance(c.Type); reused[key] = into; }
            RandomValue(c.Type, into);
            if (c.Type.Name == "Versioned") c.Type.GetField("old").SetValue(into, 7);
            byte[] padded = new byte[bytes.Length + 3];
            Buffer.BlockCopy(bytes, 0, padded, 2, bytes.Length);
            c.DeserializeInto(padded, 2, bytes.Length, into, f);
            if (c.ToJson(into) != p[3]) { Fail(key + ": decoding into a reused object differs: " + c.ToJson(into)); continue; }
            // Every truncation of the first values of each message and format: DecodeException
            // (a top-level payload may end at a version boundary: an older version's payload).
            int seen;
            truncated.TryGetValue(key, out seen);
            if (seen < 40)
            {
                truncated[key] = seen + 1;
                for (int n = 0; n < bytes.Length; ++n)
                {
                    byte[] prefix = new byte[n];
                    Buffer.BlockCopy(bytes, 0, prefix, 0, n);
                    ++truncations;
                    try
                    {
                        c.Deserialize(prefix, f);
                        if (boundaryTypes.Contains(p[0])) ++olderPrefixes;
                        else Fail(key + ": the truncation to " + n + " bytes of " + p[2] + " decoded");
                    }
                    catch (Pakt.DecodeException) { }
                    catch (Exception e) { Fail(key + ": truncation to " + n + " bytes threw " + e.GetType().Name + ": " + e.Message); }
                }
                // Hostile bytes: mutations of the value and random buffers, only DecodeException.
                for (int k = 0; k < 20; ++k)
                {
                    byte[] m = (byte[])bytes.Clone();
                    if (m.Length > 0) m[Rng.Next(m.Length)] = (byte)Rng.Next(256);
                    if (k % 4 == 0) { m = new byte[Rng.Next(48)]; Rng.NextBytes(m); }
                    ++fuzzed;
                    try { c.Deserialize(m, f); }
                    catch (Pakt.DecodeException) { }
                    catch (Exception e) { Fail(key + ": hostile bytes " + Hex(m) + " threw " + e.GetType().Name + ": " + e.Message); }
                }
            }
            int k2;
            counts.TryGetValue(key, out k2);
            counts[key] = k2 + 1;
        }
        foreach (var kv in counts) Console.WriteLine("C++ -> C# " + kv.Key + ": " + kv.Value + " values (decode, ToJson, re-encode, reuse)");
        Console.WriteLine("truncations: " + truncations + " (" + olderPrefixes + " older-version prefixes of versioned messages decoded), hostile buffers: " + fuzzed);
    }

    // ------------------------------------------------------------------ packed: C++ bytes <-> C#
    static void CheckPacked(string path)
    {
        var counts = new SortedDictionary<string, int>();
        var reused = new Dictionary<string, object>();
        int encodeErrors = 0, payloads = 0, inPlace = 0, reencodedSame = 0, reencodedOther = 0;
        foreach (string line in File.ReadAllLines(path, Encoding.UTF8))
        {
            string[] p = line.Split('\t');
            Codec c = CodecOf(p[0]);
            bool delta = p[1] == "packed-delta";
            string key = p[0] + " " + p[1];
            // The value (and the baseline) losslessly, from their compact bytes.
            object value = c.Deserialize(FromHex(p[4]), Pakt.Format.Compact);
            object baseline = delta ? c.Deserialize(FromHex(p[5]), Pakt.Format.Compact) : null;
            if (p[2].StartsWith("!", StringComparison.Ordinal))
            {
                // C++ refused to encode the value: C# refuses with the same text.
                try
                {
                    byte[] b = delta ? c.SerializeDelta(value, baseline) : c.Serialize(value, Pakt.Format.Packed);
                    Fail(key + ": C++ refused (" + p[2].Substring(1) + ") but C# encoded " + Hex(b));
                }
                catch (Pakt.EncodeException e)
                {
                    if (e.Message != p[2].Substring(1)) Fail(key + ": encode error differs\n  C++: " + p[2].Substring(1) + "\n  C#:  " + e.Message);
                    else ++encodeErrors;
                }
                continue;
            }
            byte[] bytes = FromHex(p[2]);
            // C# encodes the same value to the same bytes, measures them and writes them into a buffer.
            byte[] mine;
            try { mine = delta ? c.SerializeDelta(value, baseline) : c.Serialize(value, Pakt.Format.Packed); }
            catch (Exception e) { Fail(key + ": C# cannot encode what C++ encoded to " + p[2] + ": " + e.Message); continue; }
            if (Hex(mine) != p[2]) { Fail(key + ": packed bytes differ\n  C++: " + p[2] + "\n  C#:  " + Hex(mine)); continue; }
            int size = delta ? c.SizeDelta(value, baseline) : c.Size(value, Pakt.Format.Packed);
            if (size != bytes.Length) { Fail(key + ": SerializedSize " + size + " != " + bytes.Length); continue; }
            if (!delta)
            {
                byte[] buffer = new byte[bytes.Length + 5];
                int n = c.SerializeInto(value, buffer, 3, Pakt.Format.Packed);
                byte[] written = new byte[n];
                Buffer.BlockCopy(buffer, 3, written, 0, n);
                if (Hex(written) != p[2]) { Fail(key + ": Serialize into a buffer wrote " + Hex(written)); continue; }
                if (bytes.Length > 0)
                {
                    try
                    {
                        c.SerializeInto(value, new byte[bytes.Length + 1], 2, Pakt.Format.Packed);
                        Fail(key + ": Serialize into a buffer too small did not throw");
                    }
                    catch (Pakt.EncodeException) { }
                }
            }
            // C# decodes the C++ bytes to what C++ decoded.
            object back;
            try { back = delta ? c.DeserializeDelta(bytes, baseline) : c.Deserialize(bytes, Pakt.Format.Packed); }
            catch (Exception e) { Fail(key + ": C# cannot decode C++ bytes " + p[2] + ": " + e.GetType().Name + " " + e.Message); continue; }
            if (c.ToJson(back) != p[3]) { Fail(key + ": decoded JSON differs\n  C++: " + p[3] + "\n  C#:  " + c.ToJson(back)); continue; }
            if (!delta)
            {
                // A decoded value encodes again (docs/packed.md: the float32 nearest to a range's end
                // counts as that end). Mostly to the same bytes — not always: a smallest-three
                // quaternion at a tie (two largest components equal) decodes with another largest one.
                try
                {
                    if (Hex(c.Serialize(back, Pakt.Format.Packed)) == p[2]) ++reencodedSame;
                    else ++reencodedOther;
                }
                catch (Pakt.EncodeException e) { Fail(key + ": the value decoded from " + p[2] + " does not encode again: " + e.Message); continue; }
            }
            if (delta)
            {
                // In place: the baseline itself becomes the value (at an offset in a larger buffer).
                byte[] padded = new byte[bytes.Length + 3];
                Buffer.BlockCopy(bytes, 0, padded, 1, bytes.Length);
                c.DeserializeDeltaInto(padded, 1, bytes.Length, baseline, baseline);
                if (c.ToJson(baseline) != p[3]) { Fail(key + ": the delta applied in place differs: " + c.ToJson(baseline)); continue; }
                ++inPlace;
                baseline = c.Deserialize(FromHex(p[5]), Pakt.Format.Compact);
            }
            else
            {
                object into;
                if (!reused.TryGetValue(key, out into)) { into = Activator.CreateInstance(c.Type); reused[key] = into; }
                RandomValue(c.Type, into);
                if (c.Type.Name == "Versioned") c.Type.GetField("old").SetValue(into, 7);
                byte[] padded = new byte[bytes.Length + 3];
                Buffer.BlockCopy(bytes, 0, padded, 2, bytes.Length);
                c.DeserializeInto(padded, 2, bytes.Length, into, Pakt.Format.Packed);
                if (c.ToJson(into) != p[3]) { Fail(key + ": decoding into a reused object differs: " + c.ToJson(into)); continue; }
            }
            ++payloads;
            int k2;
            counts.TryGetValue(key, out k2);
            counts[key] = k2 + 1;
        }
        foreach (var kv in counts)
            Console.WriteLine("C++ -> C# " + kv.Key + ": " + kv.Value + " payloads (same bytes, size, decode, " + (kv.Key.EndsWith("delta") ? "in place" : "re-encode, reuse") + ")");
        Console.WriteLine("packed: " + payloads + " payloads equal, " + encodeErrors + " values C++ and C# both refuse with the same text, " +
                          inPlace + " deltas applied in place; decoded values encode again: " + reencodedSame +
                          " to the same bytes, " + reencodedOther + " to others (smallest-three ties)");
    }

    // One payload derived by hand from docs/packed.md (bits least significant first), independent of
    // both implementations: Cube {id 1, position (0, 0, 0), rotation identity, at_rest true}:
    //   id: ranged [0, 1023], 10 bits: 1
    //   position: each component quantized [-50, 50] in 100000 steps, 17 bits: round(50 x 100000 / 100) = 50000
    //   rotation: smallest-three 9 bits: largest w -> index 3 in 2 bits; x, y, z = 0 quantized over
    //             [-1/sqrt2, 1/sqrt2] in 511 steps: (0 + b) x 511 / 2b = 255.5 exactly -> 256 (half away from zero)
    //   at_rest: 1 bit: 1
    // 10 + 3 x 17 + 2 + 3 x 9 + 1 = 91 bits -> 12 bytes, the 5 high bits of the last 0.
    static void CheckPackedHandDerived()
    {
        const string expected = "01400d831a06356c80000106";
        var cube = new Pakt.Test.Packed.Cube { id = 1, rotation = new Pakt.Quaternion(0, 0, 0, 1), at_rest = true };
        string got = Hex(Pakt.Test.Packed.Cube.Serialize(cube, Pakt.Format.Packed));
        if (got != expected) { Fail("hand-derived Cube: expected " + expected + ", C# wrote " + got); return; }
        var back = Pakt.Test.Packed.Cube.Deserialize(FromHex(expected), Pakt.Format.Packed);
        // step 256 of 511 over [-b, b]: -b + 2b x 256 / 511 = 0.00138377061 (as a float 0.0013837706f); w = sqrt(1 - 3x²)
        if (back.id != 1 || back.position.x != 0 || back.rotation.x != 0.0013837706f || back.rotation.w != 0.99999714f || !back.at_rest)
            Fail("hand-derived Cube decodes to " + Pakt.Test.Packed.Cube.ToJson(back));
        else Console.WriteLine("packed: the hand-derived Cube payload (docs/packed.md) is C#'s, and decodes back (x = y = z = 0.0013837706, w = 0.99999714)");
    }

    static void CheckPackedAllocations()
    {
        var g = new Pakt.Test.Packed.Floats();
        // (A default Camera's fov, 0, is outside its range [30, 120]: both scenes set it.)
        var scene = new Pakt.Test.Packed.Scene { frame = 121, camera = new Pakt.Test.Packed.Camera { fov = 60 } };
        for (int i = 0; i < 5; ++i)
            scene.cubes.Add(new Pakt.Test.Packed.Cube { id = (ushort)i, position = new Pakt.Vector3(i, -i, 0.5f), rotation = new Pakt.Quaternion(0, 0, 0, 1) });
        var baseline = Pakt.Test.Packed.Scene.Deserialize(Pakt.Test.Packed.Scene.Serialize(scene, Pakt.Format.Compact), Pakt.Format.Compact);
        baseline.frame = 120;
        baseline.cubes[2].position.x = 3;
        var other = Pakt.Test.Packed.Scene.Deserialize(Pakt.Test.Packed.Scene.Serialize(baseline, Pakt.Format.Compact), Pakt.Format.Compact);
        var buffer = new byte[1024];
        var into = new Pakt.Test.Packed.Floats();
        var intoScene = new Pakt.Test.Packed.Scene();
        for (int pass = 0; pass < 2; ++pass)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; ++i)
            {
                int n = Pakt.Test.Packed.Floats.Serialize(g, buffer, 0, Pakt.Format.Packed);
                Pakt.Test.Packed.Floats.Deserialize(buffer, 0, n, into, Pakt.Format.Packed);
                n = Pakt.Test.Packed.Scene.Serialize(scene, buffer, 0, Pakt.Format.Packed);
                Pakt.Test.Packed.Scene.Deserialize(buffer, 0, n, intoScene, Pakt.Format.Packed);
                n = Pakt.Test.Packed.Scene.Serialize(scene, baseline, buffer, 0, Pakt.Format.Packed);
                Pakt.Test.Packed.Scene.Deserialize(buffer, 0, n, baseline, intoScene, Pakt.Format.Packed);  // onto a copy of baseline
                n = Pakt.Test.Packed.Scene.Serialize(scene, baseline, buffer, 0, Pakt.Format.Packed);
                Pakt.Test.Packed.Scene.Deserialize(buffer, 0, n, other, other, Pakt.Format.Packed);  // other becomes scene (quantized)
                n = Pakt.Test.Packed.Scene.Serialize(baseline, other, buffer, 0, Pakt.Format.Packed);
                Pakt.Test.Packed.Scene.Deserialize(buffer, 0, n, other, other, Pakt.Format.Packed);  // and back to baseline
            }
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            if (pass == 1)
            {
                if (allocated != 0) Fail("packed Serialize into a buffer / Deserialize into an object (delta in place) allocated " + allocated + " bytes");
                else Console.WriteLine("allocations: packed Serialize into a buffer + Deserialize into a reused object (Floats; Scene in full, its deltas in place and onto a copy of the baseline): 0 bytes in 10000 calls");
            }
        }
    }

    // ------------------------------------------------------------------ C# values -> C++
    static long RandomBits() { return ((long)Rng.Next() << 33) ^ ((long)Rng.Next() << 2) ^ Rng.Next(4); }

    static object RandomInteger(Type t)
    {
        int k = Rng.Next(8);
        long bits = RandomBits();
        if (t == typeof(byte)) return k == 0 ? byte.MinValue : k == 1 ? byte.MaxValue : k == 2 ? (byte)0 : k == 3 ? (byte)1 : (byte)bits;
        if (t == typeof(sbyte)) return k == 0 ? sbyte.MinValue : k == 1 ? sbyte.MaxValue : k == 2 ? (sbyte)0 : k == 3 ? (sbyte)(-1) : (sbyte)bits;
        if (t == typeof(short)) return k == 0 ? short.MinValue : k == 1 ? short.MaxValue : k == 2 ? (short)0 : k == 3 ? (short)(-1) : (short)bits;
        if (t == typeof(ushort)) return k == 0 ? ushort.MinValue : k == 1 ? ushort.MaxValue : k == 2 ? (ushort)0 : k == 3 ? (ushort)1 : (ushort)bits;
        if (t == typeof(int)) return k == 0 ? int.MinValue : k == 1 ? int.MaxValue : k == 2 ? 0 : k == 3 ? -1 : (int)bits;
        if (t == typeof(uint)) return k == 0 ? uint.MinValue : k == 1 ? uint.MaxValue : k == 2 ? 0u : k == 3 ? 1u : (uint)bits;
        if (t == typeof(long)) return k == 0 ? long.MinValue : k == 1 ? long.MaxValue : k == 2 ? 0L : k == 3 ? -1L : bits;
        if (t == typeof(ulong)) return k == 0 ? ulong.MinValue : k == 1 ? ulong.MaxValue : k == 2 ? 0UL : k == 3 ? 1UL : (ulong)bits;
        throw new Exception("not an integer: " + t);
    }

    static double RandomDouble(bool f32)
    {
        switch (Rng.Next(12))
        {
            case 0: return double.NaN;
            case 1: return double.PositiveInfinity;
            case 2: return double.NegativeInfinity;
            case 3: return -0.0;
            case 4: return f32 ? float.MaxValue : double.MaxValue;
            case 5: return f32 ? float.MinValue : double.MinValue;
            case 6: return f32 ? float.Epsilon : double.Epsilon;
            default: return (Rng.NextDouble() * 2 - 1) * 1e6;
        }
    }

    static string RandomText(int maxBytes)
    {
        int budget = Rng.Next(maxBytes + 1);
        var sb = new StringBuilder();
        int used = 0;
        for (;;)
        {
            string piece = Pieces[Rng.Next(Pieces.Length)];
            int n = Encoding.UTF8.GetByteCount(piece);
            if (used + n > budget) break;
            sb.Append(piece);
            used += n;
        }
        return sb.ToString();
    }

    static object RandomValue(Type t, object current)
    {
        if (t == typeof(bool)) return Rng.Next(2) == 1;
        if (t == typeof(float)) return (float)RandomDouble(true);
        if (t == typeof(double)) return RandomDouble(false);
        if (t.IsEnum) return Enum.ToObject(t, RandomInteger(Enum.GetUnderlyingType(t)));
        if (t.IsPrimitive) return RandomInteger(t);
        if (t == typeof(string)) return RandomText(8);
        if (t == typeof(byte[]) && (current == null || ((byte[])current).Length == 0))  // bytes, not uint8[N]
        {
            var b = new byte[Rng.Next(5)];
            Rng.NextBytes(b);
            return b;
        }
        if (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(Nullable<>))
            return Rng.Next(2) == 0 ? null : RandomValue(t.GetGenericArguments()[0], null);
        if (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(List<>))
        {
            var list = (IList)Activator.CreateInstance(t);
            int n = Rng.Next(4);
            Type e = t.GetGenericArguments()[0];
            for (int i = 0; i < n; ++i) list.Add(RandomValue(e, null));
            return list;
        }
        if (t.IsArray)
        {
            var a = (Array)current;  // T[N]: the constructor made it N long
            for (int i = 0; i < a.Length; ++i) a.SetValue(RandomValue(t.GetElementType(), a.GetValue(i)), i);
            return a;
        }
        if (t.IsValueType)  // Pakt.Vector3 ...
        {
            object v = Activator.CreateInstance(t);
            foreach (FieldInfo fi in t.GetFields(BindingFlags.Public | BindingFlags.Instance))
                fi.SetValue(v, fi.FieldType == typeof(int) ? RandomInteger(typeof(int)) : (object)(float)RandomDouble(true));
            return v;
        }
        // a message
        object m = current ?? Activator.CreateInstance(t);
        foreach (FieldInfo fi in t.GetFields(BindingFlags.Public | BindingFlags.Instance))
        {
            if (t.Name == "Versioned" && fi.Name == "old") continue;  // deprecated: stays its default
            object cur = fi.GetValue(m);
            bool optionalRef = cur == null && !fi.FieldType.IsValueType;
            if (optionalRef && Rng.Next(2) == 0) continue;
            if (optionalRef && fi.FieldType.IsArray) cur = null;
            fi.SetValue(m, RandomValue(fi.FieldType, cur));
        }
        return m;
    }

    // ------------------------------------------------------------------ the seed, allocations
    static void CheckSeed(string realHex)
    {
        var m = new Photon.Seed.SeedGameStruct
        {
            int_1 = 30, int_2 = 71, float_1 = 0.162f, bool_1 = true, string_1 = "ABC\uac00\ub098\ub2e4",
            vector3_1 = new Pakt.Vector3(-23, 62, 26), vector3_2 = new Pakt.Vector3(1, 7, -15),
            quaternion_1 = new Pakt.Quaternion(0.29798496f, -0.039225f, 0.12452618f, 0.9455186f),
        };
        string got = Hex(Photon.Seed.SeedGameStruct.Serialize(m, Pakt.Format.Mslima));
        if (got != realHex) Fail("SeedGameStruct in mslima:\n  real MSLIMA: " + realHex + "\n  C#:          " + got);
        else Console.WriteLine("SeedGameStruct (the seed's example) in mslima = the real MSLIMA bytes (" + got.Length / 2 + " bytes)");
        var back = Photon.Seed.SeedGameStruct.Deserialize(FromHex(realHex), Pakt.Format.Mslima);
        if (back.string_1 != m.string_1 || back.quaternion_1.w != m.quaternion_1.w) Fail("the real MSLIMA bytes decode to other values");
    }

    // The generated PUN2 glue, compiled against tests/csharp/PhotonStandIn.cs (Photon's signatures only).
    static void CheckPunGlue(string realHex)
    {
        Photon.Seed.PaktPunPhotonSeed.RegisterTypes();
        Pakt.Test.PaktPunRich.RegisterTypes();
        ExitGames.Client.Photon.PhotonPeer.Registration reg;
        if (!ExitGames.Client.Photon.PhotonPeer.Registered.TryGetValue((byte)'A', out reg) || reg.Type != typeof(Photon.Seed.SeedGameStruct))
        {
            Fail("RegisterTypes() did not register SeedGameStruct under 'A'");
            return;
        }
        if (!ExitGames.Client.Photon.PhotonPeer.Registered.ContainsKey(0xF0)) Fail("RegisterTypes() did not register Scalars under 0xF0");
        var stream = new ExitGames.Client.Photon.StreamBuffer();
        var value = Photon.Seed.SeedGameStruct.Deserialize(FromHex(realHex), Pakt.Format.Mslima);
        short n = reg.Serialize(stream, value);
        if (Hex(stream.ToArray()) != realHex || n != realHex.Length / 2) Fail("PUN glue wrote " + Hex(stream.ToArray()));
        var back = (Photon.Seed.SeedGameStruct)reg.Deserialize(new ExitGames.Client.Photon.StreamBuffer(FromHex(realHex)), n);
        if (Photon.Seed.SeedGameStruct.ToJson(back) != Photon.Seed.SeedGameStruct.ToJson(value)) Fail("PUN glue read another value");
        else Console.WriteLine("PUN2 glue (against the Photon stand-in): RegisterTypes() registers the coded messages; SeedGameStruct travels as the real MSLIMA bytes");
    }

    static void CheckAllocations()
    {
        var g = new Pakt.Test.Geometry();
        var s = new Pakt.Test.Scalars();
        var buffer = new byte[256];
        var into = new Pakt.Test.Geometry();
        var intoS = new Pakt.Test.Scalars();
        for (int pass = 0; pass < 2; ++pass)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; ++i)
            {
                for (int k = 0; k < 2; ++k)
                {
                    Pakt.Format f = (Pakt.Format)k;
                    int n = Pakt.Test.Geometry.Serialize(g, buffer, 0, f);
                    Pakt.Test.Geometry.Deserialize(buffer, 0, n, into, f);
                    n = Pakt.Test.Scalars.Serialize(s, buffer, 0, f);
                    Pakt.Test.Scalars.Deserialize(buffer, 0, n, intoS, f);
                }
            }
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            if (pass == 1)
            {
                if (allocated != 0) Fail("Serialize into a buffer / Deserialize into an object allocated " + allocated + " bytes");
                else Console.WriteLine("allocations: Serialize into a buffer + Deserialize into a reused object (Geometry, Scalars): 0 bytes in 4000 calls");
            }
        }
    }

    static int Main(string[] args)
    {
        if (args.Length != 4)
        {
            Console.Error.WriteLine("usage: CrossTest.exe VECTORS SEED_HEX BOUNDARY_TYPES PACKED_VECTORS");
            return 2;
        }
        var boundaryTypes = new HashSet<string>(args[2].Split(new[] { ',' }, StringSplitOptions.RemoveEmptyEntries));
        CheckSeed(args[1]);
        CheckPunGlue(args[1]);
        CheckVectors(args[0], boundaryTypes);
        CheckAllocations();
        CheckPackedHandDerived();
        CheckPacked(args[3]);
        CheckPackedAllocations();
        if (failures != 0)
        {
            Console.Error.WriteLine(failures + " failures");
            return 1;
        }
        return 0;
    }
}
