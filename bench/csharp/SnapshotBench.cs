// The packed format's snapshots in C# (issue 32): bench/snapshot.yaml's CubeScene (901 cubes) and
// PlayerSnapshot (64 players) at tick 600 of bench/snapshot/simulation.cpp's simulations (ported here
// bit for bit: the C++ benchmark's bytes are compared in --check), encoded in compact, packed and packed
// delta against tick 594 (a 100 ms round trip), and with BinaryWriter / BinaryReader by hand (.NET's own
// way to write a struct's fields; raw floats, no quantization) — the same cases as pakt_bench's snapshot
// rows (bench/snapshot/snapshot_codecs.cpp).
using System;
using System.Collections.Generic;
using System.IO;
using UnityEngine;
using Pakt.Bench.Snapshot;

namespace PaktCsBench
{
    // std::mt19937_64 as the C++ standard fixes it.
    public sealed class Mt19937_64
    {
        private readonly ulong[] _mt = new ulong[312];
        private int _index = 312;

        public Mt19937_64(ulong seed)
        {
            _mt[0] = seed;
            for (int i = 1; i < 312; ++i) _mt[i] = 6364136223846793005UL * (_mt[i - 1] ^ (_mt[i - 1] >> 62)) + (ulong)i;
        }

        public ulong Next()
        {
            if (_index >= 312)
            {
                for (int i = 0; i < 312; ++i)
                {
                    ulong y = (_mt[i] & 0xFFFFFFFF80000000UL) | (_mt[(i + 1) % 312] & 0x7FFFFFFFUL);
                    _mt[i] = _mt[(i + 156) % 312] ^ (y >> 1) ^ ((y & 1UL) != 0 ? 0xB5026F5AA96619E9UL : 0UL);
                }
                _index = 0;
            }
            ulong x = _mt[_index++];
            x ^= (x >> 29) & 0x5555555555555555UL;
            x ^= (x << 17) & 0x71D67FFFEDA60000UL;
            x ^= (x << 37) & 0xFFF7EEE000000000UL;
            x ^= x >> 43;
            return x;
        }

        public double Uniform(double lo, double hi) { return lo + (hi - lo) * (double)(Next() >> 11) * (1.0 / 9007199254740992.0); }
    }

    // bench/snapshot/simulation.cpp, the same arithmetic in the same types (float sums rounded to float).
    public sealed class CubeSimulation
    {
        public const int Cubes = 901;
        private const double Dt = 1.0 / 60;
        private const double Gravity = 9.81;
        private const double RestHeight = 0.5;
        private readonly CubeScene _scene = new CubeScene();
        private readonly double[] _vx = new double[Cubes], _vy = new double[Cubes], _vz = new double[Cubes], _spin = new double[Cubes];
        private readonly Mt19937_64 _rng = new Mt19937_64(901);

        public CubeScene Current { get { return _scene; } }

        private static Quaternion Rotate(Quaternion q, double wx, double wy, double wz, double dt)
        {
            double x = q.x, y = q.y, z = q.z, w = q.w;
            double h = dt / 2;
            double nx = x + h * (wx * w + wy * z - wz * y);
            double ny = y + h * (wy * w + wz * x - wx * z);
            double nz = z + h * (wz * w + wx * y - wy * x);
            double nw = w - h * (wx * x + wy * y + wz * z);
            double norm = Math.Sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
            return new Quaternion((float)(nx / norm), (float)(ny / norm), (float)(nz / norm), (float)(nw / norm));
        }

        private static Quaternion Yaw(double yaw) { return new Quaternion(0, 0, (float)Math.Sin(yaw / 2), (float)Math.Cos(yaw / 2)); }

        public CubeSimulation()
        {
            for (int i = 0; i < Cubes; ++i) _scene.cubes.Add(new Cube());
            _scene.cubes[0].position = new Vector3(20, 0, 1);
            for (int i = 1; i < Cubes; ++i)
            {
                double gx = (double)((i - 1) % 30) - 14.5;
                double gy = (double)((i - 1) / 30) - 14.5;
                Cube c = _scene.cubes[i];
                c.position = new Vector3((float)(gx * 1.6), (float)(gy * 1.6), (float)(RestHeight + _rng.Uniform(0, 8)));
                c.rotation = Yaw(_rng.Uniform(0, 2 * Math.PI));
                _spin[i] = _rng.Uniform(-2, 2);
            }
        }

