// pakt runtime for C# (Unity / mono): the compact, mslima and packed codecs the generated <stem>.pakt.cs
// files call. Byte-exact with the C++ runtime (runtime/include/pakt/binary_codec.hpp, packed.hpp):
//   compact: little-endian; mslima: big-endian, strings' UTF-8 bytes reversed, bool decoded as non-zero;
//   packed: bit-packed, quantized, delta-compressed (docs/packed.md; BitWriter, BitReader, PackedCode).
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
        /// <summary>Bit-packed with the schema's range / precision / bits (docs/packed.md); delta
        /// against a baseline for messages with `delta: true`.</summary>
        Packed,
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

    /// <summary>Bad bytes: the offset where decoding stopped, the field path and the reason.
    /// Message is the C++ pakt::Status::to_string() (and GDScript last_error) text:
    /// "offset 17: Player.weapons[2].name: string is not valid UTF-8 (byte 3)".</summary>
    public sealed class DecodeException : PaktException
    {
        public int Offset { get; private set; }

        public override string Message
        {
            get { return "offset " + Offset.ToString(CultureInfo.InvariantCulture) + ": " + base.Message; }
        }

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

    // ================================================================================== packed
    // docs/packed.md; every rule as runtime/include/pakt/packed.hpp and bit_stream.hpp have it, with
    // the same error texts (a DecodeException's reason ends with "(bit N)", its Offset is N / 8).

    /// <summary>The kind of a packed code (docs/packed.md "Codes").</summary>
    public enum PackedKind
    {
        Bool,
        Ranged,
        Varint,
        Zigzag,
        Raw,
        Quantized,
        SmallestThree,
    }

    /// <summary>How the packed format writes a leaf value (a component of a vector): a constant of the
    /// generated code, from the front end's "packed" code (pakt describe). As pakt::packing's codes.</summary>
    public sealed class PackedCode
    {
        public readonly PackedKind Kind;
        /// <summary>Ranged, quantized: the bits of a value; smallest-three: of each component; raw: 8, 32, 64.</summary>
        public readonly int Bits;
        /// <summary>Ranged: the smallest value and max - min.</summary>
        public readonly long Min;
        public readonly ulong Span;
        /// <summary>Quantized: the range and its steps.</summary>
        public readonly double QMin, QMax;
        public readonly ulong Steps;
        /// <summary>Quantized, computed once: QMax - QMin and Steps as a double (the same doubles
        /// Packed.Quantize / Dequantize compute per value); the float32s nearest QMin and QMax.</summary>
        public readonly double Width, StepsD;
        public readonly float FMin, FMax;
        /// <summary>Quantized: StepsD / Width, and the distance in steps beyond which two values'
        /// steps differ whatever the rounding of their quotients (StepDiffers).</summary>
        public readonly double Scale, Apart;

        private PackedCode(PackedKind kind, int bits, long min, ulong span, double qmin, double qmax, ulong steps)
        {
            Kind = kind; Bits = bits; Min = min; Span = span; QMin = qmin; QMax = qmax; Steps = steps;
            Width = qmax - qmin;
            StepsD = (double)steps;
            FMin = (float)qmin;
            FMax = (float)qmax;
            Scale = Width == 0 ? 0 : StepsD / Width;
            // a quotient of Quantize is off by a few ulps of itself (at most Steps): 1e-14 × Steps
            // bounds both values' errors and the multiply's with room to spare
            Apart = 1.0 + 1e-9 + StepsD * 1e-14;
        }

        /// <summary>The step of a float32 (Packed.QuantizeInput, then Packed.Quantize); false outside the range and for NaN.</summary>
        public bool QuantizeF32(float v, out ulong q)
        {
            double x = v == FMin ? QMin : v == FMax ? QMax : v;
            if (!(x >= QMin && x <= QMax)) { q = 0; return false; }
            q = Packed.StepOf(((x - QMin) * StepsD) / Width, Steps);
            return true;
        }

        /// <summary>Whether b's step (QuantizeF32) is not q, the step of v: without quantizing b when
        /// the two lie more than a step apart (Apart), which most changed values do. b outside the
        /// range or NaN: true (it has no step).</summary>
        public bool StepDiffers(float v, float b, ulong q)
        {
            double x = v == FMin ? QMin : v == FMax ? QMax : v;
            double y = b == FMin ? QMin : b == FMax ? QMax : b;
            double d = (x - y) * Scale;
            if (d > Apart || d < -Apart) return true;
            ulong qb;
            return !QuantizeF32(b, out qb) || qb != q;
        }

        /// <summary>StepDiffers of a float64 (q: v's step of Packed.Quantize).</summary>
        public bool StepDiffers(double v, double b, ulong q)
        {
            double d = (v - b) * Scale;
            if (d > Apart || d < -Apart) return true;
            ulong qb;
            return !Packed.Quantize(b, QMin, QMax, Steps, out qb) || qb != q;
        }

        /// <summary>Whether QuantizeF32 takes v (in the range, not NaN).</summary>
        public bool InRangeF32(float v)
        {
            double x = v == FMin ? QMin : v == FMax ? QMax : v;
            return x >= QMin && x <= QMax;
        }

        /// <summary>The value of step q &lt;= Steps (Packed.Dequantize).</summary>
        public double Dequantize(ulong q)
        {
            if (q == Steps) return QMax;
            return QMin + (Width * Packed.ToDouble(q)) / StepsD;
        }

        public static readonly PackedCode Bool = new PackedCode(PackedKind.Bool, 1, 0, 0, 0, 0, 0);
        public static readonly PackedCode Varint = new PackedCode(PackedKind.Varint, 0, 0, 0, 0, 0, 0);
        public static readonly PackedCode Zigzag = new PackedCode(PackedKind.Zigzag, 0, 0, 0, 0, 0, 0);
        public static PackedCode Raw(int bits) { return new PackedCode(PackedKind.Raw, bits, 0, 0, 0, 0, 0); }
        public static PackedCode Ranged(long min, ulong span, int bits) { return new PackedCode(PackedKind.Ranged, bits, min, span, 0, 0, 0); }
        public static PackedCode Quantized(double min, double max, ulong steps, int bits)
        {
            return new PackedCode(PackedKind.Quantized, bits, 0, 0, min, max, steps);
        }
        public static PackedCode SmallestThree(int bits) { return new PackedCode(PackedKind.SmallestThree, bits, 0, 0, 0, 0, 0); }
    }

    /// <summary>A string's or bytes' length, a list's count: ranged over [0, Limit] in Bits bits, or a
    /// varint when there is no limit (0). What and LimitName are compact's texts (pakt::LengthRule).</summary>
    public sealed class PackedLength
    {
        public readonly string What;
        public readonly string LimitName;
        public readonly long Limit;
        public readonly int Bits;

        public PackedLength(string what, string limitName, long limit)
        {
            What = what; LimitName = limitName; Limit = limit; Bits = Packed.BitWidth((ulong)limit);
        }
    }

    /// <summary>A message's packed codec, for the list deltas of the runtime (each generated message
    /// has one: the struct M.PaktPackedCodec, passed as a type argument). Null messages count as their defaults.</summary>
    public interface IPackedMessage<T> where T : class
    {
        T Create();
        void Write(BitWriter w, T m);
        void Read(BitReader r, T m);
        /// <summary>m's delta against baseline; false when nothing changed (then it wrote only 0 bits).</summary>
        bool WriteDelta(BitWriter w, T m, T baseline);
        void ReadDelta(BitReader r, T m);
        /// <summary>Makes `to` hold what `from` holds (decoding a delta starts from a copy of the baseline).</summary>
        void Copy(T from, T to);
    }

    /// <summary>A BitWriter's position (BitWriter.Mark): Rewind goes back to it, as if nothing had been
    /// written since.</summary>
    public struct BitMark
    {
        internal int Pos;
        internal ulong Acc;
        internal int Used;
        internal long Zeros;
        internal ulong Owed;
        internal int OwedBits;
    }

    /// <summary>Appends bits, least significant first (the first bit is bit 0 of byte 0), into a
    /// caller's buffer; bits past its end are counted, not written (Overflowed), so one pass over a
    /// null buffer measures a payload. The bits gather in a 64-bit word, stored 8 bytes at a time.
    /// A delta's bits may be deferred (Defer: an unchanged field's 0, an element's changed bit): they
    /// are written before the next bit that is written, so a Rewind to before them costs no store.</summary>
    public sealed class BitWriter
    {
        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false, false);
        private byte[] _buf;
        private int _begin, _pos, _end;  // _pos: the byte after the last word stored
        private ulong _acc;
        private int _used;  // bits in _acc, < 64
        private long _zeros;  // deferred: this many 0 bits, then _owed's low _owedBits bits
        private ulong _owed;
        private int _owedBits;
        private byte[] _text = new byte[64];

        public void Reset(byte[] buffer, int offset)
        {
            _buf = buffer;
            _begin = offset;
            _pos = offset;
            _end = buffer == null ? offset : buffer.Length;
            _acc = 0;
            _used = 0;
            _zeros = 0;
            _owed = 0;
            _owedBits = 0;
        }

        public void Mark(out BitMark m)
        {
            m.Pos = _pos;
            m.Acc = _acc;
            m.Used = _used;
            m.Zeros = _zeros;
            m.Owed = _owed;
            m.OwedBits = _owedBits;
        }

        /// <summary>Drops what was written (and deferred) since m (the bytes stored since are
        /// overwritten by the next writes).</summary>
        public void Rewind(ref BitMark m)
        {
            _pos = m.Pos;
            _acc = m.Acc;
            _used = m.Used;
            _zeros = m.Zeros;
            _owed = m.Owed;
            _owedBits = m.OwedBits;
        }

        /// <summary>A bit written before the next one that is written (or at Finish).</summary>
        public void Defer(bool bit)
        {
            if (_owedBits == 0 && !bit) { ++_zeros; return; }
            if (_owedBits == 64) Settle();
            if (bit) _owed |= 1UL << _owedBits;
            ++_owedBits;
        }

        /// <summary>Writes the deferred bits.</summary>
        private void Settle()
        {
            long z = _zeros;
            ulong owed = _owed;
            int n = _owedBits;
            _zeros = 0;
            _owed = 0;
            _owedBits = 0;
            for (; z > 64; z -= 64) Bits(0, 64);
            Bits(0, (int)z);
            Bits(owed, n);
        }

        /// <summary>The bytes written (after Finish: the whole payload), including those that did not fit.</summary>
        public int ByteCount { get { return _pos - _begin + (_used + 7) / 8; } }
        public bool Overflowed { get { return _pos > _end; } }
        public long BitCount { get { return (long)(_pos - _begin) * 8 + _used + _zeros + _owedBits; } }

        private void Put(byte b)
        {
            if (_pos < _end) _buf[_pos] = b;
            ++_pos;
        }

        private void Store(ulong word)
        {
            int p = _pos;
            byte[] b = _buf;
            if (p + 8 <= _end)
            {
                b[p] = (byte)word;
                b[p + 1] = (byte)(word >> 8);
                b[p + 2] = (byte)(word >> 16);
                b[p + 3] = (byte)(word >> 24);
                b[p + 4] = (byte)(word >> 32);
                b[p + 5] = (byte)(word >> 40);
                b[p + 6] = (byte)(word >> 48);
                b[p + 7] = (byte)(word >> 56);
            }
            else
            {
                for (int i = 0; i < 8 && p + i < _end; ++i) b[p + i] = (byte)(word >> (8 * i));
            }
            _pos = p + 8;
        }

        /// <summary>The low n bits of v (0 &lt;= n &lt;= 64), from bit 0 up.</summary>
        public void Write(ulong v, int n)
        {
            if (_zeros != 0 || _owedBits != 0) Settle();
            Bits(v, n);
        }

        private void Bits(ulong v, int n)
        {
            if (n < 64) v &= (1UL << n) - 1;
            int used = _used;
            _acc |= v << used;
            used += n;
            if (used >= 64)
            {
                Store(_acc);
                _acc = _used == 0 ? 0 : v >> (64 - _used);  // the bits of v that did not fit
                used -= 64;
            }
            _used = used;
        }

        public void WriteBool(bool b) { Write(b ? 1UL : 0UL, 1); }

        /// <summary>n zero bits.</summary>
        public void Zeros(int n)
        {
            for (; n > 64; n -= 64) Write(0, 64);
            Write(0, n);
        }

        /// <summary>n bytes, 8 bits each (aligned or not).</summary>
        public void WriteBytes(byte[] p, int offset, int n)
        {
            if (_zeros != 0 || _owedBits != 0) Settle();
            if ((_used & 7) != 0)
            {
                for (int i = 0; i < n; ++i) Write(p[offset + i], 8);
                return;
            }
            for (; _used != 0; _used -= 8, _acc >>= 8) Put((byte)_acc);
            _acc = 0;
            int fit = Math.Max(0, Math.Min(n, _end - _pos));
            if (fit > 0) Buffer.BlockCopy(p, offset, _buf, _pos, fit);
            _pos += n;
        }

        /// <summary>Writes the last partial word (the high bits of its last byte 0). Call once, after the last write.</summary>
        public void Finish()
        {
            if (_zeros != 0 || _owedBits != 0) Settle();
            for (; _used > 0; _used -= 8, _acc >>= 8) Put((byte)_acc);
            _acc = 0;
            _used = 0;
        }

        // ------------------------------------------------------------------ codes
        private static string S(long v) { return v.ToString(CultureInfo.InvariantCulture); }
        private static string U(ulong v) { return v.ToString(CultureInfo.InvariantCulture); }

        private static EncodeException Outside(string value, string min, string max)
        {
            return new EncodeException("value " + value + " is outside the range [" + min + ", " + max + "]");
        }

        private static string RangeMax(PackedCode c) { return S((long)((ulong)c.Min + c.Span)); }

        public void Varint(ulong u)
        {
            while (u >= 0x80)
            {
                Write((u & 0x7F) | 0x80, 8);
                u >>= 7;
            }
            Write(u, 8);
        }

        public void Bool(bool v) { WriteBool(v); }

        /// <summary>int8 … int64 and signed enums: ranged, zig-zag varint or (int8) raw.</summary>
        public void Signed(long v, PackedCode c)
        {
            switch (c.Kind)
            {
                case PackedKind.Ranged:
                {
                    ulong offset = (ulong)v - (ulong)c.Min;
                    if (v < c.Min || offset > c.Span) throw Outside(S(v), S(c.Min), RangeMax(c));
                    Write(offset, c.Bits);
                    return;
                }
                case PackedKind.Raw:
                    Write((ulong)v, c.Bits);
                    return;
                default:
                    Varint(((ulong)v << 1) ^ (ulong)(v >> 63));
                    return;
            }
        }

        /// <summary>uint8 … uint64 and unsigned enums: ranged, varint or (uint8) raw.</summary>
        public void Unsigned(ulong v, PackedCode c)
        {
            switch (c.Kind)
            {
                case PackedKind.Ranged:
                {
                    if (c.Min >= 0 && v < (ulong)c.Min) throw Outside(U(v), S(c.Min), RangeMax(c));
                    ulong offset = v - (ulong)c.Min;
                    if (offset > c.Span) throw Outside(U(v), S(c.Min), RangeMax(c));
                    Write(offset, c.Bits);
                    return;
                }
                case PackedKind.Raw:
                    Write(v, c.Bits);
                    return;
                default:
                    Varint(v);
                    return;
            }
        }

        private void Quantized(double input, double v, PackedCode c)
        {
            ulong q;
            if (!Packed.Quantize(input, c.QMin, c.QMax, c.Steps, out q))
                throw Outside(Packed.NumberText(v), Packed.NumberText(c.QMin), Packed.NumberText(c.QMax));
            Write(q, c.Bits);
        }

        public void F32(float v, PackedCode c)
        {
            if (c.Kind == PackedKind.Quantized) { Write(Step(v, c, null), c.Bits); return; }
            FloatBits b = default(FloatBits);
            b.F = v;
            Write(b.U, 32);
        }

        /// <summary>The step of a float32 (component: its name in the error, or null).</summary>
        private static ulong Step(float v, PackedCode c, string component)
        {
            ulong q;
            if (!c.QuantizeF32(v, out q)) throw OutsideComponent(v, c, component);
            return q;
        }

        private static EncodeException OutsideComponent(float v, PackedCode c, string component)
        {
            EncodeException e = Outside(Packed.NumberText(v), Packed.NumberText(c.QMin), Packed.NumberText(c.QMax));
            if (component != null) e.InField(component);
            return e;
        }

        public void F64(double v, PackedCode c)
        {
            if (c.Kind == PackedKind.Quantized) { Quantized(v, v, c); return; }
            Write((ulong)BitConverter.DoubleToInt64Bits(v), 64);
        }

        private void Component(float x, PackedCode c, string name)
        {
            try { F32(x, c); }
            catch (EncodeException e) { e.InField(name); throw; }
        }

        private void Component(int x, PackedCode c, string name)
        {
            try { Signed(x, c); }
            catch (EncodeException e) { e.InField(name); throw; }
        }

        /// <summary>Quantized components: each step, then one write of all of them when they fit a word.</summary>
        public void Vector2(Vector2 v, PackedCode c)
        {
            if (c.Kind != PackedKind.Quantized) { Component(v.x, c, "x"); Component(v.y, c, "y"); return; }
            ulong x = Step(v.x, c, "x"), y = Step(v.y, c, "y");
            int n = c.Bits;
            if (2 * n <= 64) Write(x | (y << n), 2 * n);
            else { Write(x, n); Write(y, n); }
        }

        public void Vector3(Vector3 v, PackedCode c)
        {
            if (c.Kind != PackedKind.Quantized) { Component(v.x, c, "x"); Component(v.y, c, "y"); Component(v.z, c, "z"); return; }
            ulong x = Step(v.x, c, "x"), y = Step(v.y, c, "y"), z = Step(v.z, c, "z");
            int n = c.Bits;
            if (3 * n <= 64) Write(x | (y << n) | (z << (2 * n)), 3 * n);
            else { Write(x, n); Write(y, n); Write(z, n); }
        }

        public void Color(Color v, PackedCode c)
        {
            if (c.Kind != PackedKind.Quantized) { Component(v.r, c, "r"); Component(v.g, c, "g"); Component(v.b, c, "b"); Component(v.a, c, "a"); return; }
            ulong r = Step(v.r, c, "r"), g = Step(v.g, c, "g"), b = Step(v.b, c, "b"), a = Step(v.a, c, "a");
            int n = c.Bits;
            if (4 * n <= 64) Write(r | (g << n) | (b << (2 * n)) | (a << (3 * n)), 4 * n);
            else { Write(r, n); Write(g, n); Write(b, n); Write(a, n); }
        }
        public void Vector2i(Vector2i v, PackedCode c) { Component(v.x, c, "x"); Component(v.y, c, "y"); }
        public void Vector3i(Vector3i v, PackedCode c) { Component(v.x, c, "x"); Component(v.y, c, "y"); Component(v.z, c, "z"); }

        /// <summary>Smallest-three (2 + 3 × Bits) or, without bits, x, y, z, w raw.</summary>
        public void Quaternion(Quaternion v, PackedCode c)
        {
            if (c.Kind != PackedKind.SmallestThree)
            {
                Component(v.x, c, "x"); Component(v.y, c, "y"); Component(v.z, c, "z"); Component(v.w, c, "w");
                return;
            }
            int largest;
            ulong q0, q1, q2;
            if (!Packed.SmallestThree(v, c.Bits, out largest, out q0, out q1, out q2))
                throw new EncodeException("a quaternion component is NaN");
            int n = c.Bits;
            if (2 + 3 * n <= 64)
            {
                Write((ulong)largest | (q0 << 2) | (q1 << (2 + n)) | (q2 << (2 + 2 * n)), 2 + 3 * n);
                return;
            }
            Write((ulong)largest, 2);
            Write(q0, n);
            Write(q1, n);
            Write(q2, n);
        }

        // ------------------------------------------------------------------ a delta's leaf fields
        // The changed bit, then (changed) the value; true when changed. A quantized value equal to the
        // baseline's (raw: the same bits) is unchanged: only checked against its range (NaN: refused),
        // as the full write would, not quantized. Another value is quantized once; its step is compared with the
        // baseline's (StepDiffers: no quantizing when they are more than a step apart) and written.

        /// <summary>The changed bit: 1 written, 0 deferred.</summary>
        private void Changed(bool changed)
        {
            if (changed) WriteBool(true);
            else Defer(false);
        }

        private static bool SameBits(float a, float b) { return Packed.Bits32(a) == Packed.Bits32(b); }

        /// <summary>The range check of an unchanged component (the full write's error).</summary>
        private static void CheckRange(float v, PackedCode c, string component)
        {
            if (!c.InRangeF32(v)) throw OutsideComponent(v, c, component);
        }

        public bool DeltaF32(float v, float b, PackedCode c)
        {
            bool changed;
            if (c.Kind != PackedKind.Quantized)
            {
                changed = !SameBits(v, b);
                Changed(changed);
                if (changed) F32(v, c);
                return changed;
            }
            if (v == b)
            {
                CheckRange(v, c, null);
                Defer(false);
                return false;
            }
            ulong q = Step(v, c, null);
            changed = c.StepDiffers(v, b, q);
            if (!changed) Defer(false);
            else if (c.Bits < 64) Write(1 | (q << 1), c.Bits + 1);  // the changed bit and the step in one write
            else { WriteBool(true); Write(q, c.Bits); }
            return changed;
        }

        public bool DeltaF64(double v, double b, PackedCode c)
        {
            bool same = BitConverter.DoubleToInt64Bits(v) == BitConverter.DoubleToInt64Bits(b), changed;
            if (c.Kind != PackedKind.Quantized)
            {
                Changed(!same);
                if (!same) F64(v, c);
                return !same;
            }
            ulong q = 0;
            if (!(same ? v >= c.QMin && v <= c.QMax : Packed.Quantize(v, c.QMin, c.QMax, c.Steps, out q)))
                throw Outside(Packed.NumberText(v), Packed.NumberText(c.QMin), Packed.NumberText(c.QMax));
            changed = !same && c.StepDiffers(v, b, q);
            Changed(changed);
            if (changed) Write(q, c.Bits);
            return changed;
        }

        public bool DeltaVector2(Vector2 v, Vector2 b, PackedCode c)
        {
            bool quantized = c.Kind == PackedKind.Quantized, changed;
            bool sx = quantized ? v.x == b.x : SameBits(v.x, b.x), sy = quantized ? v.y == b.y : SameBits(v.y, b.y);
            if (!quantized || (sx && sy))
            {
                if (quantized) { CheckRange(v.x, c, "x"); CheckRange(v.y, c, "y"); }
                changed = !(sx && sy);
                Changed(changed);
                if (changed) Vector2(v, c);
                return changed;
            }
            ulong x = Step(v.x, c, "x"), y = Step(v.y, c, "y");
            changed = (!sx && c.StepDiffers(v.x, b.x, x)) || (!sy && c.StepDiffers(v.y, b.y, y));
            Changed(changed);
            if (!changed) return false;
            int n = c.Bits;
            if (2 * n <= 64) Write(x | (y << n), 2 * n);
            else { Write(x, n); Write(y, n); }
            return true;
        }

        public bool DeltaVector3(Vector3 v, Vector3 b, PackedCode c)
        {
            bool quantized = c.Kind == PackedKind.Quantized, changed;
            bool sx = quantized ? v.x == b.x : SameBits(v.x, b.x), sy = quantized ? v.y == b.y : SameBits(v.y, b.y),
                 sz = quantized ? v.z == b.z : SameBits(v.z, b.z);
            if (!quantized || (sx && sy && sz))
            {
                if (quantized) { CheckRange(v.x, c, "x"); CheckRange(v.y, c, "y"); CheckRange(v.z, c, "z"); }
                changed = !(sx && sy && sz);
                Changed(changed);
                if (changed) Vector3(v, c);
                return changed;
            }
            ulong x = Step(v.x, c, "x"), y = Step(v.y, c, "y"), z = Step(v.z, c, "z");
            changed = (!sx && c.StepDiffers(v.x, b.x, x)) || (!sy && c.StepDiffers(v.y, b.y, y)) ||
                      (!sz && c.StepDiffers(v.z, b.z, z));
            if (!changed)
            {
                Defer(false);
                return false;
            }
            int n = c.Bits;
            if (3 * n < 64) Write(1 | (x << 1) | (y << (n + 1)) | (z << (2 * n + 1)), 3 * n + 1);  // one write
            else { WriteBool(true); Write(x, n); Write(y, n); Write(z, n); }
            return true;
        }

        public bool DeltaColor(Color v, Color b, PackedCode c)
        {
            bool quantized = c.Kind == PackedKind.Quantized, changed;
            bool sr = quantized ? v.r == b.r : SameBits(v.r, b.r), sg = quantized ? v.g == b.g : SameBits(v.g, b.g),
                 sb = quantized ? v.b == b.b : SameBits(v.b, b.b), sa = quantized ? v.a == b.a : SameBits(v.a, b.a);
            if (!quantized || (sr && sg && sb && sa))
            {
                if (quantized)
                {
                    CheckRange(v.r, c, "r"); CheckRange(v.g, c, "g"); CheckRange(v.b, c, "b"); CheckRange(v.a, c, "a");
                }
                changed = !(sr && sg && sb && sa);
                Changed(changed);
                if (changed) Color(v, c);
                return changed;
            }
            ulong r = Step(v.r, c, "r"), g = Step(v.g, c, "g"), bq = Step(v.b, c, "b"), a = Step(v.a, c, "a");
            changed = (!sr && c.StepDiffers(v.r, b.r, r)) || (!sg && c.StepDiffers(v.g, b.g, g)) ||
                      (!sb && c.StepDiffers(v.b, b.b, bq)) || (!sa && c.StepDiffers(v.a, b.a, a));
            Changed(changed);
            if (!changed) return false;
            int n = c.Bits;
            if (4 * n <= 64) Write(r | (g << n) | (bq << (2 * n)) | (a << (3 * n)), 4 * n);
            else { Write(r, n); Write(g, n); Write(bq, n); Write(a, n); }
            return true;
        }

        public bool DeltaQuaternion(Quaternion v, Quaternion b, PackedCode c)
        {
            bool changed;
            if (c.Kind != PackedKind.SmallestThree)
            {
                changed = !Packed.SameQuaternion(v, b, c);
                Changed(changed);
                if (changed) Quaternion(v, c);
                return changed;
            }
            if (v.x == b.x && v.y == b.y && v.z == b.z && v.w == b.w)  // equal values (no NaN) fold to the same words
            {
                Defer(false);
                return false;
            }
            int largest, lb;
            ulong q0, q1, q2, b0, b1, b2;
            if (!Packed.SmallestThree(v, c.Bits, out largest, out q0, out q1, out q2))
                throw new EncodeException("a quaternion component is NaN");
            changed = !Packed.SmallestThree(b, c.Bits, out lb, out b0, out b1, out b2) || lb != largest || b0 != q0 ||
                      b1 != q1 || b2 != q2;
            Changed(changed);
            if (!changed) return false;
            int n = c.Bits;
            if (2 + 3 * n <= 64) Write((ulong)largest | (q0 << 2) | (q1 << (2 + n)) | (q2 << (2 + 2 * n)), 2 + 3 * n);
            else { Write((ulong)largest, 2); Write(q0, n); Write(q1, n); Write(q2, n); }
            return true;
        }

        /// <summary>A length or count (the limits were checked before: PaktCheck).</summary>
        public void Count(int n, PackedLength len)
        {
            if (len.Limit != 0)
            {
                if (n > len.Limit)
                    throw new EncodeException(len.What + " " + S(n) + " exceeds " + len.LimitName + " " + S(len.Limit));
                Write((ulong)n, len.Bits);
            }
            else
            {
                Varint((ulong)n);
            }
        }

        /// <summary>The UTF-8 length, then the bytes (not aligned); null writes "".</summary>
        public void String(string s, PackedLength len)
        {
            if (s == null || s.Length == 0) { Count(0, len); return; }
            int max = Utf8.GetMaxByteCount(s.Length);
            if (_text.Length < max) _text = new byte[Math.Max(max, _text.Length * 2)];
            int n = Utf8.GetBytes(s, 0, s.Length, _text, 0);
            Count(n, len);
            WriteBytes(_text, 0, n);
        }

        /// <summary>bytes: the length, then the bytes; null writes an empty array.</summary>
        public void Blob(byte[] b, PackedLength len)
        {
            int n = b == null ? 0 : b.Length;
            Count(n, len);
            if (n != 0) WriteBytes(b, 0, n);
        }

        /// <summary>Exponential-Golomb order 0 of x &gt;= 1: BitWidth(x) - 1 zero bits, then x from its top bit.</summary>
        public void Golomb(ulong x)
        {
            int width = Packed.BitWidth(x);
            Write(0, width - 1);
            for (int i = width - 1; i >= 0; --i) Write((x >> i) & 1, 1);
        }
    }

    /// <summary>Reads bits as BitWriter writes them; never reads past the end. Errors are
    /// DecodeExceptions at the byte of the bit, with " (bit N)" at the end of the reason.</summary>
    public sealed class BitReader
    {
        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false, false);
        private byte[] _d;
        private int _begin;
        private long _size;  // bytes
        private long _bit;
        private byte[] _scratch = new byte[64];

        public void Reset(byte[] data, int offset, int count)
        {
            if (data == null) throw new ArgumentNullException("data");
            if (offset < 0 || count < 0 || offset > data.Length || count > data.Length - offset)
                throw new ArgumentOutOfRangeException("count");
            _d = data;
            _begin = offset;
            _size = count;
            _bit = 0;
        }

        public long BitOffset { get { return _bit; } }
        public long RemainingBits { get { return _size * 8 - _bit; } }

        private static string S(long v) { return v.ToString(CultureInfo.InvariantCulture); }
        private static string U(ulong v) { return v.ToString(CultureInfo.InvariantCulture); }

        /// <summary>The error at bit `at`: its byte is the offset, the reason names the bit.</summary>
        public static DecodeException Error(long at, string reason)
        {
            return new DecodeException((int)(at / 8), reason + " (bit " + S(at) + ")");
        }

        /// <summary>The next n bits (0 &lt;= n &lt;= 64; the caller checked that they remain): one
        /// little-endian word at the byte of the first bit, and a ninth byte when they straddle it.</summary>
        private ulong Get(int n)
        {
            if (n == 0) return 0;
            long at = _bit;
            int first = (int)(at >> 3), off = (int)(at & 7);
            int p = _begin + first;
            byte[] d = _d;
            ulong v;
            if (first + 8 <= _size)
            {
                v = d[p] | ((ulong)d[p + 1] << 8) | ((ulong)d[p + 2] << 16) | ((ulong)d[p + 3] << 24) | ((ulong)d[p + 4] << 32) |
                    ((ulong)d[p + 5] << 40) | ((ulong)d[p + 6] << 48) | ((ulong)d[p + 7] << 56);
                v >>= off;
                if (off + n > 64) v |= (ulong)d[p + 8] << (64 - off);
            }
            else
            {
                v = 0;
                for (int i = 0; first + i < _size; ++i) v |= (ulong)d[p + i] << (8 * i);
                v >>= off;
            }
            _bit = at + n;
            return n == 64 ? v : v & ((1UL << n) - 1);
        }

        /// <summary>n bits (0 &lt;= n &lt;= 64); too few left is a truncation of `what`.</summary>
        public ulong Read(int n, string what)
        {
            if (n > RemainingBits)
                throw Error(_bit, "truncated " + what + ": needs " + S(n) + " bits, " + S(RemainingBits) + " remain");
            return Get(n);
        }

        public bool ReadBool(string what) { return Read(1, what) != 0; }
        public bool Bool() { return Read(1, "bool") != 0; }
        public bool Presence() { return Read(1, "presence bit") != 0; }

        /// <summary>After the message: fewer than 8 bits may remain, all 0.</summary>
        public void Finish()
        {
            long left = RemainingBits;
            if (left >= 8) throw Error(_bit, S(left / 8) + " unexpected bytes after the message");
            if (left != 0 && Get((int)left) != 0) throw Error(_size * 8 - left, "padding bits after the message are not 0");
        }

        public ulong Varint()
        {
            long at = _bit;
            ulong u = 0;
            for (int i = 0; i < 10; ++i)
            {
                ulong group = Read(8, "varint");
                if (i == 9 && group > 1) throw Error(at, "varint above 64 bits");
                u |= (group & 0x7F) << (7 * i);
                if ((group & 0x80) == 0)
                {
                    if (i > 0 && group == 0) throw Error(at, "overlong varint");
                    return u;
                }
            }
            return u;  // unreachable: the tenth group has no continuation bit (checked above)
        }

        private ulong RangedOffset(PackedCode c)
        {
            long at = _bit;
            ulong offset = Read(c.Bits, "value");
            if (offset > c.Span) throw Error(at, "ranged value " + U(offset) + " is above its span " + U(c.Span));
            return offset;
        }

        /// <summary>A signed integer of the type [min, max] (its name in errors).</summary>
        public long Signed(PackedCode c, long min, long max, string type)
        {
            switch (c.Kind)
            {
                case PackedKind.Ranged:
                    return (long)((ulong)c.Min + RangedOffset(c));
                case PackedKind.Raw:
                    return (sbyte)(byte)Read(8, "value");
                default:
                {
                    long at = _bit;
                    ulong u = Varint();
                    long x = (long)(u >> 1) ^ -(long)(u & 1);
                    if (x < min || x > max) throw Error(at, "value " + S(x) + " does not fit " + type);
                    return x;
                }
            }
        }

        /// <summary>An unsigned integer of the type [0, max] (its name in errors).</summary>
        public ulong Unsigned(PackedCode c, ulong max, string type)
        {
            switch (c.Kind)
            {
                case PackedKind.Ranged:
                    return (ulong)c.Min + RangedOffset(c);
                case PackedKind.Raw:
                    return Read(8, "value");
                default:
                {
                    long at = _bit;
                    ulong u = Varint();
                    if (u > max) throw Error(at, "value " + U(u) + " does not fit " + type);
                    return u;
                }
            }
        }

        private double Quantized(PackedCode c)
        {
            long at = _bit;
            ulong q = Read(c.Bits, "value");
            if (q > c.Steps) throw Error(at, "quantized step " + U(q) + " is above the range's " + U(c.Steps));
            return c.Dequantize(q);
        }

        /// <summary>Reads count quantized components of n bits in one word (the caller checked that
        /// count * n &lt;= 64 bits remain); false when one is above the steps (then nothing is read:
        /// the component by component read gives the error).</summary>
        private bool Steps(PackedCode c, int count, out ulong word)
        {
            int n = c.Bits;
            long at = _bit;
            word = Get(count * n);
            ulong mask = (1UL << n) - 1;
            for (int i = 0; i < count; ++i)
                if (((word >> (i * n)) & mask) > c.Steps) { _bit = at; return false; }
            return true;
        }

        private bool FastComponents(PackedCode c, int count)
        {
            return c.Kind == PackedKind.Quantized && count * c.Bits <= 64 && count * c.Bits <= RemainingBits;
        }

        public float F32(PackedCode c)
        {
            if (c.Kind == PackedKind.Quantized) return (float)Quantized(c);
            FloatBits b = default(FloatBits);
            b.U = (uint)Read(32, "value");
            return b.F;
        }

        public double F64(PackedCode c)
        {
            if (c.Kind == PackedKind.Quantized) return Quantized(c);
            return BitConverter.Int64BitsToDouble((long)Read(64, "value"));
        }

        private float Component(PackedCode c, string name)
        {
            try { return F32(c); }
            catch (DecodeException e) { e.InField(name); throw; }
        }

        private int ComponentI(PackedCode c, string name)
        {
            try { return (int)Signed(c, int.MinValue, int.MaxValue, "int32"); }
            catch (DecodeException e) { e.InField(name); throw; }
        }

        public Vector2 Vector2(PackedCode c)
        {
            ulong w;
            if (FastComponents(c, 2) && Steps(c, 2, out w))
            {
                int n = c.Bits;
                ulong mask = (1UL << n) - 1;
                return new Vector2((float)c.Dequantize(w & mask), (float)c.Dequantize((w >> n) & mask));
            }
            float x = Component(c, "x");
            return new Vector2(x, Component(c, "y"));
        }

        public Vector3 Vector3(PackedCode c)
        {
            ulong w;
            if (FastComponents(c, 3) && Steps(c, 3, out w))
            {
                int n = c.Bits;
                ulong mask = (1UL << n) - 1;
                return new Vector3((float)c.Dequantize(w & mask), (float)c.Dequantize((w >> n) & mask),
                                   (float)c.Dequantize((w >> (2 * n)) & mask));
            }
            float x = Component(c, "x");
            float y = Component(c, "y");
            return new Vector3(x, y, Component(c, "z"));
        }

        public Color Color(PackedCode c)
        {
            ulong w;
            if (FastComponents(c, 4) && Steps(c, 4, out w))
            {
                int n = c.Bits;
                ulong mask = (1UL << n) - 1;
                return new Color((float)c.Dequantize(w & mask), (float)c.Dequantize((w >> n) & mask),
                                 (float)c.Dequantize((w >> (2 * n)) & mask), (float)c.Dequantize((w >> (3 * n)) & mask));
            }
            float r = Component(c, "r");
            float g = Component(c, "g");
            float b = Component(c, "b");
            return new Color(r, g, b, Component(c, "a"));
        }

        public Vector2i Vector2i(PackedCode c)
        {
            int x = ComponentI(c, "x");
            return new Vector2i(x, ComponentI(c, "y"));
        }

        public Vector3i Vector3i(PackedCode c)
        {
            int x = ComponentI(c, "x");
            int y = ComponentI(c, "y");
            return new Vector3i(x, y, ComponentI(c, "z"));
        }

        public Quaternion Quaternion(PackedCode c)
        {
            if (c.Kind != PackedKind.SmallestThree)
            {
                float x = Component(c, "x");
                float y = Component(c, "y");
                float z = Component(c, "z");
                return new Quaternion(x, y, z, Component(c, "w"));
            }
            int n = c.Bits;
            ulong steps = (1UL << n) - 1;
            ulong word = 0;
            bool whole = 2 + 3 * n <= 64 && 2 + 3 * n <= RemainingBits;  // else bit field by bit field (for the errors)
            int largest;
            if (whole)
            {
                word = Get(2 + 3 * n);
                largest = (int)(word & 3);
                word >>= 2;
            }
            else
            {
                largest = (int)Read(2, "quaternion");
            }
            double a0 = 0, a1 = 0, a2 = 0, a3 = 0, sum = 0;
            for (int i = 0; i < 4; ++i)
            {
                if (i == largest) continue;
                ulong q;
                if (whole)
                {
                    q = word & steps;
                    word >>= n;
                }
                else
                {
                    q = Read(n, "quaternion");
                }
                double x = Packed.Dequantize(q, -Packed.SmallestThreeBound, Packed.SmallestThreeBound, steps);
                sum += x * x;
                if (i == 0) a0 = x;
                else if (i == 1) a1 = x;
                else if (i == 2) a2 = x;
                else a3 = x;
            }
            double big = Math.Sqrt(sum < 1 ? 1 - sum : 0.0);
            if (largest == 0) a0 = big;
            else if (largest == 1) a1 = big;
            else if (largest == 2) a2 = big;
            else a3 = big;
            return new Quaternion((float)a0, (float)a1, (float)a2, (float)a3);
        }

        /// <summary>A length or count: within the limit, and no more than the bits that remain allow
        /// for elements of at least minElementBits bits (1 when they may take none and there is no
        /// limit) — checked before anything is allocated.</summary>
        public int Count(PackedLength len, long minElementBits)
        {
            long at = _bit;
            ulong u;
            if (len.Limit != 0)
            {
                u = Read(len.Bits, len.What);
                if (u > (ulong)len.Limit)
                    throw Error(at, len.What + " " + U(u) + " exceeds " + len.LimitName + " " + S(len.Limit));
            }
            else
            {
                u = Varint();
            }
            long unit = minElementBits != 0 ? minElementBits : len.Limit != 0 ? 0 : 1;
            if (unit != 0 && u > (ulong)(RemainingBits / unit))
                throw Error(at, len.What + " " + U(u) + " needs at least " + S(unit) + " bits each, " + S(RemainingBits) + " remain");
            return (int)u;
        }

        private int TakeBytes(int n, out byte[] src)
        {
            if ((_bit & 7) == 0)
            {
                src = _d;
                int p = _begin + (int)(_bit >> 3);
                _bit += 8L * n;
                return p;
            }
            if (_scratch.Length < n) _scratch = new byte[Math.Max(n, _scratch.Length * 2)];
            for (int i = 0; i < n; ++i) _scratch[i] = (byte)Get(8);
            src = _scratch;
            return 0;
        }

        /// <summary>A UTF-8 string (checked as the C++ runtime checks it).</summary>
        public string String(PackedLength len)
        {
            int n = Count(len, 8);
            long at = _bit;
            if (n == 0) return "";
            byte[] src;
            int p = TakeBytes(n, out src);
            int bad = Utf8Check.FirstInvalid(src, p, n);
            if (bad != n) throw Error(at + 8L * bad, "string is not valid UTF-8 (byte " + S(bad) + ")");
            return Utf8.GetString(src, p, n);
        }

        /// <summary>bytes: reuses `reuse` when it has the length.</summary>
        public byte[] Blob(byte[] reuse, PackedLength len)
        {
            int n = Count(len, 8);
            byte[] b = reuse != null && reuse.Length == n ? reuse : new byte[n];
            if (n == 0) return b;
            byte[] src;
            int p = TakeBytes(n, out src);
            Buffer.BlockCopy(src, p, b, 0, n);
            return b;
        }

        /// <summary>Exponential-Golomb order 0 (a changed element's index gap).</summary>
        public ulong Golomb()
        {
            long at = _bit;
            int zeros = 0;
            for (;;)
            {
                if (ReadBool("index gap")) break;
                if (++zeros > 63) throw Error(at, "index gap above 2^64");
            }
            ulong x = 1;
            for (int i = 0; i < zeros; ++i) x = (x << 1) | (ReadBool("index gap") ? 1UL : 0UL);
            return x;
        }
    }

    /// <summary>The packed format's arithmetic, "same encoding" tests, list deltas and whole payloads.</summary>
    public static class Packed
    {
        /// <summary>1/sqrt(2): the largest magnitude of a unit quaternion's three smallest components.</summary>
        public const double SmallestThreeBound = 0.70710678118654752440;

        public static int BitWidth(ulong v)
        {
            int n = 0;
            while (v != 0) { ++n; v >>= 1; }
            return n;
        }

        public static int GolombBits(ulong x) { return 2 * BitWidth(x) - 1; }
        public static int VarintBits(ulong u) { return u < 0x80 ? 8 : 8 * ((BitWidth(u) + 6) / 7); }

        /// <summary>std::llround: to the nearest whole number, halves away from zero (x - trunc(x) is exact).</summary>
        public static double RoundHalfAwayFromZero(double x)
        {
            double t = Math.Truncate(x);
            if (Math.Abs(x - t) >= 0.5) t += x < 0 ? -1.0 : 1.0;
            return t;
        }

        /// <summary>The step of a value inside [min, max] (false for NaN and values outside), in double
        /// exactly as pakt::packing::detail::quantize computes it.</summary>
        public static bool Quantize(double v, double min, double max, ulong steps, out ulong q)
        {
            q = 0;
            if (!(v >= min && v <= max)) return false;
            q = StepOf(((v - min) * (double)steps) / (max - min), steps);
            return true;
        }

        /// <summary>x &gt;= 0 rounded as std::llround (halves up), at most steps: Quantize's last step.</summary>
        public static ulong StepOf(double x, ulong steps)
        {
            ulong u;
            if (x < 4503599627370496.0)  // 2^52: x - trunc(x) is exact, and so is the long
            {
                long t = (long)x;
                if (x - (double)t >= 0.5) ++t;
                u = (ulong)t;
            }
            else
            {
                double n = RoundHalfAwayFromZero(x);
                if (n < 0) n = 0;
                u = (ulong)n;
            }
            return u > steps ? steps : u;
        }

        /// <summary>A float32 as Quantize takes it: the float32 nearest to min (max) — what a decoder
        /// gives for min (max), which may lie just outside the range (float(-3.2) &lt; -3.2) — counts as
        /// min (max), as pakt::packing::detail::quantize_input.</summary>
        public static double QuantizeInput(float v, PackedCode c)
        {
            if (v == c.FMin) return c.QMin;
            if (v == c.FMax) return c.QMax;
            return v;
        }

        public static double Dequantize(ulong q, double min, double max, ulong steps)
        {
            if (q == steps) return max;
            return min + ((max - min) * ToDouble(q)) / ToDouble(steps);
        }

        /// <summary>(double)u, through long when it fits (the same double; mono converts a long faster).</summary>
        public static double ToDouble(ulong u) { return u < 0x8000000000000000UL ? (double)(long)u : (double)u; }

        /// <summary>printf("%.9g") of a double, as the C++ error texts print numbers.</summary>
        public static string NumberText(double v)
        {
            if (double.IsNaN(v)) return BitConverter.DoubleToInt64Bits(v) < 0 ? "-nan" : "nan";
            if (double.IsInfinity(v)) return v > 0 ? "inf" : "-inf";
            if (v == 0) return BitConverter.DoubleToInt64Bits(v) < 0 ? "-0" : "0";
            string s = v.ToString("G9", CultureInfo.InvariantCulture);
            int e = s.IndexOf('E');
            if (e < 0) return s;
            string digits = s.Substring(e + 2).TrimStart('0');
            if (digits.Length < 2) digits = digits.PadLeft(2, '0');
            return s.Substring(0, e) + "e" + s[e + 1] + digits;
        }

        /// <summary>Smallest-three words of a quaternion (false when a component is NaN).</summary>
        public static bool SmallestThree(Quaternion v, int bits, out int largest, out ulong q0, out ulong q1, out ulong q2)
        {
            q0 = q1 = q2 = 0;
            largest = 0;
            float c0 = v.x, c1 = v.y, c2 = v.z, c3 = v.w;
            if (float.IsNaN(c0) || float.IsNaN(c1) || float.IsNaN(c2) || float.IsNaN(c3)) return false;
            if (Math.Abs(c1) > Math.Abs(c0)) largest = 1;
            if (Math.Abs(c2) > Math.Abs(largest == 0 ? c0 : c1)) largest = 2;
            if (Math.Abs(c3) > Math.Abs(Pick(c0, c1, c2, c3, largest))) largest = 3;
            double sign = Pick(c0, c1, c2, c3, largest) < 0 ? -1.0 : 1.0;
            ulong steps = (1UL << bits) - 1;
            int k = 0;
            for (int i = 0; i < 4; ++i)
            {
                if (i == largest) continue;
                double x = sign * (double)Pick(c0, c1, c2, c3, i);
                if (x < -SmallestThreeBound) x = -SmallestThreeBound;  // only a quaternion that is not unit gets here
                if (x > SmallestThreeBound) x = SmallestThreeBound;
                ulong q;
                Quantize(x, -SmallestThreeBound, SmallestThreeBound, steps, out q);
                if (k == 0) q0 = q;
                else if (k == 1) q1 = q;
                else q2 = q;
                ++k;
            }
            return true;
        }

        private static float Pick(float c0, float c1, float c2, float c3, int i)
        {
            return i == 0 ? c0 : i == 1 ? c1 : i == 2 ? c2 : c3;
        }

        // ------------------------------------------------------------------ same encoding
        internal static uint Bits32(float f)
        {
            FloatBits b = default(FloatBits);
            b.F = f;
            return b.U;
        }

        /// <summary>Quantized: equal bits are the same step when they have one (an unchanged value
        /// is not quantized); other values are compared by their steps.</summary>
        public static bool SameF32(float a, float b, PackedCode c)
        {
            if (c.Kind != PackedKind.Quantized) return Bits32(a) == Bits32(b);
            if (Bits32(a) == Bits32(b)) return c.InRangeF32(a);
            ulong qa, qb;
            return c.QuantizeF32(a, out qa) && c.QuantizeF32(b, out qb) && qa == qb;
        }

        public static bool SameF64(double a, double b, PackedCode c)
        {
            return SameF64Code(a, b, c, BitConverter.DoubleToInt64Bits(a) == BitConverter.DoubleToInt64Bits(b));
        }

        private static bool SameF64Code(double a, double b, PackedCode c, bool sameBits)
        {
            if (c.Kind != PackedKind.Quantized) return sameBits;  // raw: -0 differs from 0, a NaN equals itself
            if (sameBits) return a >= c.QMin && a <= c.QMax;
            ulong qa, qb;
            return Quantize(a, c.QMin, c.QMax, c.Steps, out qa) && Quantize(b, c.QMin, c.QMax, c.Steps, out qb) && qa == qb;
        }

        public static bool SameVector2(Vector2 a, Vector2 b, PackedCode c) { return SameF32(a.x, b.x, c) && SameF32(a.y, b.y, c); }
        public static bool SameVector3(Vector3 a, Vector3 b, PackedCode c)
        {
            return SameF32(a.x, b.x, c) && SameF32(a.y, b.y, c) && SameF32(a.z, b.z, c);
        }
        public static bool SameColor(Color a, Color b, PackedCode c)
        {
            return SameF32(a.r, b.r, c) && SameF32(a.g, b.g, c) && SameF32(a.b, b.b, c) && SameF32(a.a, b.a, c);
        }
        public static bool SameVector2i(Vector2i a, Vector2i b, PackedCode c) { return a.x == b.x && a.y == b.y; }
        public static bool SameVector3i(Vector3i a, Vector3i b, PackedCode c) { return a.x == b.x && a.y == b.y && a.z == b.z; }

        public static bool SameQuaternion(Quaternion a, Quaternion b, PackedCode c)
        {
            if (c.Kind != PackedKind.SmallestThree)
                return SameF32(a.x, b.x, c) && SameF32(a.y, b.y, c) && SameF32(a.z, b.z, c) && SameF32(a.w, b.w, c);
            if (Bits32(a.x) == Bits32(b.x) && Bits32(a.y) == Bits32(b.y) && Bits32(a.z) == Bits32(b.z) && Bits32(a.w) == Bits32(b.w))
                return !(float.IsNaN(a.x) || float.IsNaN(a.y) || float.IsNaN(a.z) || float.IsNaN(a.w));
            int la, lb;
            ulong a0, a1, a2, b0, b1, b2;
            if (!SmallestThree(a, c.Bits, out la, out a0, out a1, out a2) || !SmallestThree(b, c.Bits, out lb, out b0, out b1, out b2))
                return false;
            return la == lb && a0 == b0 && a1 == b1 && a2 == b2;
        }

        /// <summary>Strings compare by their text (null is "").</summary>
        public static bool SameString(string a, string b) { return string.Equals(a ?? "", b ?? "", StringComparison.Ordinal); }

        public static bool SameBytes(byte[] a, byte[] b)
        {
            int na = a == null ? 0 : a.Length, nb = b == null ? 0 : b.Length;
            if (na != nb) return false;
            for (int i = 0; i < na; ++i)
                if (a[i] != b[i]) return false;
            return true;
        }

        // ------------------------------------------------------------------ list deltas
        // The element codec C is the element message's PaktPackedCodec struct: its calls are direct.
        // The elements are written in one pass in the dense mode, each with its changed bit written as
        // 1 and rewound to 0 when nothing in it changed (its values compared, not quantized); the
        // changed indices are kept in the per-thread ChangedIndices. When the sparse mode is shorter
        // (few elements changed), the list is rewound to its mode bit and the changed ones written again.

        /// <summary>A nested message field of a delta: the changed bit, then (changed) its delta.
        /// Written at once, the bit 1; rewound to a 0 when nothing changed. True when changed.</summary>
        public static bool WriteMessageDelta<T, C>(BitWriter w, T v, T b, C codec) where T : class where C : struct, IPackedMessage<T>
        {
            BitMark at;
            w.Mark(out at);
            w.Defer(true);
            if (codec.WriteDelta(w, v, b)) return true;
            w.Rewind(ref at);
            w.Defer(false);
            return false;
        }

        /// <summary>A list field of a delta: the changed bit, then (changed) the count, its changed
        /// elements against the baseline's and its appended elements (docs/packed.md "List delta").
        /// True when changed. Allocates nothing once the per-thread indices have grown.</summary>
        public static bool WriteListDelta<T, C>(BitWriter w, List<T> v, List<T> b, PackedLength length, C codec)
            where T : class where C : struct, IPackedMessage<T>
        {
            BitMark at;
            w.Mark(out at);
            w.Defer(true);
            int count = v == null ? 0 : v.Count;
            int baseCount = b == null ? 0 : b.Count;
            w.Count(count, length);
            int k = Math.Min(count, baseCount);
            BitMark mode;
            w.Mark(out mode);
            w.Defer(false);  // dense
            ChangedIndices changed = Scratch.Changed;
            int start = changed.Top;
            try
            {
                for (int i = 0; i < k; ++i)
                {
                    BitMark m;
                    w.Mark(out m);
                    w.Defer(true);
                    if (WriteElementDelta(w, v[i], b[i], i, codec)) changed.Push(i);
                    else
                    {
                        w.Rewind(ref m);
                        w.Defer(false);
                    }
                }
                int end = changed.Top;
                if (end == start && count == baseCount)
                {
                    w.Rewind(ref at);
                    w.Defer(false);
                    return false;
                }
                if (SparseIsShorter(k, changed.Items, start, end, length))
                {
                    w.Rewind(ref mode);
                    w.WriteBool(true);
                    w.Count(end - start, length);  // end - start <= k <= the limit
                    int last = 0;
                    for (int j = start; j < end; ++j)
                    {
                        int i = changed.Items[j];
                        w.Golomb((ulong)(i + 1 - last));
                        last = i + 1;
                        WriteElementDelta(w, v[i], b[i], i, codec);
                    }
                }
            }
            finally
            {
                changed.Top = start;
            }
            for (int i = k; i < count; ++i)
            {
                try { codec.Write(w, v[i]); }
                catch (EncodeException e) { e.InIndex(i); throw; }
            }
            return true;
        }

        /// <summary>A fixed array field of a delta (changedCount: ranged over [0, size]); a null array is all defaults.</summary>
        public static bool WriteArrayDelta<T, C>(BitWriter w, T[] v, T[] b, int size, PackedLength changedCount, C codec)
            where T : class where C : struct, IPackedMessage<T>
        {
            BitMark at;
            w.Mark(out at);
            w.Defer(true);
            BitMark mode;
            w.Mark(out mode);
            w.Defer(false);  // dense
            ChangedIndices changed = Scratch.Changed;
            int start = changed.Top;
            try
            {
                for (int i = 0; i < size; ++i)
                {
                    BitMark m;
                    w.Mark(out m);
                    w.Defer(true);
                    if (WriteElementDelta(w, ElementOf(v, i), ElementOf(b, i), i, codec)) changed.Push(i);
                    else
                    {
                        w.Rewind(ref m);
                        w.Defer(false);
                    }
                }
                int end = changed.Top;
                if (end == start)
                {
                    w.Rewind(ref at);
                    w.Defer(false);
                    return false;
                }
                if (SparseIsShorter(size, changed.Items, start, end, changedCount))
                {
                    w.Rewind(ref mode);
                    w.WriteBool(true);
                    w.Count(end - start, changedCount);
                    int last = 0;
                    for (int j = start; j < end; ++j)
                    {
                        int i = changed.Items[j];
                        w.Golomb((ulong)(i + 1 - last));
                        last = i + 1;
                        WriteElementDelta(w, ElementOf(v, i), ElementOf(b, i), i, codec);
                    }
                }
                return true;
            }
            finally
            {
                changed.Top = start;
            }
        }

        private static T ElementOf<T>(T[] a, int i) where T : class { return a == null || i >= a.Length ? null : a[i]; }

        /// <summary>Element i's delta (the loops above stay free of exception regions).</summary>
        private static bool WriteElementDelta<T, C>(BitWriter w, T v, T b, int i, C codec) where T : class where C : struct, IPackedMessage<T>
        {
            try { return codec.WriteDelta(w, v, b); }
            catch (EncodeException e) { e.InIndex(i); throw; }
        }

        /// <summary>Whether the sparse mode's indices (the count, then each gap) take fewer bits than a
        /// changed bit per element (the dense mode's; a tie is dense).</summary>
        private static bool SparseIsShorter(int k, int[] changed, int start, int end, PackedLength setLength)
        {
            long c = end - start, sparseBits = setLength.Limit != 0 ? setLength.Bits : VarintBits((ulong)c);
            int last = 0;
            for (int j = start; j < end && sparseBits < k; ++j)
            {
                sparseBits += GolombBits((ulong)(changed[j] + 1 - last));
                last = changed[j] + 1;
            }
            return sparseBits < k;
        }

        /// <summary>Applies a list's element delta to v in place (v holds the baseline's elements).</summary>
        public static void ReadListDelta<T, C>(BitReader r, List<T> v, PackedLength length, long minElementBits, C codec)
            where T : class where C : struct, IPackedMessage<T>
        {
            int baseCount = v.Count;
            long at = r.BitOffset;
            ulong u;
            if (length.Limit != 0)
            {
                u = r.Read(length.Bits, length.What);
                if (u > (ulong)length.Limit)
                    throw BitReader.Error(at, length.What + " " + U(u) + " exceeds " + length.LimitName + " " + S(length.Limit));
            }
            else
            {
                u = r.Varint();
            }
            // Appended elements are read in full: bound them by the bits that remain before allocating.
            long unit = minElementBits != 0 ? minElementBits : length.Limit != 0 ? 0 : 1;
            if (u > (ulong)baseCount && unit != 0 && u - (ulong)baseCount > (ulong)(r.RemainingBits / unit))
                throw BitReader.Error(at, length.What + " " + U(u) + " appends " + U(u - (ulong)baseCount) + " elements of at least " +
                                          S(unit) + " bits each, " + S(r.RemainingBits) + " remain");
            int count = (int)u;
            if (count < baseCount) v.RemoveRange(count, baseCount - count);
            else
            {
                if (v.Capacity < count) v.Capacity = count;
                for (int i = baseCount; i < count; ++i) v.Add(codec.Create());
            }
            int k = Math.Min(count, baseCount);
            if (r.ReadBool("delta mode"))
            {
                int c = r.Count(length, 1);
                ulong last = 0;
                for (int j = 0; j < c; ++j)
                {
                    int i = ChangedIndex(r, k, ref last);
                    T e = v[i];
                    if (e == null) { e = codec.Create(); v[i] = e; }
                    ReadElementDelta(r, e, i, codec);
                }
            }
            else
            {
                for (int i = 0; i < k; ++i)
                {
                    if (!r.ReadBool("changed bit")) continue;
                    T e = v[i];
                    if (e == null) { e = codec.Create(); v[i] = e; }
                    ReadElementDelta(r, e, i, codec);
                }
            }
            for (int i = k; i < count; ++i)
            {
                T e = v[i];
                if (e == null) { e = codec.Create(); v[i] = e; }
                try { codec.Read(r, e); }
                catch (DecodeException ex) { ex.InIndex(i); throw; }
            }
        }

        /// <summary>Applies a fixed array's element delta in place (changedCount: ranged over [0, size]).</summary>
        public static void ReadArrayDelta<T, C>(BitReader r, T[] v, PackedLength changedCount, C codec)
            where T : class where C : struct, IPackedMessage<T>
        {
            int k = v.Length;
            if (r.ReadBool("delta mode"))
            {
                int c = r.Count(changedCount, 1);
                ulong last = 0;
                for (int j = 0; j < c; ++j)
                {
                    int i = ChangedIndex(r, k, ref last);
                    T e = v[i];
                    if (e == null) { e = codec.Create(); v[i] = e; }
                    ReadElementDelta(r, e, i, codec);
                }
            }
            else
            {
                for (int i = 0; i < k; ++i)
                {
                    if (!r.ReadBool("changed bit")) continue;
                    T e = v[i];
                    if (e == null) { e = codec.Create(); v[i] = e; }
                    ReadElementDelta(r, e, i, codec);
                }
            }
        }

        /// <summary>A sparse delta's next changed index (its gap from the previous one), below k.</summary>
        private static int ChangedIndex(BitReader r, int k, ref ulong last)
        {
            long at = r.BitOffset;
            ulong gap = r.Golomb();
            if (gap > (ulong)k - last)
                throw BitReader.Error(at, "changed element index " + U(unchecked(last - 1 + gap)) + " is past the " + S(k) +
                                          " elements the baseline shares");
            int i = (int)(last - 1 + gap);
            last = (ulong)i + 1;
            return i;
        }

        private static void ReadElementDelta<T, C>(BitReader r, T e, int i, C codec) where T : class where C : struct, IPackedMessage<T>
        {
            try { codec.ReadDelta(r, e); }
            catch (DecodeException ex) { ex.InIndex(i); throw; }
        }

        private static string S(long v) { return v.ToString(CultureInfo.InvariantCulture); }
        private static string U(ulong v) { return v.ToString(CultureInfo.InvariantCulture); }

        // ------------------------------------------------------------------ whole payloads
        // (the generated Serialize / Deserialize call these after PaktCheck; `name` is the message's)

        private static void WriteTop<T, C>(BitWriter w, T value, T baseline, bool delta, C codec, string name) where T : class where C : struct, IPackedMessage<T>
        {
            try
            {
                if (delta) codec.WriteDelta(w, value, baseline);
                else codec.Write(w, value);
            }
            catch (EncodeException e)
            {
                e.InField(name);
                throw;
            }
            w.Finish();
        }

        /// <summary>The payload as a new array (the bits go to a per-thread buffer first).</summary>
        public static byte[] ToBytes<T, C>(T value, T baseline, bool delta, C codec, string name) where T : class where C : struct, IPackedMessage<T>
        {
            BitWriter w = Scratch.BitWriter;
            byte[] buffer = Scratch.PackedBuffer(0);
            w.Reset(buffer, 0);
            WriteTop(w, value, baseline, delta, codec, name);
            int n = w.ByteCount;
            if (w.Overflowed)
            {
                buffer = Scratch.PackedBuffer(n);
                w.Reset(buffer, 0);
                WriteTop(w, value, baseline, delta, codec, name);
            }
            byte[] result = new byte[n];
            Buffer.BlockCopy(buffer, 0, result, 0, n);
            return result;
        }

        /// <summary>Writes into buffer at offset; returns the bytes written. Allocates nothing.</summary>
        public static int ToBuffer<T, C>(T value, T baseline, bool delta, byte[] buffer, int offset, C codec, string name)
            where T : class where C : struct, IPackedMessage<T>
        {
            if (buffer == null) throw new ArgumentNullException("buffer");
            if (offset < 0 || offset > buffer.Length) throw new ArgumentOutOfRangeException("offset");
            BitWriter w = Scratch.BitWriter;
            w.Reset(buffer, offset);
            WriteTop(w, value, baseline, delta, codec, name);
            if (w.Overflowed)
                throw new EncodeException(name, "needs " + S(w.ByteCount) + " bytes, buffer holds " + S(buffer.Length - offset));
            return w.ByteCount;
        }

        /// <summary>The bytes the payload takes (one pass that writes nothing).</summary>
        public static int Size<T, C>(T value, T baseline, bool delta, C codec, string name) where T : class where C : struct, IPackedMessage<T>
        {
            BitWriter w = Scratch.BitWriter;
            w.Reset(null, 0);
            WriteTop(w, value, baseline, delta, codec, name);
            return w.ByteCount;
        }

        /// <summary>Decodes count bytes at offset into `into`; a delta applies to a copy of the
        /// baseline in `into` (into may be the baseline: in place).</summary>
        public static void FromBytes<T, C>(byte[] data, int offset, int count, T baseline, bool delta, T into, C codec,
                                        string name) where T : class where C : struct, IPackedMessage<T>
        {
            if (into == null) throw new ArgumentNullException("into");
            BitReader r = Scratch.BitReader;
            r.Reset(data, offset, count);
            if (delta && !ReferenceEquals(into, baseline)) codec.Copy(baseline, into);
            try
            {
                if (delta) codec.ReadDelta(r, into);
                else codec.Read(r, into);
                r.Finish();
            }
            catch (DecodeException e)
            {
                e.InField(name);
                throw;
            }
        }

        /// <summary>Copies a message through its compact bytes (exact: floats by their bits), in
        /// per-thread buffers: what IPackedMessage.Copy does for the generated messages.</summary>
        public static byte[] CopyBuffer(int n) { return Scratch.CopyBuffer(n); }
    }

    /// <summary>The changed elements' indices of the list deltas being written: a stack, as a changed
    /// element's own lists push theirs above (Top goes back when a list is done).</summary>
    public sealed class ChangedIndices
    {
        public int[] Items = new int[64];
        public int Top;

        public void Push(int i)
        {
            if (Top == Items.Length) Array.Resize(ref Items, Items.Length * 2);
            Items[Top++] = i;
        }
    }

    /// <summary>Per-thread scratch objects so Serialize / Deserialize allocate nothing of their own.</summary>
    public static class Scratch
    {
        [ThreadStatic] private static Writer _writer;
        [ThreadStatic] private static Reader _reader;
        [ThreadStatic] private static BitWriter _bitWriter;
        [ThreadStatic] private static BitReader _bitReader;
        [ThreadStatic] private static byte[] _packed;
        [ThreadStatic] private static byte[] _copy;
        [ThreadStatic] private static ChangedIndices _changed;

        public static Writer Writer { get { return _writer ?? (_writer = new Writer()); } }
        public static Reader Reader { get { return _reader ?? (_reader = new Reader()); } }
        public static BitWriter BitWriter { get { return _bitWriter ?? (_bitWriter = new BitWriter()); } }
        public static BitReader BitReader { get { return _bitReader ?? (_bitReader = new BitReader()); } }
        public static ChangedIndices Changed { get { return _changed ?? (_changed = new ChangedIndices()); } }

        /// <summary>The per-thread buffer packed payloads are written to first (at least n bytes).</summary>
        public static byte[] PackedBuffer(int n)
        {
            if (_packed == null || _packed.Length < n) _packed = new byte[Math.Max(Math.Max(n, 256), _packed == null ? 0 : _packed.Length * 2)];
            return _packed;
        }

        /// <summary>The per-thread buffer a baseline's compact bytes are copied through (at least n bytes).</summary>
        public static byte[] CopyBuffer(int n)
        {
            if (_copy == null || _copy.Length < n) _copy = new byte[Math.Max(Math.Max(n, 256), _copy == null ? 0 : _copy.Length * 2)];
            return _copy;
        }
    }
}

