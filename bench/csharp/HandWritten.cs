// A careful hand-written C# codec of the benchmark's messages in the mslima format (the bytes MSLIMA's
// Serializer.cs and the generated code's Pakt.Format.Mslima write): big-endian, strings' UTF-8 bytes
// reversed. Serialize writes into a caller's buffer; Deserialize reads into a reused object (reusing its
// lists and nested objects). It makes the checks pakt must make on untrusted input: every read is bounds
// checked, lengths are neither negative nor more than the remaining bytes allow, strings are valid UTF-8
// (RFC 3629: the BCL's strict decoder), no bytes may follow the message. Errors are HandWrittenError.
using System;
using System.Collections.Generic;
using System.Text;
using UnityEngine;
using Photon.Seed;
using Pakt.Bench;

namespace PaktCsBench
{
    public sealed class HandWrittenError : Exception
    {
        public HandWrittenError(string message) : base(message) { }
    }

    public static class HandWritten
    {
        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false, false);
        private static readonly UTF8Encoding StrictUtf8 = new UTF8Encoding(false, true);
        [ThreadStatic] private static byte[] _scratch;

        // ---- writing (the buffer is large enough: the caller's; the CLR's bounds checks still apply)

        private static void I16(byte[] b, ref int p, short v)
        {
            b[p] = (byte)(v >> 8);
            b[p + 1] = (byte)v;
            p += 2;
        }

        private static void I32(byte[] b, ref int p, int v)
        {
            b[p] = (byte)(v >> 24);
            b[p + 1] = (byte)(v >> 16);
            b[p + 2] = (byte)(v >> 8);
            b[p + 3] = (byte)v;
            p += 4;
        }


        private static void Str(byte[] b, ref int p, string s)
        {
            if (string.IsNullOrEmpty(s)) { I32(b, ref p, 0); return; }
            int n = Utf8.GetBytes(s, 0, s.Length, b, p + 4);
            I32(b, ref p, n);
            Array.Reverse(b, p, n);
            p += n;
        }

        // ---- reading

        private static HandWrittenError Truncated(int need, int p, int end)
        {
            return new HandWrittenError("truncated at " + p + ": needs " + need + ", " + (end - p) + " remain");
        }

        private static short ReadI16(byte[] d, ref int p, int end)
        {
            if (end - p < 2) throw Truncated(2, p, end);
            short v = (short)((d[p] << 8) | d[p + 1]);
            p += 2;
            return v;
        }

        private static int ReadI32(byte[] d, ref int p, int end)
        {
            if (end - p < 4) throw Truncated(4, p, end);
            int v = (d[p] << 24) | (d[p + 1] << 16) | (d[p + 2] << 8) | d[p + 3];
            p += 4;
            return v;
        }

        private static byte ReadU8(byte[] d, ref int p, int end)
        {
            if (end - p < 1) throw Truncated(1, p, end);
            return d[p++];
        }

        private static float ReadF32(byte[] d, ref int p, int end)
        {
            return Int32BitsToSingle(ReadI32(d, ref p, end));
        }

        // A count of elements of at least minSize bytes each.
        private static int ReadCount(byte[] d, ref int p, int end, int minSize)
        {
            int n = ReadI32(d, ref p, end);
            if (n < 0) throw new HandWrittenError("negative length " + n + " at " + (p - 4));
            if (n > (end - p) / minSize) throw new HandWrittenError("length " + n + " exceeds the remaining " + (end - p) + " bytes");
            return n;
        }

        private static string ReadStr(byte[] d, ref int p, int end)
        {
            int n = ReadCount(d, ref p, end, 1);
            if (n == 0) return "";
            byte[] s = _scratch;
            if (s == null || s.Length < n) _scratch = s = new byte[Math.Max(n, 64)];
            for (int i = 0; i < n; ++i) s[i] = d[p + n - 1 - i];
            p += n;
            try
            {
                return StrictUtf8.GetString(s, 0, n);
            }
            catch (DecoderFallbackException)
            {
                throw new HandWrittenError("string is not valid UTF-8");
            }
        }

        // After one bounds check for all components.
        private static float LoadF32(byte[] d, int p)
        {
            return Int32BitsToSingle((d[p] << 24) | (d[p + 1] << 16) | (d[p + 2] << 8) | d[p + 3]);
        }

        private static Vector3 ReadVector3(byte[] d, ref int p, int end)
        {
            if (end - p < 12) throw Truncated(12, p, end);
            Vector3 v = new Vector3(LoadF32(d, p), LoadF32(d, p + 4), LoadF32(d, p + 8));
            p += 12;
            return v;
        }

        private static float Int32BitsToSingle(int bits)
        {
            FloatUnion u = default(FloatUnion);
            u.I = bits;
            return u.F;
        }

        private static int SingleToInt32Bits(float f)
        {
            FloatUnion u = default(FloatUnion);
            u.F = f;
            return u.I;
        }

        private static void End(int p, int end)
        {
            if (p != end) throw new HandWrittenError((end - p) + " unexpected bytes after the message");
        }

        // ---- SeedGameStruct

        public static int Serialize(SeedGameStruct v, byte[] b, int offset)
        {
            int p = offset;
            I32(b, ref p, v.int_1);
            I32(b, ref p, v.int_2);
            I32(b, ref p, SingleToInt32Bits(v.float_1));
            b[p++] = v.bool_1 ? (byte)1 : (byte)0;
            Str(b, ref p, v.string_1);
            WriteVector3(b, ref p, v.vector3_1);
            WriteVector3(b, ref p, v.vector3_2);
            Quaternion q = v.quaternion_1;
            I32(b, ref p, SingleToInt32Bits(q.x));
            I32(b, ref p, SingleToInt32Bits(q.y));
            I32(b, ref p, SingleToInt32Bits(q.z));
            I32(b, ref p, SingleToInt32Bits(q.w));
            return p - offset;
        }

