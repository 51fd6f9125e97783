// pakt runtime for C# (Unity / mono): the compact and mslima codecs the generated <stem>.pakt.cs
// files call. Byte-exact with the C++ runtime (runtime/include/pakt/binary_codec.hpp):
//   compact: little-endian; mslima: big-endian, strings' UTF-8 bytes reversed, bool decoded as non-zero.
// Plain C# 7.2, BCL only, no reflection. Written by `pakt generate --lang csharp`; do not edit.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
#if UNITY_5_3_OR_NEWER
using Vector2 = UnityEngine.Vector2;
using Vector3 = UnityEngine.Vector3;
using Quaternion = UnityEngine.Quaternion;
using Color = UnityEngine.Color;
using Vector2i = UnityEngine.Vector2Int;
using Vector3i = UnityEngine.Vector3Int;
#endif

namespace Pakt
{
    /// <summary>The wire format of Serialize / Deserialize.</summary>
    public enum Format
    {
        /// <summary>MSLIMA PhotonSerializer layout, little-endian.</summary>
        Compact,
        /// <summary>Byte-exact with MSLIMA PhotonSerializer 0.3.2: big-endian, strings reversed.</summary>
        Mslima,
    }

#if !UNITY_5_3_OR_NEWER
    [Serializable]
    public struct Vector2
    {
        public float x, y;
        public Vector2(float x, float y) { this.x = x; this.y = y; }
    }

