// The C# benchmark (issue 13): the generated C# code against a careful hand-written C# codec, MSLIMA's
// Serializer.cs (when compiled in) and a Buffer.BlockCopy floor, on the data sets of the C++ benchmark
// (bench/data_sets.cpp): the seed's SeedGameStruct example and Monster50. Run by bench/csharp/run.sh.
//
//   mono Bench.exe [--repetitions N] [--min-time SECONDS] [--check] [--snapshots-only] [--cpp-bytes FILE] [--seed-mslima HEX]
//
// --check only verifies, and exits 1 on a difference: every codec writes the same bytes (the C++ bytes of
// --cpp-bytes, "<data set>\t<format>\t<hex>" lines; the seed's real MSLIMA bytes of --seed-mslima), every
// decoder reads them back to the input, and the generated and hand-written decoders reject every
// truncation and bad UTF-8. Without --check the same checks run first, then the timings: a markdown table
// per data set on stdout (median over the repetitions of wall-clock ns per operation, the cases
// interleaved in a shuffled order each repetition; bytes allocated per operation from
// GC.GetAllocatedBytesForCurrentThread()).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using UnityEngine;
using Photon.Seed;
using Pakt.Bench;

namespace PaktCsBench
{
    // mt19937 as the C++ standard fixes it, and the C++ benchmark's SeededGenerator on top of it.
    public sealed class SeededGenerator
    {
        private readonly uint[] _mt = new uint[624];
        private int _index;

        public SeededGenerator(uint seed)
        {
            _mt[0] = seed;
            for (int i = 1; i < 624; ++i) _mt[i] = 1812433253u * (_mt[i - 1] ^ (_mt[i - 1] >> 30)) + (uint)i;
            _index = 624;
        }

        public uint Next()
        {
            if (_index >= 624)
            {
                for (int i = 0; i < 624; ++i)
                {
                    uint y = (_mt[i] & 0x80000000u) | (_mt[(i + 1) % 624] & 0x7fffffffu);
                    _mt[i] = _mt[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1u) != 0 ? 0x9908b0dfu : 0u);
                }
                _index = 0;
            }
            uint x = _mt[_index++];
            x ^= x >> 11;
            x ^= (x << 7) & 0x9d2c5680u;
            x ^= (x << 15) & 0xefc60000u;
            x ^= x >> 18;
            return x;
        }

        public int Between(int low, int high)
        {
            uint span = (uint)(high - low + 1);
            return low + (int)(Next() % span);
        }

        public float Unit() { return (float)((double)Next() / 4294967295.0 * 2.0 - 1.0); }

        public string Name()
        {
            char[] name = new char[Between(1, 10)];
            for (int i = 0; i < name.Length; ++i) name[i] = (char)('A' + Between(0, 25));
            return new string(name);
        }

        public short Short() { return (short)Between(-32768, 32767); }

        public Vec3 Vec3()
        {
            Vec3 v = new Vec3();
            v.x = Unit();
            v.y = Unit();
            v.z = Unit();
            return v;
        }