// ---------------------------------------------------------------------- replication (docs/replication.md)
// Snapshot replication of a `delta: true` message: a Sender per receiving peer and a Receiver, the same
// packets and acks as C++ pakt::replication and GDScript. No sockets: Encode gives a packet's bytes,
// Receive takes them. Every snapshot either side keeps is allocated at construction (history + 1
// objects of T); after that the buffer overloads allocate nothing for packets that are applied.
namespace Pakt.Replication
{
    /// <summary>What the Sender and Receiver need of a message: the generated M.ReplicationCodec of every
    /// `delta: true` message (its fingerprint and its packed entry points).</summary>
    public interface ICodec<T> where T : class
    {
        /// <summary>M.PaktFingerprint: the schema fingerprint of the message (`pakt describe`).</summary>
        ulong Fingerprint { get; }

        /// <summary>A new default message (the pools are filled with these).</summary>
        T Create();

        /// <summary>The bytes of the packed encoding (full) or of the packed delta against baseline.</summary>
        int Size(T value, T baseline, bool delta);

        /// <summary>M.Serialize(value[, baseline], buffer, offset, Format.Packed): checks, then writes.</summary>
        int Write(T value, T baseline, bool delta, byte[] buffer, int offset);

        /// <summary>M.Deserialize(data, offset, count[, baseline], into, Format.Packed); into is never baseline.</summary>
        void Read(byte[] data, int offset, int count, T baseline, bool delta, T into);
    }