    [Serializable]
    public struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
    }

    [Serializable]
    public struct Quaternion
    {
        public float x, y, z, w;
        public Quaternion(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
    }

    [Serializable]
    public struct Color
    {
        public float r, g, b, a;
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
    }

    [Serializable]
    public struct Vector2i
    {
        public int x, y;
        public Vector2i(int x, int y) { this.x = x; this.y = y; }
    }

    [Serializable]
    public struct Vector3i
    {
        public int x, y, z;
        public Vector3i(int x, int y, int z) { this.x = x; this.y = y; this.z = z; }
    }
#endif

    /// <summary>What DecodeException and EncodeException share: the field path, built while
    /// unwinding, and the reason; Message is "path: reason", or the reason alone (as
    /// pakt::Status::message()).</summary>
    public abstract class PaktException : Exception
    {
        public string Path { get; private set; }
        public string Reason { get; private set; }

        protected PaktException(string path, string reason) : base(reason)
        {
            Path = path;
            Reason = reason;
        }

        public override string Message { get { return Path.Length == 0 ? Reason : Path + ": " + Reason; } }

        /// <summary>Prefixes the path with a field name (while unwinding).</summary>
        public void InField(string name)
        {
            if (Path.Length == 0 || Path[0] == '[') Path = name + Path;
            else Path = name + "." + Path;
        }

        /// <summary>Prefixes the path with an element index (while unwinding).</summary>
        public void InIndex(int index)
        {
            bool dot = Path.Length != 0 && Path[0] != '[';
            Path = "[" + index.ToString(CultureInfo.InvariantCulture) + "]" + (dot ? "." : "") + Path;
        }
    }

    /// <summary>Bad bytes: the offset where decoding stopped, the field path and the reason
    /// (the same text as the C++ pakt::Status).</summary>
    public sealed class DecodeException : PaktException
    {
        public int Offset { get; private set; }

        public DecodeException(int offset, string reason) : base("", reason)
        {
            Offset = offset;
        }

        public DecodeException(int offset, string path, string reason) : base(path, reason)
        {
            Offset = offset;
        }
    }

    /// <summary>A value breaks a schema limit (max_length, max_count) or does not fit the buffer.</summary>
    public sealed class EncodeException : PaktException
    {
        public EncodeException(string reason) : base("", reason) { }

        public EncodeException(string path, string reason) : base(path, reason) { }
    }

    [StructLayout(LayoutKind.Explicit)]
    internal struct FloatBits
    {
        [FieldOffset(0)] public float F;
        [FieldOffset(0)] public uint U;
    }

    /// <summary>Encode-side limit checks (max_length / max_count), before anything is written.</summary>
    public static class Check
    {
        public static void StringLength(string s, int maxLength)
        {
            if (maxLength == 0 || s == null) return;
            int n = Encoding.UTF8.GetByteCount(s);
            if (n > maxLength)
                throw new EncodeException("string length " + n.ToString(CultureInfo.InvariantCulture) + " exceeds max_length " +
                                          maxLength.ToString(CultureInfo.InvariantCulture));
        }

        /// <summary>bytes (and uint8[] without max_count) are "length"; other lists "count".</summary>
        public static void Count(int n, bool asBytes, int limit)
        {
            if (limit != 0 && n > limit)
                throw new EncodeException((asBytes ? "length " : "count ") + n.ToString(CultureInfo.InvariantCulture) + " exceeds " +
                                          (asBytes ? "max_length " : "max_count ") + limit.ToString(CultureInfo.InvariantCulture));
        }
    }

    /// <summary>Writes into a caller's buffer that has room (the size was computed first).</summary>
    public sealed class Writer
    {
        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false, false);
        private byte[] _buf;
        private int _pos;
        private int _begin;
        private bool _big;

        public Writer() { }

        public void Reset(byte[] buffer, int offset, Format format)
        {
            _buf = buffer;
            _pos = offset;
            _begin = offset;
            _big = format == Format.Mslima;
        }

        public int Written { get { return _pos - _begin; } }
        public int Position { get { return _pos; } }

        public void Bool(bool v) { _buf[_pos++] = v ? (byte)1 : (byte)0; }
        public void U8(byte v) { _buf[_pos++] = v; }
        public void I8(sbyte v) { _buf[_pos++] = (byte)v; }
        public void I16(short v) { U16((ushort)v); }
        public void I32(int v) { U32((uint)v); }
        public void I64(long v) { U64((ulong)v); }

        public void U16(ushort v)
        {
            if (_big) { _buf[_pos] = (byte)(v >> 8); _buf[_pos + 1] = (byte)v; }
            else { _buf[_pos] = (byte)v; _buf[_pos + 1] = (byte)(v >> 8); }
            _pos += 2;
        }

        public void U32(uint v)
        {
            if (_big)
            {
                _buf[_pos] = (byte)(v >> 24); _buf[_pos + 1] = (byte)(v >> 16);
                _buf[_pos + 2] = (byte)(v >> 8); _buf[_pos + 3] = (byte)v;
            }
            else
            {
                _buf[_pos] = (byte)v; _buf[_pos + 1] = (byte)(v >> 8);
                _buf[_pos + 2] = (byte)(v >> 16); _buf[_pos + 3] = (byte)(v >> 24);
            }
            _pos += 4;
        }

        public void U64(ulong v)
        {
            if (_big) { U32((uint)(v >> 32)); U32((uint)v); }
            else { U32((uint)v); U32((uint)(v >> 32)); }
        }

        public void F32(float v)
        {
            FloatBits b = default(FloatBits);
            b.F = v;
            U32(b.U);
        }

        public void F64(double v) { I64(BitConverter.DoubleToInt64Bits(v)); }

        public void Length(int n) { I32(n); }

        /// <summary>Reserves an int32 frame length; returns its position for EndFrame.</summary>
        public int BeginFrame()
        {
            int at = _pos;
            _pos += 4;
            return at;
        }

        public void EndFrame(int at)
        {
            int save = _pos;
            _pos = at;
            I32(save - at - 4);
            _pos = save;
        }

        /// <summary>int32 byte length + UTF-8 (mslima: the bytes reversed); null writes "".</summary>
        public void String(string s)
        {
            if (s == null || s.Length == 0) { I32(0); return; }
            int n = Utf8.GetBytes(s, 0, s.Length, _buf, _pos + 4);
            I32(n);
            if (_big) Array.Reverse(_buf, _pos, n);
            _pos += n;
        }

        /// <summary>int32 length + the bytes; null writes an empty array.</summary>
        public void Bytes(byte[] b)
        {
            if (b == null) { I32(0); return; }
            I32(b.Length);
            Buffer.BlockCopy(b, 0, _buf, _pos, b.Length);
            _pos += b.Length;
        }

        public void Vector2(Vector2 v) { F32(v.x); F32(v.y); }
        public void Vector3(Vector3 v) { F32(v.x); F32(v.y); F32(v.z); }
        public void Quaternion(Quaternion v) { F32(v.x); F32(v.y); F32(v.z); F32(v.w); }
        public void Color(Color v) { F32(v.r); F32(v.g); F32(v.b); F32(v.a); }
        public void Vector2i(Vector2i v) { I32(v.x); I32(v.y); }
        public void Vector3i(Vector3i v) { I32(v.x); I32(v.y); I32(v.z); }

        /// <summary>The UTF-8 byte count of a string (null: 0).</summary>
        public static int StringSize(string s) { return s == null ? 4 : 4 + Utf8.GetByteCount(s); }
    }

    /// <summary>A cursor over bytes that never reads past the end; errors are DecodeExceptions.</summary>
    public sealed class Reader
    {
        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false, false);
        private byte[] _d;
        private int _pos;
        private int _end;
        private int _begin;
        private bool _big;
        private bool _strictBool;
        private byte[] _scratch = new byte[64];

        public void Reset(byte[] data, int offset, int count, Format format)
        {
            if (data == null) throw new ArgumentNullException("data");
            if (offset < 0 || count < 0 || offset > data.Length || count > data.Length - offset)
                throw new ArgumentOutOfRangeException("count");
            _d = data;
            _pos = offset;
            _begin = offset;
            _end = offset + count;
            _big = format == Format.Mslima;
            _strictBool = format == Format.Compact;
        }

        public int Offset { get { return _pos - _begin; } }
        public int Remaining { get { return _end - _pos; } }
        public bool AtEnd { get { return _pos == _end; } }

        private static string S(long v) { return v.ToString(CultureInfo.InvariantCulture); }

        /// <summary>Consumes a deprecated field's value (read and ignored).</summary>
        public static void Discard<T>(T value) { }

        private int Take(int n, string what)
        {
            if (n > _end - _pos)
                throw new DecodeException(Offset, "truncated " + what + ": needs " + S(n) + " bytes, " + S(Remaining) + " remain");
            int p = _pos;
            _pos += n;
            return p;
        }

        public bool Bool()
        {
            int p = Take(1, "bool");
            byte b = _d[p];
            if (_strictBool && b > 1)
                throw new DecodeException(Offset - 1, "bool byte " + S(b) + " is neither 0 nor 1");
            return b != 0;
        }

        /// <summary>An optional's presence byte: 0 or 1.</summary>
        public bool Presence()
        {
            int p = Take(1, "presence byte");
            byte b = _d[p];
            if (b > 1) throw new DecodeException(Offset - 1, "presence byte " + S(b) + " is neither 0 nor 1");
            return b != 0;
        }

        public byte U8() { return _d[Take(1, "number")]; }
        public sbyte I8() { return (sbyte)_d[Take(1, "number")]; }
        public short I16() { return (short)U16(); }
        public int I32() { return (int)U32(); }
        public long I64() { return (long)U64(); }

        public ushort U16() { return Load16(Take(2, "number")); }
        public uint U32() { return Load32(Take(4, "number")); }
        public ulong U64() { return Load64(Take(8, "number")); }

        public float F32()
        {
            FloatBits b = default(FloatBits);
            b.U = U32();
            return b.F;
        }

        public double F64() { return BitConverter.Int64BitsToDouble(I64()); }

        private ushort Load16(int p)
        {
            return _big ? (ushort)((_d[p] << 8) | _d[p + 1]) : (ushort)(_d[p] | (_d[p + 1] << 8));
        }

        private uint Load32(int p)
        {
            if (_big) return ((uint)_d[p] << 24) | ((uint)_d[p + 1] << 16) | ((uint)_d[p + 2] << 8) | _d[p + 3];
            return _d[p] | ((uint)_d[p + 1] << 8) | ((uint)_d[p + 2] << 16) | ((uint)_d[p + 3] << 24);
        }

        private ulong Load64(int p)
        {
            if (_big) return ((ulong)Load32(p) << 32) | Load32(p + 4);
            return Load32(p) | ((ulong)Load32(p + 4) << 32);
        }

        private float LoadF32(int p)
        {
            FloatBits b = default(FloatBits);
            b.U = Load32(p);
            return b.F;
        }

        public Vector2 Vector2()
        {
            int p = Take(8, "vector");
            return new Vector2(LoadF32(p), LoadF32(p + 4));
        }

        public Vector3 Vector3()
        {
            int p = Take(12, "vector");
            return new Vector3(LoadF32(p), LoadF32(p + 4), LoadF32(p + 8));
        }

        public Quaternion Quaternion()
        {
            int p = Take(16, "vector");
            return new Quaternion(LoadF32(p), LoadF32(p + 4), LoadF32(p + 8), LoadF32(p + 12));
        }

        public Color Color()
        {
            int p = Take(16, "vector");
            return new Color(LoadF32(p), LoadF32(p + 4), LoadF32(p + 8), LoadF32(p + 12));
        }

        public Vector2i Vector2i()
        {
            int p = Take(8, "vector");
            return new Vector2i((int)Load32(p), (int)Load32(p + 4));
        }

        public Vector3i Vector3i()
        {
            int p = Take(12, "vector");
            return new Vector3i((int)Load32(p), (int)Load32(p + 4), (int)Load32(p + 8));
        }

        /// <summary>An int32 length or count: not negative, within limit (0: none), and no more than
        /// the remaining bytes allow for elements of at least minElementSize bytes. Checked before
        /// anything is allocated.</summary>
        public int Length(string what, string limitName, int limit, int minElementSize)
        {
            int at = Offset;
            int len = (int)Load32(Take(4, "length"));
            if (len < 0) throw new DecodeException(at, "negative " + what + " " + S(len));
            if (limit != 0 && len > limit)
                throw new DecodeException(at, what + " " + S(len) + " exceeds " + limitName + " " + S(limit));
            int unit = minElementSize != 0 ? minElementSize : limit != 0 ? 0 : 1;
            if (unit != 0 && len > Remaining / unit)
                throw new DecodeException(at, what + " " + S(len) + " needs at least " + S((long)len * unit) + " bytes, " +
                                              S(Remaining) + " remain");
            return len;
        }

        /// <summary>Narrows reading to the next n bytes (checked by Length); returns the outer end.</summary>
        public int BeginFrame(int n)
        {
            int outer = _end;
            _end = _pos + n;
            return outer;
        }

        /// <summary>Skips what is left of the frame (a newer version's fields) and restores the range.</summary>
        public void EndFrame(int outerEnd)
        {
            _pos = _end;
            _end = outerEnd;
        }

        public string String(int maxLength)
        {
            int n = Length("string length", "max_length", maxLength, 1);
            int at = Offset;
            int p = Take(n, "string");
            if (n == 0) return "";
            byte[] src = _d;
            if (_big)
            {
                if (_scratch.Length < n) _scratch = new byte[Math.Max(n, _scratch.Length * 2)];
                for (int i = 0; i < n; ++i) _scratch[i] = _d[p + n - 1 - i];
                src = _scratch;
                p = 0;
            }
            int bad = Utf8Check.FirstInvalid(src, p, n);
            if (bad != n) throw new DecodeException(at, "string is not valid UTF-8 (byte " + S(bad) + ")");
            return Utf8.GetString(src, p, n);
        }

        /// <summary>bytes: an int32 length (limited by max_length) and the bytes.</summary>
        public byte[] Bytes(byte[] reuse, int maxLength)
        {
            int n = Length("length", "max_length", maxLength, 1);
            int p = Take(n, "array");
            byte[] b = reuse != null && reuse.Length == n ? reuse : new byte[n];
            Buffer.BlockCopy(_d, p, b, 0, n);
            return b;
        }
    }

    /// <summary>UTF-8 validation (RFC 3629), as pakt::utf8::first_invalid.</summary>
    public static class Utf8Check
    {
        /// <summary>The index (from p) of the first invalid byte, or n when all n bytes are valid.</summary>
        public static int FirstInvalid(byte[] s, int p, int n)
        {
            int i = 0;
            while (i < n)
            {
                byte c = s[p + i];
                if (c < 0x80) { ++i; continue; }
                int len;
                byte lo = 0x80, hi = 0xBF;
                if (c >= 0xC2 && c <= 0xDF) len = 2;
                else if (c >= 0xE0 && c <= 0xEF)
                {
                    len = 3;
                    if (c == 0xE0) lo = 0xA0;
                    if (c == 0xED) hi = 0x9F;
                }
                else if (c >= 0xF0 && c <= 0xF4)
                {
                    len = 4;
                    if (c == 0xF0) lo = 0x90;
                    if (c == 0xF4) hi = 0x8F;
                }
                else return i;
                if (i + len > n) return i;
                byte c1 = s[p + i + 1];
                if (c1 < lo || c1 > hi) return i;
                for (int k = 2; k < len; ++k)
                    if ((s[p + i + k] & 0xC0) != 0x80) return i;
                i += len;
            }
            return n;
        }
    }

    /// <summary>JSON as pakt's C++ ToJson (JsonStyle::kUnity) writes it: no spaces, floats with 17
    /// significant digits ("62.0" for integral values), NaN/Infinity as strings.</summary>
    public sealed class JsonWriter
    {
        private readonly StringBuilder _sb = new StringBuilder();
        private bool _first = true;

        public override string ToString() { return _sb.ToString(); }

        private void Separate()
        {
            if (!_first) _sb.Append(',');
            _first = false;
        }

        public void BeginObject() { Separate(); _sb.Append('{'); _first = true; }
        public void EndObject() { _sb.Append('}'); _first = false; }
        public void BeginArray() { Separate(); _sb.Append('['); _first = true; }
        public void EndArray() { _sb.Append(']'); _first = false; }

        public void Key(string name)
        {
            Separate();
            Text(name);
            _sb.Append(':');
            _first = true;
        }

        public void Null() { Separate(); _sb.Append("null"); }
        public void Bool(bool b) { Separate(); _sb.Append(b ? "true" : "false"); }
        public void Int(long v) { Separate(); _sb.Append(v.ToString(CultureInfo.InvariantCulture)); }
        public void UInt(ulong v) { Separate(); _sb.Append(v.ToString(CultureInfo.InvariantCulture)); }
        public void Float(float v) { Real(v); }

        public void Real(double d)
        {
            Separate();
            if (double.IsNaN(d)) { _sb.Append("\"NaN\""); return; }
            if (double.IsInfinity(d)) { _sb.Append(d > 0 ? "\"Infinity\"" : "\"-Infinity\""); return; }
            _sb.Append(G17(d));
        }

        /// <summary>printf("%.17g") plus ".0" when the text has neither '.' nor 'e': the exact
        /// decimal value of d rounded half-to-even to 17 significant digits, as glibc does.</summary>
        public static string G17(double d)
        {
            if (d == 0) return BitConverter.DoubleToInt64Bits(d) < 0 ? "-0.0" : "0.0";
            bool neg = d < 0;
            int point;
            string all = ExactDigits(Math.Abs(d), out point);  // value = 0.<all> * 10^point
            char[] digits = new char[17];
            for (int i = 0; i < 17; ++i) digits[i] = i < all.Length ? all[i] : '0';
            if (all.Length > 17)
            {
                char next = all[17];
                bool restNonZero = false;
                for (int i = 18; i < all.Length && !restNonZero; ++i) restNonZero = all[i] != '0';
                bool up = next > '5' || (next == '5' && (restNonZero || ((digits[16] - '0') & 1) == 1));
                if (up)
                {
                    int i = 16;
                    while (i >= 0 && digits[i] == '9') digits[i--] = '0';
                    if (i >= 0) digits[i]++;
                    else
                    {
                        for (int k = 16; k > 0; --k) digits[k] = digits[k - 1];
                        digits[0] = '1';
                        ++point;
                    }
                }
            }
            string ds = new string(digits);
            int exp = point - 1;
            var sb = new StringBuilder();
            if (neg) sb.Append('-');
            if (exp < -4 || exp >= 17)
            {
                sb.Append(TrimZeros(ds.Substring(0, 1) + "." + ds.Substring(1))).Append('e').Append(exp < 0 ? '-' : '+');
                int a = Math.Abs(exp);
                if (a < 10) sb.Append('0');
                sb.Append(a.ToString(CultureInfo.InvariantCulture));
            }
            else if (exp >= 0)
            {
                string text = TrimZeros(ds.Substring(0, exp + 1) + "." + ds.Substring(exp + 1));
                if (text.IndexOf('.') < 0) text += ".0";
                sb.Append(text);
            }
            else
            {
                sb.Append(TrimZeros("0." + new string('0', -exp - 1) + ds));
            }
            return sb.ToString();
        }

        /// <summary>Every decimal digit of a positive finite double (no leading zeros); the value
        /// is 0.digits * 10^point.</summary>
        private static string ExactDigits(double d, out int point)
        {
            long bits = BitConverter.DoubleToInt64Bits(d);
            int biased = (int)((bits >> 52) & 0x7FF);
            long mantissa = bits & 0xFFFFFFFFFFFFFL;
            if (biased == 0) biased = 1;
            else mantissa |= 1L << 52;
            int e = biased - 1075;  // d = mantissa * 2^e
            var limbs = new List<uint>();  // base 1e9, least significant first
            while (mantissa != 0) { limbs.Add((uint)(mantissa % 1000000000)); mantissa /= 1000000000; }
            int fraction = 0;
            if (e >= 0)
            {
                for (int k = e; k > 0; k -= 29) MulSmall(limbs, 1u << Math.Min(k, 29));
            }
            else
            {
                fraction = -e;  // mantissa / 2^k = mantissa * 5^k / 10^k
                for (int k = -e; k > 0; k -= 13)
                {
                    uint f = 1;
                    for (int i = 0; i < Math.Min(k, 13); ++i) f *= 5;
                    MulSmall(limbs, f);
                }
            }
            var sb = new StringBuilder();
            sb.Append(limbs[limbs.Count - 1].ToString(CultureInfo.InvariantCulture));
            for (int i = limbs.Count - 2; i >= 0; --i) sb.Append(limbs[i].ToString("D9", CultureInfo.InvariantCulture));
            string s = sb.ToString();
            point = s.Length - fraction;
            return s.TrimEnd('0');
        }

        private static void MulSmall(List<uint> limbs, uint f)
        {
            ulong carry = 0;
            for (int i = 0; i < limbs.Count; ++i)
            {
                ulong v = (ulong)limbs[i] * f + carry;
                limbs[i] = (uint)(v % 1000000000);
                carry = v / 1000000000;
            }
            while (carry != 0) { limbs.Add((uint)(carry % 1000000000)); carry /= 1000000000; }
        }

        private static string TrimZeros(string s)
        {
            if (s.IndexOf('.') < 0) return s;
            s = s.TrimEnd('0');
            if (s.EndsWith(".", StringComparison.Ordinal)) s = s.Substring(0, s.Length - 1);
            return s;
        }

        public void String(string s)
        {
            Separate();
            Text(s ?? "");
        }

        public void Bytes(byte[] b)
        {
            BeginArray();
            if (b != null)
                for (int i = 0; i < b.Length; ++i) Int(b[i]);
            EndArray();
        }

        public void Vector2(Vector2 v) { BeginObject(); Key("x"); Float(v.x); Key("y"); Float(v.y); EndObject(); }
        public void Vector3(Vector3 v) { BeginObject(); Key("x"); Float(v.x); Key("y"); Float(v.y); Key("z"); Float(v.z); EndObject(); }
        public void Quaternion(Quaternion v)
        {
            BeginObject(); Key("x"); Float(v.x); Key("y"); Float(v.y); Key("z"); Float(v.z); Key("w"); Float(v.w); EndObject();
        }
        public void Color(Color v)
        {
            BeginObject(); Key("r"); Float(v.r); Key("g"); Float(v.g); Key("b"); Float(v.b); Key("a"); Float(v.a); EndObject();
        }
        public void Vector2i(Vector2i v) { BeginObject(); Key("x"); Int(v.x); Key("y"); Int(v.y); EndObject(); }
        public void Vector3i(Vector3i v) { BeginObject(); Key("x"); Int(v.x); Key("y"); Int(v.y); Key("z"); Int(v.z); EndObject(); }

        private void Text(string s)
        {
            _sb.Append('"');
            foreach (char c in s)
            {
                switch (c)
                {
                    case '"': _sb.Append("\\\""); break;
                    case '\\': _sb.Append("\\\\"); break;
                    case '\n': _sb.Append("\\n"); break;
                    case '\r': _sb.Append("\\r"); break;
                    case '\t': _sb.Append("\\t"); break;
                    case '\b': _sb.Append("\\b"); break;
                    case '\f': _sb.Append("\\f"); break;
                    default:
                        if (c < 0x20) _sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        else _sb.Append(c);
                        break;
                }
            }
            _sb.Append('"');
        }
    }

    /// <summary>Per-thread scratch objects so Serialize / Deserialize allocate nothing of their own.</summary>
    public static class Scratch
    {
        [ThreadStatic] private static Writer _writer;
        [ThreadStatic] private static Reader _reader;

        public static Writer Writer { get { return _writer ?? (_writer = new Writer()); } }
        public static Reader Reader { get { return _reader ?? (_reader = new Reader()); } }
    }
}