        public Weapon Weapon()
        {
            Weapon w = new Weapon();
            w.name = Name();
            w.damage = Short();
            return w;
        }
    }

    public static class DataSets
    {
        // schemas/photon_seed.yaml's example.
        public static SeedGameStruct SeedGameStruct()
        {
            SeedGameStruct s = new SeedGameStruct();
            s.int_1 = 30;
            s.int_2 = 71;
            s.float_1 = 0.162f;
            s.bool_1 = true;
            s.string_1 = "ABC가나다";
            s.vector3_1 = new Vector3(-23, 62, 26);
            s.vector3_2 = new Vector3(1, 7, -15);
            s.quaternion_1 = new Quaternion(0.29798496f, -0.039225f, 0.12452618f, 0.9455186f);
            return s;
        }

        // bench/data_sets.cpp's MakeMonster, 50 times from seed 20240607.
        public static Monsters Monster50()
        {
            SeededGenerator random = new SeededGenerator(20240607);
            Monsters all = new Monsters();
            for (int i = 0; i < 50; ++i)
            {
                Monster m = new Monster();
                m.pos = random.Vec3();
                m.mana = random.Short();
                m.hp = random.Short();
                m.name = random.Name();
                int items = random.Between(1, 10);
                for (int k = 0; k < items; ++k) m.inventory.Add((byte)random.Between(0, 255));
                m.color = (MonsterColor)random.Between(0, 2);
                int weapons = random.Between(1, 10);
                for (int k = 0; k < weapons; ++k) m.weapons.Add(random.Weapon());
                m.equipped = random.Weapon();
                int points = random.Between(1, 10);
                for (int k = 0; k < points; ++k) m.path.Add(random.Vec3());
                all.monsters.Add(m);
            }
            return all;
        }
    }

    // One codec on one data set. Each loop runs its operation n times with nothing else in the loop.
    public abstract class Case
    {
        public string Codec;
        public string Format;     // "compact" or "mslima"
        public string Note = "";  // how it serializes / deserializes, for the table's legend
        public abstract void SerializeLoop(int n);
        public abstract void DeserializeLoop(int n);
        public abstract byte[] Encode();             // what Serialize writes (once)
        public abstract string DecodeJson(byte[] b);  // Deserialize b (once), as the generated ToJson
    }

    // The data set's generated Serialize / Deserialize / ToJson, by delegate (checks only, never timed).
    public sealed class Message
    {
        public string Name;
        public Func<Pakt.Format, byte[]> Encode;
        public Func<byte[], Pakt.Format, string> DecodeJson;
        public string Json;
        public List<Case> Cases = new List<Case>();
    }

    public sealed class MemcpyCase : Case
    {
        private readonly byte[] _source, _encoded, _decoded;

        public MemcpyCase(byte[] compact)
        {
            Codec = "Memcpy";
            Format = "compact";
            _source = compact;
            _encoded = new byte[compact.Length];
            _decoded = new byte[compact.Length];
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) Buffer.BlockCopy(_source, 0, _encoded, 0, _source.Length);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) Buffer.BlockCopy(_encoded, 0, _decoded, 0, _encoded.Length);
        }

        public override byte[] Encode() { return (byte[])_source.Clone(); }
        public override string DecodeJson(byte[] b) { return null; }  // bytes only
    }

    // ---- SeedGameStruct

    public sealed class GeneratedSeed : Case
    {
        private readonly SeedGameStruct _input, _output = new SeedGameStruct();
        private readonly Pakt.Format _f;
        private readonly byte[] _buffer = new byte[4096];
        private int _size;

        public GeneratedSeed(SeedGameStruct input, Pakt.Format f)
        {
            Codec = "Generated";
            Format = f == Pakt.Format.Compact ? "compact" : "mslima";
            _input = input;
            _f = f;
            _size = SeedGameStruct.Serialize(input, _buffer, 0, f);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _size = SeedGameStruct.Serialize(_input, _buffer, 0, _f);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) SeedGameStruct.Deserialize(_buffer, 0, _size, _output, _f);
        }

        public override byte[] Encode() { SerializeLoop(1); return _buffer.Take(_size).ToArray(); }

        public override string DecodeJson(byte[] b)
        {
            SeedGameStruct.Deserialize(b, 0, b.Length, _output, _f);
            return SeedGameStruct.ToJson(_output);
        }
    }

    public sealed class GeneratedAllocSeed : Case
    {
        private readonly SeedGameStruct _input;
        private byte[] _bytes;
        private SeedGameStruct _output;

        public GeneratedAllocSeed(SeedGameStruct input)
        {
            Codec = "GeneratedNew";
            Format = "mslima";
            _input = input;
            _bytes = SeedGameStruct.Serialize(input, Pakt.Format.Mslima);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _bytes = SeedGameStruct.Serialize(_input, Pakt.Format.Mslima);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _output = SeedGameStruct.Deserialize(_bytes, Pakt.Format.Mslima);
        }

        public override byte[] Encode() { SerializeLoop(1); return _bytes; }

        public override string DecodeJson(byte[] b)
        {
            _output = SeedGameStruct.Deserialize(b, Pakt.Format.Mslima);
            return SeedGameStruct.ToJson(_output);
        }
    }

    public sealed class HandWrittenSeed : Case
    {
        private readonly SeedGameStruct _input, _output = new SeedGameStruct();
        private readonly byte[] _buffer = new byte[4096];
        private int _size;

        public HandWrittenSeed(SeedGameStruct input)
        {
            Codec = "HandWritten";
            Format = "mslima";
            _input = input;
            _size = HandWritten.Serialize(input, _buffer, 0);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _size = HandWritten.Serialize(_input, _buffer, 0);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) HandWritten.Deserialize(_buffer, 0, _size, _output);
        }

        public override byte[] Encode() { SerializeLoop(1); return _buffer.Take(_size).ToArray(); }

        public override string DecodeJson(byte[] b)
        {
            HandWritten.Deserialize(b, 0, b.Length, _output);
            return SeedGameStruct.ToJson(_output);
        }
    }