    /// <summary>The wire format's constants and 16-bit tick order.</summary>
    public static class Wire
    {
        /// <summary>kind bits 0-1 of a full snapshot packet.</summary>
        public const byte Full = 1;
        /// <summary>kind bits 0-1 of a delta packet.</summary>
        public const byte Delta = 2;
        /// <summary>The kind byte of an ack.</summary>
        public const byte Ack = 3;
        /// <summary>kind bit 2: the 8-byte fingerprint follows the kind byte.</summary>
        public const byte HasFingerprint = 4;
        /// <summary>The bytes of an ack packet.</summary>
        public const int AckSize = 7;
        /// <summary>The most bytes a snapshot packet's header takes (kind, fingerprint, tick, baseline).</summary>
        public const int MaxHeaderSize = 13;
        /// <summary>The history both sides keep unless told otherwise.</summary>
        public const int DefaultHistory = 32;
        /// <summary>The largest history (ticks a side compares are then never half the circle apart).</summary>
        public const int MaxHistory = 255;

        /// <summary>Whether tick a is newer than b: (a - b) mod 65536 in 1..32767.</summary>
        public static bool IsNewer(ushort a, ushort b)
        {
            int d = (ushort)(a - b);
            return d >= 1 && d <= 32767;
        }

        internal static void Put16(byte[] b, int at, ushort v)
        {
            b[at] = (byte)v;
            b[at + 1] = (byte)(v >> 8);
        }