        public static void Deserialize(byte[] d, int offset, int count, SeedGameStruct into)
        {
            int p = offset, end = offset + count;
            into.int_1 = ReadI32(d, ref p, end);
            into.int_2 = ReadI32(d, ref p, end);
            into.float_1 = ReadF32(d, ref p, end);
            into.bool_1 = ReadU8(d, ref p, end) != 0;  // mslima: non-zero is true, as MSLIMA reads it
            into.string_1 = ReadStr(d, ref p, end);
            into.vector3_1 = ReadVector3(d, ref p, end);
            into.vector3_2 = ReadVector3(d, ref p, end);
            if (end - p < 16) throw Truncated(16, p, end);
            into.quaternion_1 = new Quaternion(LoadF32(d, p), LoadF32(d, p + 4), LoadF32(d, p + 8), LoadF32(d, p + 12));
            p += 16;
            End(p, end);
        }

        // ---- Monsters

        private static void WriteVector3(byte[] b, ref int p, Vector3 v)
        {
            I32(b, ref p, SingleToInt32Bits(v.x));
            I32(b, ref p, SingleToInt32Bits(v.y));
            I32(b, ref p, SingleToInt32Bits(v.z));
        }

        private static void WriteVec3(byte[] b, ref int p, Vec3 v)
        {
            I32(b, ref p, SingleToInt32Bits(v.x));
            I32(b, ref p, SingleToInt32Bits(v.y));
            I32(b, ref p, SingleToInt32Bits(v.z));
        }

        private static void WriteWeapon(byte[] b, ref int p, Weapon w)
        {
            Str(b, ref p, w.name);
            I16(b, ref p, w.damage);
        }

        public static int Serialize(Monsters v, byte[] b, int offset)
        {
            int p = offset;
            List<Monster> monsters = v.monsters;
            I32(b, ref p, monsters.Count);
            for (int i = 0; i < monsters.Count; ++i)
            {
                Monster m = monsters[i];
                WriteVec3(b, ref p, m.pos);
                I16(b, ref p, m.mana);
                I16(b, ref p, m.hp);
                Str(b, ref p, m.name);
                List<byte> inventory = m.inventory;
                I32(b, ref p, inventory.Count);
                for (int k = 0; k < inventory.Count; ++k) b[p + k] = inventory[k];
                p += inventory.Count;
                b[p++] = (byte)m.color;
                List<Weapon> weapons = m.weapons;
                I32(b, ref p, weapons.Count);
                for (int k = 0; k < weapons.Count; ++k) WriteWeapon(b, ref p, weapons[k]);
                WriteWeapon(b, ref p, m.equipped);
                List<Vec3> path = m.path;
                I32(b, ref p, path.Count);
                for (int k = 0; k < path.Count; ++k) WriteVec3(b, ref p, path[k]);
            }
            return p - offset;
        }

        private static void ReadVec3(byte[] d, ref int p, int end, Vec3 into)
        {
            if (end - p < 12) throw Truncated(12, p, end);
            into.x = LoadF32(d, p);
            into.y = LoadF32(d, p + 4);
            into.z = LoadF32(d, p + 8);
            p += 12;
        }

        private static void ReadWeapon(byte[] d, ref int p, int end, Weapon into)
        {
            into.name = ReadStr(d, ref p, end);
            into.damage = ReadI16(d, ref p, end);
        }

        // Resizes a reused list of objects to n, keeping the objects it has.
        private static void Resize<T>(List<T> list, int n) where T : class, new()
        {
            if (list.Count > n) list.RemoveRange(n, list.Count - n);
            if (list.Capacity < n) list.Capacity = n;
            while (list.Count < n) list.Add(new T());
        }

        public static void Deserialize(byte[] d, int offset, int count, Monsters into)
        {
            int p = offset, end = offset + count;
            // Smallest Monster: 12 + 2 + 2 + 4 + 4 + 1 + 4 + (4 + 2) + 4 = 39 bytes.
            int n = ReadCount(d, ref p, end, 39);
            List<Monster> monsters = into.monsters;
            Resize(monsters, n);
            for (int i = 0; i < n; ++i)
            {
                Monster m = monsters[i];
                ReadVec3(d, ref p, end, m.pos);
                m.mana = ReadI16(d, ref p, end);
                m.hp = ReadI16(d, ref p, end);
                m.name = ReadStr(d, ref p, end);
                int items = ReadCount(d, ref p, end, 1);
                List<byte> inventory = m.inventory;
                inventory.Clear();
                if (inventory.Capacity < items) inventory.Capacity = items;
                for (int k = 0; k < items; ++k) inventory.Add(d[p + k]);
                p += items;
                m.color = (MonsterColor)ReadU8(d, ref p, end);
                int weapons = ReadCount(d, ref p, end, 6);  // Weapon: 4 + 2 bytes at least
                Resize(m.weapons, weapons);
                for (int k = 0; k < weapons; ++k) ReadWeapon(d, ref p, end, m.weapons[k]);
                ReadWeapon(d, ref p, end, m.equipped);
                int points = ReadCount(d, ref p, end, 12);
                Resize(m.path, points);
                for (int k = 0; k < points; ++k) ReadVec3(d, ref p, end, m.path[k]);
            }
            End(p, end);
        }
    }

    [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Explicit)]
    internal struct FloatUnion
    {
        [System.Runtime.InteropServices.FieldOffset(0)] public float F;
        [System.Runtime.InteropServices.FieldOffset(0)] public int I;
    }
}