#if PAKT_MSLIMA
    public sealed class MslimaSeed : Case
    {
        private readonly SeedGameStruct _input;
        private byte[] _bytes;
        private SeedGameStruct _output;

        public MslimaSeed(SeedGameStruct input)
        {
            Codec = "MSLIMA";
            Format = "mslima";
            _input = input;
            _bytes = MslimaCodec.Serialize(input);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _bytes = MslimaCodec.Serialize(_input);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _output = MslimaCodec.DeserializeSeedGameStruct(_bytes);
        }

        public override byte[] Encode() { SerializeLoop(1); return _bytes; }

        public override string DecodeJson(byte[] b)
        {
            _output = MslimaCodec.DeserializeSeedGameStruct(b);
            return SeedGameStruct.ToJson(_output);
        }
    }
#endif

    // ---- Monster50

    public sealed class GeneratedMonsters : Case
    {
        private readonly Monsters _input, _output = new Monsters();
        private readonly Pakt.Format _f;
        private readonly byte[] _buffer = new byte[65536];
        private int _size;

        public GeneratedMonsters(Monsters input, Pakt.Format f)
        {
            Codec = "Generated";
            Format = f == Pakt.Format.Compact ? "compact" : "mslima";
            _input = input;
            _f = f;
            _size = Monsters.Serialize(input, _buffer, 0, f);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _size = Monsters.Serialize(_input, _buffer, 0, _f);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) Monsters.Deserialize(_buffer, 0, _size, _output, _f);
        }

        public override byte[] Encode() { SerializeLoop(1); return _buffer.Take(_size).ToArray(); }

        public override string DecodeJson(byte[] b)
        {
            Monsters.Deserialize(b, 0, b.Length, _output, _f);
            return Monsters.ToJson(_output);
        }
    }

    public sealed class GeneratedAllocMonsters : Case
    {
        private readonly Monsters _input;
        private byte[] _bytes;
        private Monsters _output;

        public GeneratedAllocMonsters(Monsters input)
        {
            Codec = "GeneratedNew";
            Format = "mslima";
            _input = input;
            _bytes = Monsters.Serialize(input, Pakt.Format.Mslima);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _bytes = Monsters.Serialize(_input, Pakt.Format.Mslima);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _output = Monsters.Deserialize(_bytes, Pakt.Format.Mslima);
        }

        public override byte[] Encode() { SerializeLoop(1); return _bytes; }

        public override string DecodeJson(byte[] b)
        {
            _output = Monsters.Deserialize(b, Pakt.Format.Mslima);
            return Monsters.ToJson(_output);
        }
    }

    public sealed class HandWrittenMonsters : Case
    {
        private readonly Monsters _input, _output = new Monsters();
        private readonly byte[] _buffer = new byte[65536];
        private int _size;

        public HandWrittenMonsters(Monsters input)
        {
            Codec = "HandWritten";
            Format = "mslima";
            _input = input;
            _size = HandWritten.Serialize(input, _buffer, 0);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _size = HandWritten.Serialize(_input, _buffer, 0);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) HandWritten.Deserialize(_buffer, 0, _size, _output);
        }

        public override byte[] Encode() { SerializeLoop(1); return _buffer.Take(_size).ToArray(); }

        public override string DecodeJson(byte[] b)
        {
            HandWritten.Deserialize(b, 0, b.Length, _output);
            return Monsters.ToJson(_output);
        }
    }