        public void Step()
        {
            ++_scene.tick;
            double angle = 6.0 * Dt * _scene.tick / 20.0;
            Cube player = _scene.cubes[0];
            player.position = new Vector3((float)(20 * Math.Cos(angle)), (float)(20 * Math.Sin(angle)), 1);
            player.rotation = Yaw(angle + Math.PI / 2);
            player.at_rest = false;
            for (int i = 1; i < Cubes; ++i)
            {
                Cube c = _scene.cubes[i];
                double dx = (float)(c.position.x - player.position.x);
                double dy = (float)(c.position.y - player.position.y);
                double distance = Math.Sqrt(dx * dx + dy * dy);
                if (distance < 1.5 && c.position.z < 2.0)
                {
                    double speed = _rng.Uniform(3, 5);
                    _vx[i] = dx / (distance + 1e-9) * speed;
                    _vy[i] = dy / (distance + 1e-9) * speed;
                    _vz[i] = _rng.Uniform(0.5, 2.5);
                    _spin[i] = _rng.Uniform(-4, 4);
                    c.at_rest = false;
                }
                if (c.at_rest) continue;
                _vz[i] -= Gravity * Dt;
                double x = c.position.x + _vx[i] * Dt;
                double y = c.position.y + _vy[i] * Dt;
                double z = c.position.z + _vz[i] * Dt;
                bool onFloor = z <= RestHeight;
                if (onFloor)
                {
                    z = RestHeight;
                    _vz[i] = Math.Abs(_vz[i]) > 1.0 ? -_vz[i] * 0.35 : 0.0;
                    _vx[i] *= 0.92;
                    _vy[i] *= 0.92;
                    _spin[i] *= 0.9;
                }
                x = Math.Min(Math.Max(x, -250.0), 250.0);
                y = Math.Min(Math.Max(y, -250.0), 250.0);
                c.position = new Vector3((float)x, (float)y, (float)z);
                double tumble = onFloor ? 0.0 : 1.5;
                c.rotation = Rotate(c.rotation, tumble * _vy[i], -tumble * _vx[i], _spin[i], Dt);
                double v = Math.Sqrt(_vx[i] * _vx[i] + _vy[i] * _vy[i] + _vz[i] * _vz[i]);
                if (onFloor && _vz[i] == 0.0 && v < 0.05 && Math.Abs(_spin[i]) < 0.05)
                {
                    _vx[i] = _vy[i] = _vz[i] = _spin[i] = 0;
                    c.at_rest = true;
                }
            }
        }
    }

    public sealed class PlayerSimulation
    {
        public const int Players = 64;
        private const double Gravity = 9.81;
        private readonly PlayerSnapshot _snapshot = new PlayerSnapshot();
        private readonly int[] _respawnIn = new int[Players];
        private readonly Mt19937_64 _rng = new Mt19937_64(64);

        public PlayerSnapshot Current { get { return _snapshot; } }

        public PlayerSimulation()
        {
            for (int i = 0; i < Players; ++i)
            {
                Player p = new Player();
                p.id = (byte)i;
                float px = (float)_rng.Uniform(-400, 400);
                p.position = new Vector3(px, (float)_rng.Uniform(-400, 400), 0);
                p.yaw = (float)_rng.Uniform(0, 359);
                p.health = 100;
                p.weapon = (Weapon)(_rng.Next() % 8);
                p.alive = true;
                _snapshot.players.Add(p);
            }
        }