        internal static ushort Get16(byte[] b, int at) { return (ushort)(b[at] | (b[at + 1] << 8)); }

        internal static void Put32(byte[] b, int at, uint v)
        {
            for (int i = 0; i < 4; ++i) b[at + i] = (byte)(v >> (8 * i));
        }

        internal static uint Get32(byte[] b, int at)
        {
            return (uint)(b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24));
        }

        internal static void Put64(byte[] b, int at, ulong v)
        {
            for (int i = 0; i < 8; ++i) b[at + i] = (byte)(v >> (8 * i));
        }

        internal static ulong Get64(byte[] b, int at)
        {
            ulong v = 0;
            for (int i = 7; i >= 0; --i) v = (v << 8) | b[at + i];
            return v;
        }

        internal static string Hex(ulong v) { return "0x" + v.ToString("x16", CultureInfo.InvariantCulture); }

        internal static string S(long v) { return v.ToString(CultureInfo.InvariantCulture); }

        internal static void CheckRange(byte[] data, int offset, int count)
        {
            if (data == null) throw new ArgumentNullException("data");
            if (offset < 0 || count < 0 || offset > data.Length || count > data.Length - offset)
                throw new ArgumentOutOfRangeException("count");
        }

        internal static int CheckHistory(int history)
        {
            if (history < 1 || history > MaxHistory)
                throw new ArgumentOutOfRangeException("history", "the history is 1.." + S(MaxHistory) + " snapshots, not " + S(history));
            return history;
        }
    }

    /// <summary>The last `history` snapshots a side holds, newest last, in objects allocated once; plus
    /// one spare object that a new snapshot is decoded into before it takes the oldest one's place.</summary>
    internal sealed class History<T> where T : class
    {
        private readonly T[] _values;
        private readonly ushort[] _ticks;
        private readonly bool[] _acked;
        private int _newest = -1;  // slot of the newest snapshot
        private int _count;

        public T Spare;

        public History(ICodec<T> codec, int history)
        {
            _values = new T[history];
            _ticks = new ushort[history];
            _acked = new bool[history];
            for (int i = 0; i < history; ++i) _values[i] = codec.Create();
            Spare = codec.Create();
        }

        public int Count { get { return _count; } }

        /// <summary>The slot of the i-th newest snapshot (0: the newest), i &lt; Count.</summary>
        public int Slot(int i)
        {
            int s = _newest - i;
            return s < 0 ? s + _values.Length : s;
        }

        public T Value(int slot) { return _values[slot]; }
        public ushort TickAt(int slot) { return _ticks[slot]; }
        public bool Acked(int slot) { return _acked[slot]; }
        public void MarkAcked(int slot) { _acked[slot] = true; }

        /// <summary>The slot holding tick (the newest such), or -1.</summary>
        public int Find(ushort tick)
        {
            for (int i = 0; i < _count; ++i)
            {
                int s = Slot(i);
                if (_ticks[s] == tick) return s;
            }
            return -1;
        }

        /// <summary>Spare becomes the newest snapshot at tick; the oldest one's object (when the history
        /// is full) becomes Spare.</summary>
        public void Push(ushort tick)
        {
            int s = _newest + 1 == _values.Length ? 0 : _newest + 1;
            T old = _values[s];
            _values[s] = Spare;
            Spare = old;
            _ticks[s] = tick;
            _acked[s] = false;
            _newest = s;
            if (_count < _values.Length) ++_count;
        }

        public void Clear()
        {
            _count = 0;
            _newest = -1;
        }
    }

    /// <summary>One receiving peer's sender (docs/replication.md): deltas against the newest snapshot that
    /// peer acknowledged, full snapshots until it acknowledges one. Not thread-safe.</summary>
    public sealed class Sender<T> where T : class
    {
        private readonly ICodec<T> _codec;
        private readonly History<T> _history;
        private bool _ackAccepted;

        /// <summary>A sender of M: new Sender&lt;M&gt;(M.ReplicationCodec); history 1..255 (default 32),
        /// the receiver's too.</summary>
        public Sender(ICodec<T> codec, int history = Wire.DefaultHistory)
        {
            if (codec == null) throw new ArgumentNullException("codec");
            _codec = codec;
            HistorySize = Wire.CheckHistory(history);
            _history = new History<T>(codec, history);
        }

        public int HistorySize { get; private set; }

        /// <summary>Whether a tick was encoded.</summary>
        public bool HasSnapshot { get { return _history.Count != 0; } }

        /// <summary>The last tick encoded (HasSnapshot).</summary>
        public ushort Tick { get { return _history.TickAt(_history.Slot(0)); } }

        /// <summary>What the receiver holds after applying the last packet (the sender's own decode of
        /// it); null before the first. Do not change it: it may be the next delta's baseline.</summary>
        public T Snapshot { get { return HasSnapshot ? _history.Value(_history.Slot(0)) : null; } }

        /// <summary>Whether the last packet was a full snapshot (else a delta against LastBaseline).</summary>
        public bool LastWasFull { get; private set; }

        /// <summary>The tick the last packet is a delta against (when !LastWasFull).</summary>
        public ushort LastBaseline { get; private set; }

        /// <summary>Whether an ack named a tick the sender held: deltas then stop carrying the fingerprint.</summary>
        public bool AckAccepted { get { return _ackAccepted; } }

        /// <summary>Whether tick is held and was acknowledged (a baseline candidate).</summary>
        public bool IsAcked(ushort tick)
        {
            int s = _history.Find(tick);
            return s >= 0 && _history.Acked(s);
        }

        /// <summary>The newest acknowledged snapshot held (its slot), or -1.</summary>
        private int Baseline()
        {
            for (int i = 0; i < _history.Count; ++i)
            {
                int s = _history.Slot(i);
                if (_history.Acked(s)) return s;
            }
            return -1;
        }

        private void CheckTick(ushort tick)
        {
            if (HasSnapshot && !Wire.IsNewer(tick, Tick))
                throw new ArgumentOutOfRangeException("tick", "tick " + Wire.S(tick) + " is not newer than the last one encoded, " + Wire.S(Tick));
        }

        private int HeaderSize(int baseline)
        {
            return 3 + (baseline < 0 || !_ackAccepted ? 8 : 0) + (baseline < 0 ? 0 : 2);
        }

        /// <summary>The packet of snapshot at tick (newer than the last one encoded) as a new array. An
        /// encode error (Pakt.EncodeException) changes nothing.</summary>
        public byte[] Encode(ushort tick, T snapshot)
        {
            if (snapshot == null) throw new ArgumentNullException("snapshot");
            CheckTick(tick);
            int b = Baseline();
            int n = HeaderSize(b) + _codec.Size(snapshot, b < 0 ? null : _history.Value(b), b >= 0);
            byte[] packet = new byte[n];
            Encode(tick, snapshot, packet, 0);
            return packet;
        }

        /// <summary>Writes the packet of snapshot at tick into buffer at offset; returns its bytes.
        /// Allocates nothing. An encode error (Pakt.EncodeException, a buffer too small too) changes
        /// nothing: no tick is used up.</summary>
        public int Encode(ushort tick, T snapshot, byte[] buffer, int offset)
        {
            if (snapshot == null) throw new ArgumentNullException("snapshot");
            if (buffer == null) throw new ArgumentNullException("buffer");
            if (offset < 0 || offset > buffer.Length) throw new ArgumentOutOfRangeException("offset");
            CheckTick(tick);
            int b = Baseline();
            bool delta = b >= 0;
            T baseline = delta ? _history.Value(b) : null;
            int header = HeaderSize(b);
            if (buffer.Length - offset < header)
                throw new EncodeException("needs " + Wire.S(header + _codec.Size(snapshot, baseline, delta)) + " bytes, buffer holds " +
                                          Wire.S(buffer.Length - offset));
            // The payload first: an encode error leaves the buffer's header bytes and every state alone.
            int payload;
            try
            {
                payload = _codec.Write(snapshot, baseline, delta, buffer, offset + header);
            }
            catch (EncodeException e)
            {
                if (e.Reason.StartsWith("needs ", StringComparison.Ordinal))  // the buffer: the packet's size
                    throw new EncodeException("needs " + Wire.S(header + _codec.Size(snapshot, baseline, delta)) +
                                                      " bytes, buffer holds " + Wire.S(buffer.Length - offset));
                throw;
            }
            int at = offset;
            bool fingerprint = !delta || !_ackAccepted;
            buffer[at++] = (byte)((delta ? Wire.Delta : Wire.Full) | (fingerprint ? Wire.HasFingerprint : 0));
            if (fingerprint)
            {
                Wire.Put64(buffer, at, _codec.Fingerprint);
                at += 8;
            }
            Wire.Put16(buffer, at, tick);
            at += 2;
            if (delta)
            {
                Wire.Put16(buffer, at, _history.TickAt(b));
                at += 2;
            }
            // Keep what the receiver will hold: the payload decoded against the same baseline.
            _codec.Read(buffer, at, payload, baseline, delta, _history.Spare);
            LastWasFull = !delta;
            LastBaseline = delta ? _history.TickAt(b) : (ushort)0;
            _history.Push(tick);
            return header + payload;
        }

        /// <summary>Takes an ack from the receiver: marks the ticks it names that are held as baselines;
        /// ignores the others (never sent, evicted, forged). Returns whether it named a held tick. A
        /// malformed ack is a Pakt.DecodeException ("offset N: ...") and changes nothing.</summary>
        public bool ReceiveAck(byte[] data, int offset, int count)
        {
            Wire.CheckRange(data, offset, count);
            if (count == 0) throw new DecodeException(0, "truncated ack: no kind byte");
            if (data[offset] != Wire.Ack) throw new DecodeException(0, "kind " + Wire.S(data[offset]) + " is not an ack (3)");
            if (count != Wire.AckSize)
                throw new DecodeException(count < Wire.AckSize ? count : Wire.AckSize,
                                          "an ack is " + Wire.S(Wire.AckSize) + " bytes, not " + Wire.S(count));
            ushort newest = Wire.Get16(data, offset + 1);
            uint previous = Wire.Get32(data, offset + 3);
            bool named = false;
            for (int i = 0; i < _history.Count; ++i)
            {
                int s = _history.Slot(i);
                ushort t = _history.TickAt(s);
                int d = (ushort)(newest - 1 - t);
                if (t == newest || (d < 32 && (previous & (1u << d)) != 0))
                {
                    _history.MarkAcked(s);
                    named = true;
                }
            }
            if (named) _ackAccepted = true;
            return named;
        }

        /// <summary>ReceiveAck of a whole array.</summary>
        public bool ReceiveAck(byte[] ack)
        {
            if (ack == null) throw new ArgumentNullException("ack");
            return ReceiveAck(ack, 0, ack.Length);
        }
    }

    /// <summary>The receiving side (docs/replication.md): applies snapshot packets newer than the newest
    /// applied whose baseline it holds, and gives the ack to send back. A refused packet is a
    /// Pakt.DecodeException ("offset N: ...", N an offset in the packet) and changes nothing. Not
    /// thread-safe.</summary>
    public sealed class Receiver<T> where T : class
    {
        private readonly ICodec<T> _codec;
        private readonly History<T> _history;
        private bool _verified;
        private uint _applied;  // bit i: tick Tick - 1 - i was applied

        /// <summary>A receiver of M: new Receiver&lt;M&gt;(M.ReplicationCodec); the sender's history.</summary>
        public Receiver(ICodec<T> codec, int history = Wire.DefaultHistory)
        {
            if (codec == null) throw new ArgumentNullException("codec");
            _codec = codec;
            HistorySize = Wire.CheckHistory(history);
            _history = new History<T>(codec, history);
        }

        public int HistorySize { get; private set; }

        /// <summary>Whether a packet was applied.</summary>
        public bool HasSnapshot { get { return _history.Count != 0; } }

        /// <summary>The newest applied tick (HasSnapshot).</summary>
        public ushort Tick { get { return _history.TickAt(_history.Slot(0)); } }

        /// <summary>The newest applied snapshot; null before the first. Read it (or copy it) before the
        /// next Receive: its object is reused once it leaves the history. Do not change it.</summary>
        public T Snapshot { get { return HasSnapshot ? _history.Value(_history.Slot(0)) : null; } }

        /// <summary>Whether a packet with this schema's fingerprint was applied (packets without one are
        /// refused until then).</summary>
        public bool FingerprintVerified { get { return _verified; } }

        /// <summary>Applies the packet (count bytes at offset) and writes the 7-byte ack to send back at
        /// ack[ackOffset]; returns 7. Allocates nothing. Refused: Pakt.DecodeException, nothing changed
        /// and no ack written.</summary>
        public int Receive(byte[] data, int offset, int count, byte[] ack, int ackOffset)
        {
            Wire.CheckRange(data, offset, count);
            if (ack == null) throw new ArgumentNullException("ack");
            if (ackOffset < 0 || ackOffset > ack.Length || ack.Length - ackOffset < Wire.AckSize)
                throw new ArgumentOutOfRangeException("ackOffset", "the ack needs " + Wire.S(Wire.AckSize) + " bytes");
            if (count == 0) throw new DecodeException(0, "truncated packet: no kind byte");
            int kindByte = data[offset];
            if ((kindByte >> 3) != 0)
                throw new DecodeException(0, "format version " + Wire.S(kindByte >> 3) + " (kind " + Wire.S(kindByte) + "), this receiver reads 0");
            int kind = kindByte & 3;
            if (kind != Wire.Full && kind != Wire.Delta)
                throw new DecodeException(0, "kind " + Wire.S(kindByte) + " is not a snapshot packet (kind bits 1 full, 2 delta)");
            bool delta = kind == Wire.Delta;
            bool fingerprint = (kindByte & Wire.HasFingerprint) != 0;
            int at = 1;
            if (fingerprint)
            {
                if (count < at + 8) throw new DecodeException(count, "truncated fingerprint: needs 8 bytes, " + Wire.S(count - at) + " remain");
                ulong f = Wire.Get64(data, offset + at);
                if (f != _codec.Fingerprint)
                    throw new DecodeException(at, "fingerprint " + Wire.Hex(f) + " is not this schema's " + Wire.Hex(_codec.Fingerprint));
                at += 8;
            }
            else if (!_verified)
            {
                throw new DecodeException(0, "a packet without fingerprint before one with this schema's fingerprint was applied");
            }
            int header = at + (delta ? 4 : 2);
            if (count < header)
                throw new DecodeException(count, "truncated " + (count < at + 2 ? "tick" : "baseline tick") + ": the header needs " +
                                                 Wire.S(header) + " bytes, the packet has " + Wire.S(count));
            ushort tick = Wire.Get16(data, offset + at);
            if (HasSnapshot && !Wire.IsNewer(tick, Tick))
                throw new DecodeException(at, "tick " + Wire.S(tick) + " is not newer than the newest applied, " + Wire.S(Tick) +
                                              (tick == Tick ? " (a duplicate)" : " (stale)"));
            T baseline = null;
            if (delta)
            {
                ushort b = Wire.Get16(data, offset + at + 2);
                int s = _history.Find(b);
                if (s < 0) throw new DecodeException(at + 2, "baseline tick " + Wire.S(b) + " is not held (never applied, evicted or in the future)");
                baseline = _history.Value(s);
            }
            try
            {
                _codec.Read(data, offset + header, count - header, baseline, delta, _history.Spare);
            }
            catch (DecodeException e)
            {
                // the payload's offset in the packet (its "(bit N)" is within the payload)
                throw new DecodeException(header + e.Offset, e.Path, e.Reason);
            }
            if (HasSnapshot)
            {
                // the ticks applied among the 32 before the new newest (not only those still held)
                int advance = (ushort)(tick - Tick);
                _applied = advance > 32 ? 0u : advance == 32 ? 1u << 31 : (_applied << advance) | (1u << (advance - 1));
            }
            _history.Push(tick);
            if (fingerprint) _verified = true;
            WriteAck(ack, ackOffset);
            return Wire.AckSize;
        }

        /// <summary>Receive of a whole packet; returns the ack as a new array.</summary>
        public byte[] Receive(byte[] packet)
        {
            if (packet == null) throw new ArgumentNullException("packet");
            byte[] ack = new byte[Wire.AckSize];
            Receive(packet, 0, packet.Length, ack, 0);
            return ack;
        }

        /// <summary>The ack of the current state (the newest applied tick and the 32 before it); nothing
        /// before the first packet. Acks are idempotent: this is what the last Receive wrote.</summary>
        public int WriteAck(byte[] ack, int ackOffset)
        {
            if (!HasSnapshot) throw new ArgumentException("no snapshot was applied: nothing to acknowledge", "ack");
            ack[ackOffset] = Wire.Ack;
            Wire.Put16(ack, ackOffset + 1, Tick);
            Wire.Put32(ack, ackOffset + 3, _applied);
            return Wire.AckSize;
        }
    }
}