#if PAKT_MSLIMA
    public sealed class MslimaMonsters : Case
    {
        private readonly Monsters _input;
        private byte[] _bytes;
        private Monsters _output;

        public MslimaMonsters(Monsters input)
        {
            Codec = "MSLIMA";
            Format = "mslima";
            _input = input;
            _bytes = MslimaCodec.Serialize(input);
        }

        public override void SerializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _bytes = MslimaCodec.Serialize(_input);
        }

        public override void DeserializeLoop(int n)
        {
            for (int i = 0; i < n; ++i) _output = MslimaCodec.DeserializeMonsters(_bytes);
        }

        public override byte[] Encode() { SerializeLoop(1); return _bytes; }

        public override string DecodeJson(byte[] b)
        {
            _output = MslimaCodec.DeserializeMonsters(b);
            return Monsters.ToJson(_output);
        }
    }
#endif

    public static class Program
    {
        private static int _failures;

        private static void Fail(string what)
        {
            Console.Error.WriteLine("FAIL: " + what);
            ++_failures;
        }

        private static string FirstDifference(string got, string expected)
        {
            int i = 0;
            while (i < got.Length && i < expected.Length && got[i] == expected[i]) ++i;
            int from = Math.Max(0, i - 40);
            Func<string, string> around = t => t.Substring(Math.Min(from, t.Length), Math.Min(80, t.Length - Math.Min(from, t.Length)));
            return "JSON differs at character " + i + ": got ..." + around(got) + "..., expected ..." + around(expected) + "...";
        }

        private static string Hex(byte[] b)
        {
            StringBuilder s = new StringBuilder(b.Length * 2);
            foreach (byte x in b) s.Append(x.ToString("x2"));
            return s.ToString();
        }

        private static List<Message> MakeMessages()
        {
            SeedGameStruct seed = DataSets.SeedGameStruct();
            Monsters monsters = DataSets.Monster50();
            Message s = new Message
            {
                Name = "SeedGameStruct",
                Encode = f => SeedGameStruct.Serialize(seed, f),
                DecodeJson = (b, f) => SeedGameStruct.ToJson(SeedGameStruct.Deserialize(b, f)),
                Json = SeedGameStruct.ToJson(seed),
            };
            s.Cases.Add(new MemcpyCase(SeedGameStruct.Serialize(seed, Pakt.Format.Compact)));
            s.Cases.Add(new HandWrittenSeed(seed));
            s.Cases.Add(new GeneratedSeed(seed, Pakt.Format.Mslima));
            s.Cases.Add(new GeneratedSeed(seed, Pakt.Format.Compact));
            s.Cases.Add(new GeneratedAllocSeed(seed));
#if PAKT_MSLIMA
            s.Cases.Add(new MslimaSeed(seed));
#endif
            Message m = new Message
            {
                Name = "Monster50",
                Encode = f => Monsters.Serialize(monsters, f),
                DecodeJson = (b, f) => Monsters.ToJson(Monsters.Deserialize(b, f)),
                Json = Monsters.ToJson(monsters),
            };
            m.Cases.Add(new MemcpyCase(Monsters.Serialize(monsters, Pakt.Format.Compact)));
            m.Cases.Add(new HandWrittenMonsters(monsters));
            m.Cases.Add(new GeneratedMonsters(monsters, Pakt.Format.Mslima));
            m.Cases.Add(new GeneratedMonsters(monsters, Pakt.Format.Compact));
            m.Cases.Add(new GeneratedAllocMonsters(monsters));
#if PAKT_MSLIMA
            m.Cases.Add(new MslimaMonsters(monsters));
#endif
            return new List<Message> { s, m };
        }

        // ---- checks

        private static void CheckCodecs(Message message, Dictionary<string, string> cppHex, string seedMslimaHex)
        {
            byte[] compact = message.Encode(Pakt.Format.Compact);
            byte[] mslima = message.Encode(Pakt.Format.Mslima);
            string key = message.Name + "\t";
            string hex;
            if (cppHex != null)
            {
                if (!cppHex.TryGetValue(key + "compact", out hex)) Fail(message.Name + ": no compact line in --cpp-bytes");
                else if (hex != Hex(compact)) Fail(message.Name + ": the generated C# compact bytes differ from the C++ benchmark's");
                if (!cppHex.TryGetValue(key + "mslima", out hex)) Fail(message.Name + ": no mslima line in --cpp-bytes");
                else if (hex != Hex(mslima)) Fail(message.Name + ": the generated C# mslima bytes differ from the C++ benchmark's");
            }
            if (seedMslimaHex != null && message.Name == "SeedGameStruct" && Hex(mslima) != seedMslimaHex)
                Fail("SeedGameStruct: the generated mslima bytes differ from the seed's real MSLIMA bytes");
            foreach (Case c in message.Cases)
            {
                byte[] expected = c.Format == "compact" ? compact : mslima;
                string label = message.Name + "/" + c.Codec + "/" + c.Format;
                if (Hex(c.Encode()) != Hex(expected)) Fail(label + ": Serialize wrote other bytes than the generated code");
                if (c.Codec == "Memcpy") continue;
                string json;
                try
                {
                    json = c.DecodeJson(expected);
                }
                catch (Exception e)
                {
                    Fail(label + ": Deserialize threw " + e.GetType().Name + ": " + e.Message);
                    continue;
                }
                if (json != message.Json) Fail(label + ": Deserialize gave another value: " + FirstDifference(json, message.Json));
            }
        }

        // The generated (mslima) and hand-written decoders reject bytes; anything but their error is a failure.
        private static void ExpectRejected(string what, byte[] b) { ExpectRejected(what, b, b.Length); }

        // The first count bytes of b.
        private static void ExpectRejected(string what, byte[] b, int count)
        {
            try
            {
                Monsters.Deserialize(b, 0, count, new Monsters(), Pakt.Format.Mslima);
                Fail(what + ": the generated decoder accepted it");
            }
            catch (Pakt.DecodeException) { }
            try
            {
                HandWritten.Deserialize(b, 0, count, new Monsters());
                Fail(what + ": the hand-written decoder accepted it");
            }
            catch (HandWrittenError) { }
        }

        private static void ExpectRejectedSeed(string what, byte[] b)
        {
            try
            {
                SeedGameStruct.Deserialize(b, 0, b.Length, new SeedGameStruct(), Pakt.Format.Mslima);
                Fail(what + ": the generated decoder accepted it");
            }
            catch (Pakt.DecodeException) { }
            try
            {
                HandWritten.Deserialize(b, 0, b.Length, new SeedGameStruct());
                Fail(what + ": the hand-written decoder accepted it");
            }
            catch (HandWrittenError) { }
        }

        // A SeedGameStruct in mslima whose string field holds the raw (unreversed) UTF-8 bytes utf8.
        private static byte[] SeedWithString(byte[] utf8)
        {
            List<byte> b = new List<byte> { 0, 0, 0, 30, 0, 0, 0, 71, 0, 0, 0, 0, 1 };
            b.Add((byte)(utf8.Length >> 24)); b.Add((byte)(utf8.Length >> 16));
            b.Add((byte)(utf8.Length >> 8)); b.Add((byte)utf8.Length);
            for (int i = utf8.Length - 1; i >= 0; --i) b.Add(utf8[i]);
            b.AddRange(new byte[12 + 12 + 16]);
            return b.ToArray();
        }

        private static void CheckHostile(List<Message> messages)
        {
            byte[] seed = messages[0].Encode(Pakt.Format.Mslima);
            byte[] monsters = messages[1].Encode(Pakt.Format.Mslima);
            for (int n = 0; n < seed.Length; ++n) ExpectRejectedSeed("SeedGameStruct cut to " + n + " bytes", seed.Take(n).ToArray());
            for (int n = 0; n < monsters.Length; ++n)
                ExpectRejected("Monster50 cut to " + n + " bytes", monsters, n);
            ExpectRejectedSeed("SeedGameStruct and a trailing byte", seed.Concat(new byte[] { 0 }).ToArray());
            ExpectRejected("Monster50 and a trailing byte", monsters.Concat(new byte[] { 0 }).ToArray());
            ExpectRejected("a negative monster count", new byte[] { 0xff, 0xff, 0xff, 0xff });
            ExpectRejected("a monster count beyond the bytes", new byte[] { 0, 0, 0, 2 }.Concat(monsters.Skip(4)).ToArray());
            // Invalid UTF-8 (RFC 3629): overlong, surrogate, beyond U+10FFFF, stray continuation, cut sequence, 0xFF.
            byte[][] invalid =
            {
                new byte[] { 0xC0, 0x80 }, new byte[] { 0xE0, 0x80, 0x80 }, new byte[] { 0xED, 0xA0, 0x80 },
                new byte[] { 0xF4, 0x90, 0x80, 0x80 }, new byte[] { 0x41, 0x80 }, new byte[] { 0xE2, 0x82 },
                new byte[] { 0xFF }, new byte[] { 0xF8, 0x88, 0x80, 0x80, 0x80 },
            };
            foreach (byte[] s in invalid) ExpectRejectedSeed("the string " + Hex(s), SeedWithString(s));
            // And valid UTF-8 (4-byte sequence, U+10FFFF, U+FFFD) is accepted by both, to the same string.
            byte[][] valid = { new byte[] { 0xF0, 0x9F, 0x98, 0x80 }, new byte[] { 0xF4, 0x8F, 0xBF, 0xBF }, new byte[] { 0xEF, 0xBF, 0xBD } };
            foreach (byte[] s in valid)
            {
                byte[] b = SeedWithString(s);
                SeedGameStruct g = new SeedGameStruct(), h = new SeedGameStruct();
                try
                {
                    SeedGameStruct.Deserialize(b, 0, b.Length, g, Pakt.Format.Mslima);
                    HandWritten.Deserialize(b, 0, b.Length, h);
                    if (g.string_1 != h.string_1 || g.string_1 != Encoding.UTF8.GetString(s))
                        Fail("the string " + Hex(s) + " decodes differently");
                }
                catch (Exception e)
                {
                    Fail("the valid string " + Hex(s) + ": " + e.GetType().Name + ": " + e.Message);
                }
            }
        }

        // ---- timing

        private struct Run
        {
            public Case Case;
            public bool Serialize;
            public int Iterations;
            public List<double> Ns;
            public double AllocatedPerOp;
        }

        private static double Time(Case c, bool serialize, int n)
        {
            Stopwatch w = Stopwatch.StartNew();
            if (serialize) c.SerializeLoop(n);
            else c.DeserializeLoop(n);
            w.Stop();
            return w.Elapsed.TotalMilliseconds * 1e6 / n;
        }

        private static double Median(List<double> v)
        {
            List<double> s = v.OrderBy(x => x).ToList();
            int k = s.Count / 2;
            return s.Count % 2 == 1 ? s[k] : (s[k - 1] + s[k]) / 2;
        }

        private static string Num(double v)
        {
            if (v >= 100) return Math.Round(v).ToString("N0", CultureInfo.InvariantCulture);
            if (v >= 10) return v.ToString("F1", CultureInfo.InvariantCulture);
            return v.ToString("F2", CultureInfo.InvariantCulture);
        }

        private static string Ratio(double v)
        {
            return (v < 0.1 ? v.ToString("0.###", CultureInfo.InvariantCulture) : Num(v)) + "×";
        }

        private static void Measure(List<Message> messages, int repetitions, double minTime)
        {
            List<Run> runs = new List<Run>();
            foreach (Message m in messages)
                foreach (Case c in m.Cases)
                    foreach (bool ser in new[] { true, false })
                    {
                        // Warm up (JIT), then find the iterations that take about minTime.
                        Time(c, ser, 3);
                        int n = 1;
                        while (true)
                        {
                            double ns = Time(c, ser, n);
                            if (ns * n >= minTime * 1e9 / 10 || n >= 1 << 28) { n = Math.Max(1, (int)Math.Min(1 << 30, minTime * 1e9 / ns)); break; }
                            n *= 4;
                        }
                        long before = GC.GetAllocatedBytesForCurrentThread();
                        int allocRuns = Math.Min(n, 1000);
                        if (ser) c.SerializeLoop(allocRuns);
                        else c.DeserializeLoop(allocRuns);
                        double allocated = (GC.GetAllocatedBytesForCurrentThread() - before) / (double)allocRuns;
                        runs.Add(new Run { Case = c, Serialize = ser, Iterations = n, Ns = new List<double>(), AllocatedPerOp = allocated });
                    }
            Random shuffle = new Random(13);
            for (int r = 0; r < repetitions; ++r)
            {
                int[] order = Enumerable.Range(0, runs.Count).OrderBy(x => shuffle.Next()).ToArray();
                foreach (int i in order) runs[i].Ns.Add(Time(runs[i].Case, runs[i].Serialize, runs[i].Iterations));
            }

            foreach (Message m in messages)
            {
                Dictionary<Case, Run> ser = runs.Where(x => x.Serialize && m.Cases.Contains(x.Case)).ToDictionary(x => x.Case);
                Dictionary<Case, Run> de = runs.Where(x => !x.Serialize && m.Cases.Contains(x.Case)).ToDictionary(x => x.Case);
                Case memcpy = m.Cases.First(c => c.Codec == "Memcpy");
                Case generated = m.Cases.First(c => c.Codec == "Generated" && c.Format == "mslima");
                double memcpyBoth = Median(ser[memcpy].Ns) + Median(de[memcpy].Ns);
                double genSer = Median(ser[generated].Ns), genDe = Median(de[generated].Ns);
                Console.WriteLine("## " + m.Name + " (" + memcpy.Encode().Length.ToString("N0", CultureInfo.InvariantCulture) + " bytes)");
                Console.WriteLine();
                Console.WriteLine("| Codec | Format | Serialize ns | Deserialize ns | Ser + Deser ns | allocated B/op (ser / deser) | ×Memcpy | ×Generated (ser / deser / both) |");
                Console.WriteLine("|---|---|---:|---:|---:|---:|---:|---:|");
                foreach (Case c in m.Cases)
                {
                    double s = Median(ser[c].Ns), d = Median(de[c].Ns);
                    Console.WriteLine("| " + c.Codec + " | " + c.Format + " | " + Num(s) + " | " + Num(d) + " | " + Num(s + d) + " | " +
                                      Math.Round(ser[c].AllocatedPerOp).ToString("N0", CultureInfo.InvariantCulture) + " / " +
                                      Math.Round(de[c].AllocatedPerOp).ToString("N0", CultureInfo.InvariantCulture) + " | " +
                                      Ratio((s + d) / memcpyBoth) + " | " + Ratio(s / genSer) + " / " + Ratio(d / genDe) + " / " +
                                      Ratio((s + d) / (genSer + genDe)) + " |");
                }
                if (!MslimaCodec.Available)
                    Console.WriteLine("| MSLIMA | mslima | skipped: PAKT_MSLIMA_SERIALIZER not set | | | | | |");
                Console.WriteLine();
            }
        }

        // ---- snapshots (SnapshotBench.cs): one table per data set, ratios over compact's

        private static double TimeSnapshot(SnapshotCase c, bool serialize, int n)
        {
            double start = ThreadClock.Ns();
            if (serialize) for (int i = 0; i < n; ++i) c.Serialize();
            else for (int i = 0; i < n; ++i) c.Deserialize(c.Size);
            return (ThreadClock.Ns() - start) / n;
        }

        private static void MeasureSnapshots(List<SnapshotSet> sets, int repetitions, double minTime)
        {
            var runs = new List<Tuple<SnapshotCase, bool, int, List<double>, double>>();
            foreach (SnapshotSet set in sets)
                foreach (SnapshotCase c in set.Cases)
                {
                    c.Size = c.Serialize();
                    foreach (bool ser in new[] { true, false })
                    {
                        TimeSnapshot(c, ser, 3);
                        int n = 1;
                        while (true)
                        {
                            double ns = TimeSnapshot(c, ser, n);
                            if (ns * n >= minTime * 1e9 / 10 || n >= 1 << 28) { n = Math.Max(1, (int)Math.Min(1 << 30, minTime * 1e9 / ns)); break; }
                            n *= 4;
                        }
                        long before = GC.GetAllocatedBytesForCurrentThread();
                        int allocRuns = Math.Min(n, 100);
                        TimeSnapshot(c, ser, allocRuns);
                        double allocated = (GC.GetAllocatedBytesForCurrentThread() - before) / (double)allocRuns;
                        runs.Add(Tuple.Create(c, ser, n, new List<double>(), allocated));
                    }
                }
            Random shuffle = new Random(32);
            for (int r = 0; r < repetitions; ++r)
                foreach (int i in Enumerable.Range(0, runs.Count).OrderBy(x => shuffle.Next()).ToArray())
                    runs[i].Item4.Add(TimeSnapshot(runs[i].Item1, runs[i].Item2, runs[i].Item3));

            foreach (SnapshotSet set in sets)
            {
                Func<SnapshotCase, bool, double> median = (c, ser) => Median(runs.First(x => x.Item1 == c && x.Item2 == ser).Item4);
                Func<SnapshotCase, bool, double> alloc = (c, ser) => runs.First(x => x.Item1 == c && x.Item2 == ser).Item5;
                SnapshotCase compact = set.Cases.First(c => c.Codec == "compact");
                double cs = median(compact, true), cd = median(compact, false);
                Console.WriteLine("## " + set.Name + " snapshot");
                Console.WriteLine();
                Console.WriteLine("| Codec | Bytes | Serialize µs | Deserialize µs | allocated B/op (ser / deser) | ×compact (ser / deser) |");
                Console.WriteLine("|---|---:|---:|---:|---:|---:|");
                foreach (SnapshotCase c in set.Cases)
                {
                    double s = median(c, true), d = median(c, false);
                    Console.WriteLine("| " + c.Codec + " | " + c.Size.ToString("N0", CultureInfo.InvariantCulture) + " | " + Num(s / 1000) + " | " +
                                      Num(d / 1000) + " | " + Math.Round(alloc(c, true)).ToString("N0", CultureInfo.InvariantCulture) + " / " +
                                      Math.Round(alloc(c, false)).ToString("N0", CultureInfo.InvariantCulture) + " | " +
                                      Ratio(s / cs) + " / " + Ratio(d / cd) + " |");
                }
                Console.WriteLine();
            }
        }

        public static int Main(string[] args)
        {
            int repetitions = 5;
            double minTime = 0.1;
            bool checkOnly = false;
            bool snapshotsOnly = false;
            Dictionary<string, string> cppHex = null;
            string seedMslimaHex = null;
            for (int i = 0; i < args.Length; ++i)
            {
                string a = args[i];
                if (a == "--check") checkOnly = true;
                else if (a == "--snapshots-only") snapshotsOnly = true;
                else if (a == "--repetitions" && i + 1 < args.Length) repetitions = int.Parse(args[++i], CultureInfo.InvariantCulture);
                else if (a == "--min-time" && i + 1 < args.Length) minTime = double.Parse(args[++i], CultureInfo.InvariantCulture);
                else if (a == "--seed-mslima" && i + 1 < args.Length) seedMslimaHex = args[++i];
                else if (a == "--cpp-bytes" && i + 1 < args.Length)
                {
                    cppHex = new Dictionary<string, string>();
                    foreach (string line in File.ReadAllLines(args[++i]))
                    {
                        string[] p = line.Split('\t');
                        if (p.Length == 3) cppHex[p[0] + "\t" + p[1]] = p[2];
                    }
                }
                else
                {
                    Console.Error.WriteLine("usage: Bench.exe [--repetitions N] [--min-time SECONDS] [--check] [--snapshots-only] [--cpp-bytes FILE] [--seed-mslima HEX]");
                    return 2;
                }
            }
            if (!MslimaCodec.Available)
                Console.Error.WriteLine("MSLIMA: skipped (set PAKT_MSLIMA_SERIALIZER to MSLIMA's Serializer.cs to compile it in)");

            List<Message> messages = MakeMessages();
            foreach (Message m in messages) CheckCodecs(m, cppHex, seedMslimaHex);
            CheckHostile(messages);
            foreach (string f in SnapshotSets.Check(cppHex)) Fail(f);
            if (_failures != 0)
            {
                Console.Error.WriteLine(_failures + " check(s) failed");
                return 1;
            }
            int codecs = messages.Sum(m => m.Cases.Count);
            Console.Error.WriteLine("checks passed: " + codecs + " codecs on " + messages.Count + " data sets write the same bytes" +
                                    (cppHex != null ? " (the C++ benchmark's)" : "") + " and read them back; truncations, " +
                                    "trailing bytes, bad lengths and bad UTF-8 are rejected by the generated and hand-written decoders; " +
                                    "the CubeScene and Players64 snapshots" + (cppHex != null ? " write the C++ simulation's compact, packed and delta bytes and" : "") +
                                    " decode to their input (compact, BinaryWriter) or its packed value (packed, delta)");
            if (checkOnly) return 0;
            if (!snapshotsOnly) Measure(messages, repetitions, minTime);
            MeasureSnapshots(SnapshotSets.Make(), repetitions, minTime);
            return 0;
        }
    }
}