        public void Step()
        {
            ++_snapshot.tick;
            for (int i = 0; i < Players; ++i)
            {
                Player p = _snapshot.players[i];
                if (!p.alive)
                {
                    if (--_respawnIn[i] > 0) continue;
                    p = new Player();
                    _snapshot.players[i] = p;
                    p.id = (byte)i;
                    float px = (float)_rng.Uniform(-400, 400);
                    p.position = new Vector3(px, (float)_rng.Uniform(-400, 400), 0);
                    p.health = 100;
                    p.alive = true;
                    continue;
                }
                double yaw = p.yaw + _rng.Uniform(-3, 3);
                yaw += _rng.Next() % 60 == 0 ? _rng.Uniform(-90, 90) : 0.0;
                yaw = (yaw + 360.0) % 360.0;  // std::fmod (exact)
                p.yaw = Math.Min((float)yaw, 359.9f);
                p.pitch = (float)Math.Min(Math.Max(p.pitch + _rng.Uniform(-2, 2), -89.0), 89.0);
                double speed = p.crouching ? 3.0 : 8.0;
                double radians = yaw * 3.14159265358979323846 / 180;
                double vz = p.velocity.z - Gravity / 60;
                if (p.position.z <= 0 && _rng.Next() % 120 == 0) vz = 5.0;
                p.velocity = new Vector3((float)(speed * Math.Cos(radians)), (float)(speed * Math.Sin(radians)),
                                         (float)Math.Min(Math.Max(vz, -30.0), 30.0));
                double z = (float)(p.position.z + (float)(p.velocity.z / 60));
                if (z <= 0)
                {
                    z = 0;
                    p.velocity.z = 0;
                }
                float x = (float)(p.position.x + (float)(p.velocity.x / 60));
                float y = (float)(p.position.y + (float)(p.velocity.y / 60));
                p.position = new Vector3(Math.Min(Math.Max(x, -500.0f), 500.0f), Math.Min(Math.Max(y, -500.0f), 500.0f), (float)z);
                if (_rng.Next() % 90 == 0) p.crouching = !p.crouching;
                p.firing = _rng.Next() % 5 == 0;
                if (p.firing && _rng.Next() % 40 == 0) p.reloading = true;
                if (p.reloading && _rng.Next() % 60 == 0) p.reloading = false;
                if (_rng.Next() % 600 == 0) p.weapon = (Weapon)(_rng.Next() % 8);
                if (_rng.Next() % 90 == 0)
                {
                    int damage = (int)(_rng.Next() % 40);
                    p.health = (byte)Math.Max(0, p.health - damage);
                    if (p.health == 0)
                    {
                        p.alive = false;
                        p.firing = false;
                        p.velocity = new Vector3(0, 0, 0);
                        _respawnIn[i] = 3 * 60;
                    }
                }
            }
        }
    }

    // The CPU time of the calling thread (clock_gettime(CLOCK_THREAD_CPUTIME_ID), ns): on a loaded
    // machine, wall-clock time is mostly other processes' time slices; this is not. Where libc's
    // clock_gettime is not found, the wall clock (Stopwatch).
    public static class ThreadClock
    {
        private struct Timespec
        {
            public long Seconds, Nanoseconds;
        }

        [System.Runtime.InteropServices.DllImport("libc", EntryPoint = "clock_gettime")]
        private static extern int ClockGettime(int clock, out Timespec t);

        private const int ClockThreadCputimeId = 3;
        private static readonly bool Available = Probe();
        public static string Name { get { return Available ? "thread CPU time (clock_gettime(CLOCK_THREAD_CPUTIME_ID))" : "wall-clock time (Stopwatch)"; } }

        private static bool Probe()
        {
            try
            {
                Timespec t;
                return ClockGettime(ClockThreadCputimeId, out t) == 0;
            }
            catch (Exception)
            {
                return false;
            }
        }

        public static double Ns()
        {
            if (!Available) return System.Diagnostics.Stopwatch.GetTimestamp() * (1e9 / System.Diagnostics.Stopwatch.Frequency);
            Timespec t;
            ClockGettime(ClockThreadCputimeId, out t);
            return t.Seconds * 1e9 + t.Nanoseconds;
        }
    }

    // One codec of one snapshot: Serialize into a reused buffer, Deserialize into a reused object.
    public sealed class SnapshotCase
    {
        public string Codec;
        public Func<int> Serialize;  // returns the bytes written
        public Action<int> Deserialize;  // of the n bytes Serialize wrote
        public Func<string> Decoded;     // ToJson of what Deserialize gave
        public string Expected;          // ToJson of what it must give
        public int Size;
    }

    public sealed class SnapshotSet
    {
        public string Name;
        public List<SnapshotCase> Cases = new List<SnapshotCase>();
    }

    // BinaryWriter / BinaryReader by hand: every field raw (floats as 4 bytes), a list as its int32 count.
    public static class BinaryCodec
    {
        private static void Write(BinaryWriter w, Vector3 v) { w.Write(v.x); w.Write(v.y); w.Write(v.z); }
        private static Vector3 ReadVector3(BinaryReader r) { float x = r.ReadSingle(), y = r.ReadSingle(); return new Vector3(x, y, r.ReadSingle()); }

        public static void Write(BinaryWriter w, CubeScene s)
        {
            w.Write(s.tick);
            w.Write(s.cubes.Count);
            foreach (Cube c in s.cubes)
            {
                Write(w, c.position);
                w.Write(c.rotation.x); w.Write(c.rotation.y); w.Write(c.rotation.z); w.Write(c.rotation.w);
                w.Write(c.at_rest);
            }
        }

        public static void Read(BinaryReader r, CubeScene s)
        {
            s.tick = r.ReadUInt32();
            int n = r.ReadInt32();
            if (n < 0 || n > 1024) throw new InvalidDataException("cube count " + n);
            while (s.cubes.Count > n) s.cubes.RemoveAt(s.cubes.Count - 1);
            while (s.cubes.Count < n) s.cubes.Add(new Cube());
            foreach (Cube c in s.cubes)
            {
                c.position = ReadVector3(r);
                float x = r.ReadSingle(), y = r.ReadSingle(), z = r.ReadSingle();
                c.rotation = new Quaternion(x, y, z, r.ReadSingle());
                c.at_rest = r.ReadBoolean();
            }
        }

        public static void Write(BinaryWriter w, PlayerSnapshot s)
        {
            w.Write(s.tick);
            w.Write(s.players.Count);
            foreach (Player p in s.players)
            {
                w.Write(p.id);
                Write(w, p.position);
                Write(w, p.velocity);
                w.Write(p.yaw); w.Write(p.pitch); w.Write(p.health); w.Write((byte)p.weapon);
                w.Write(p.crouching); w.Write(p.firing); w.Write(p.reloading); w.Write(p.alive);
            }
        }

        public static void Read(BinaryReader r, PlayerSnapshot s)
        {
            s.tick = r.ReadUInt32();
            int n = r.ReadInt32();
            if (n < 0 || n > 64) throw new InvalidDataException("player count " + n);
            while (s.players.Count > n) s.players.RemoveAt(s.players.Count - 1);
            while (s.players.Count < n) s.players.Add(new Player());
            foreach (Player p in s.players)
            {
                p.id = r.ReadByte();
                p.position = ReadVector3(r);
                p.velocity = ReadVector3(r);
                p.yaw = r.ReadSingle(); p.pitch = r.ReadSingle(); p.health = r.ReadByte(); p.weapon = (Weapon)r.ReadByte();
                p.crouching = r.ReadBoolean(); p.firing = r.ReadBoolean(); p.reloading = r.ReadBoolean(); p.alive = r.ReadBoolean();
            }
        }
    }

    public static class SnapshotSets
    {
        public const int Tick = 600, AckTicks = 6;

        // Tick 600 of each simulation and its tick 594 (the delta's baseline).
        public static void Simulate(out CubeScene baseline, out CubeScene current, out PlayerSnapshot playersBaseline,
                                    out PlayerSnapshot players)
        {
            CubeSimulation cubes = new CubeSimulation();
            PlayerSimulation match = new PlayerSimulation();
            baseline = null;
            playersBaseline = null;
            for (int tick = 1; tick <= Tick; ++tick)
            {
                cubes.Step();
                match.Step();
                if (tick == Tick - AckTicks)
                {
                    baseline = CubeScene.Deserialize(CubeScene.Serialize(cubes.Current));  // a deep copy
                    playersBaseline = PlayerSnapshot.Deserialize(PlayerSnapshot.Serialize(match.Current));
                }
            }
            current = cubes.Current;
            players = match.Current;
        }

        private static SnapshotSet Cubes(CubeScene baseline, CubeScene current)
        {
            SnapshotSet set = new SnapshotSet { Name = "CubeScene" };
            byte[] compactBytes = new byte[1 << 16], packedBytes = new byte[1 << 16], deltaBytes = new byte[1 << 16];  // one per case
            byte[] stream = new byte[1 << 16];
            CubeScene output = new CubeScene(), receiverBaseline = CubeScene.Deserialize(CubeScene.Serialize(baseline, Pakt.Format.Packed), Pakt.Format.Packed);
            MemoryStream ms = new MemoryStream(stream);
            BinaryWriter bw = new BinaryWriter(ms);
            BinaryReader br = new BinaryReader(ms);
            string quantized = CubeScene.ToJson(CubeScene.Deserialize(CubeScene.Serialize(current, Pakt.Format.Packed), Pakt.Format.Packed));
            set.Cases.Add(new SnapshotCase { Codec = "compact",
                Serialize = () => CubeScene.Serialize(current, compactBytes, 0, Pakt.Format.Compact),
                Deserialize = n => CubeScene.Deserialize(compactBytes, 0, n, output, Pakt.Format.Compact),
                Decoded = () => CubeScene.ToJson(output), Expected = CubeScene.ToJson(current) });
            set.Cases.Add(new SnapshotCase { Codec = "packed",
                Serialize = () => CubeScene.Serialize(current, packedBytes, 0, Pakt.Format.Packed),
                Deserialize = n => CubeScene.Deserialize(packedBytes, 0, n, output, Pakt.Format.Packed),
                Decoded = () => CubeScene.ToJson(output), Expected = quantized });
            set.Cases.Add(new SnapshotCase { Codec = "packed delta",
                Serialize = () => CubeScene.Serialize(current, baseline, deltaBytes, 0, Pakt.Format.Packed),
                Deserialize = n => CubeScene.Deserialize(deltaBytes, 0, n, receiverBaseline, output, Pakt.Format.Packed),
                Decoded = () => CubeScene.ToJson(output), Expected = quantized });
            set.Cases.Add(new SnapshotCase { Codec = "BinaryWriter",
                Serialize = () => { ms.Position = 0; BinaryCodec.Write(bw, current); return (int)ms.Position; },
                Deserialize = n => { ms.Position = 0; BinaryCodec.Read(br, output); },
                Decoded = () => CubeScene.ToJson(output), Expected = CubeScene.ToJson(current) });
            return set;
        }

        private static SnapshotSet Players(PlayerSnapshot baseline, PlayerSnapshot current)
        {
            SnapshotSet set = new SnapshotSet { Name = "Players64" };
            byte[] compactBytes = new byte[1 << 16], packedBytes = new byte[1 << 16], deltaBytes = new byte[1 << 16];  // one per case
            byte[] stream = new byte[1 << 16];
            PlayerSnapshot output = new PlayerSnapshot(),
                receiverBaseline = PlayerSnapshot.Deserialize(PlayerSnapshot.Serialize(baseline, Pakt.Format.Packed), Pakt.Format.Packed);
            MemoryStream ms = new MemoryStream(stream);
            BinaryWriter bw = new BinaryWriter(ms);
            BinaryReader br = new BinaryReader(ms);
            string quantized = PlayerSnapshot.ToJson(PlayerSnapshot.Deserialize(PlayerSnapshot.Serialize(current, Pakt.Format.Packed), Pakt.Format.Packed));
            set.Cases.Add(new SnapshotCase { Codec = "compact",
                Serialize = () => PlayerSnapshot.Serialize(current, compactBytes, 0, Pakt.Format.Compact),
                Deserialize = n => PlayerSnapshot.Deserialize(compactBytes, 0, n, output, Pakt.Format.Compact),
                Decoded = () => PlayerSnapshot.ToJson(output), Expected = PlayerSnapshot.ToJson(current) });
            set.Cases.Add(new SnapshotCase { Codec = "packed",
                Serialize = () => PlayerSnapshot.Serialize(current, packedBytes, 0, Pakt.Format.Packed),
                Deserialize = n => PlayerSnapshot.Deserialize(packedBytes, 0, n, output, Pakt.Format.Packed),
                Decoded = () => PlayerSnapshot.ToJson(output), Expected = quantized });
            set.Cases.Add(new SnapshotCase { Codec = "packed delta",
                Serialize = () => PlayerSnapshot.Serialize(current, baseline, deltaBytes, 0, Pakt.Format.Packed),
                Deserialize = n => PlayerSnapshot.Deserialize(deltaBytes, 0, n, receiverBaseline, output, Pakt.Format.Packed),
                Decoded = () => PlayerSnapshot.ToJson(output), Expected = quantized });
            set.Cases.Add(new SnapshotCase { Codec = "BinaryWriter",
                Serialize = () => { ms.Position = 0; BinaryCodec.Write(bw, current); return (int)ms.Position; },
                Deserialize = n => { ms.Position = 0; BinaryCodec.Read(br, output); },
                Decoded = () => PlayerSnapshot.ToJson(output), Expected = PlayerSnapshot.ToJson(current) });
            return set;
        }

        public static List<SnapshotSet> Make()
        {
            CubeScene baseline, current;
            PlayerSnapshot playersBaseline, players;
            Simulate(out baseline, out current, out playersBaseline, out players);
            return new List<SnapshotSet> { Cubes(baseline, current), Players(playersBaseline, players) };
        }

        private static string Hex(byte[] b, int n)
        {
            System.Text.StringBuilder s = new System.Text.StringBuilder(n * 2);
            for (int i = 0; i < n; ++i) s.Append(b[i].ToString("x2"));
            return s.ToString();
        }

        // The C++ simulation's bytes ("CubeScene\tcompact\t<hex>", "CubeScene\tpacked\t…", "CubeScene\tdelta\t…",
        // the same for Players64): the port simulates the same state and the generated C# writes the
        // same bytes. Returns the failures.
        public static List<string> Check(Dictionary<string, string> cppHex)
        {
            List<string> failures = new List<string>();
            CubeScene baseline, current;
            PlayerSnapshot playersBaseline, players;
            Simulate(out baseline, out current, out playersBaseline, out players);
            byte[] b = new byte[1 << 16];
            Action<string, string, int> compare = (set, format, n) =>
            {
                string hex;
                if (cppHex == null) return;
                if (!cppHex.TryGetValue(set + "\t" + format, out hex)) failures.Add(set + ": no " + format + " line in --cpp-bytes");
                else if (hex != Hex(b, n)) failures.Add(set + ": the C# " + format + " bytes differ from the C++ benchmark's");
            };
            compare("CubeScene", "compact", CubeScene.Serialize(current, b, 0, Pakt.Format.Compact));
            compare("CubeScene", "packed", CubeScene.Serialize(current, b, 0, Pakt.Format.Packed));
            compare("CubeScene", "delta", CubeScene.Serialize(current, baseline, b, 0, Pakt.Format.Packed));
            compare("Players64", "compact", PlayerSnapshot.Serialize(players, b, 0, Pakt.Format.Compact));
            compare("Players64", "packed", PlayerSnapshot.Serialize(players, b, 0, Pakt.Format.Packed));
            compare("Players64", "delta", PlayerSnapshot.Serialize(players, playersBaseline, b, 0, Pakt.Format.Packed));
            // Every case decodes what it wrote to what it must: compact and BinaryWriter the input, packed and
            // the delta the input's quantized value.
            foreach (SnapshotSet set in Make())
                foreach (SnapshotCase c in set.Cases)
                {
                    c.Size = c.Serialize();
                    c.Deserialize(c.Size);
                    if (c.Decoded() != c.Expected) failures.Add(set.Name + "/" + c.Codec + ": Deserialize gave another value");
                }
            return failures;
        }
    }
}
