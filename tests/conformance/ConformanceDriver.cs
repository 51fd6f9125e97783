// The C# driver of the conformance run (tests/conformance/README.md): reads a request file, writes a
// response file. Dispatch.cs (written by drivers.py) registers each message's static entry points.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

sealed class Ops
{
    public Func<object> New;
    public Func<object, Pakt.Format, byte[]> Enc;
    public Func<byte[], Pakt.Format, object> Dec;
    public Func<object, Pakt.Format, int> Size;
    public Func<object, string> Json;
    public Func<object, object, byte[]> DeltaEnc;
    public Func<byte[], object, object> DeltaDec;
    public Func<byte[][], string, string> Replicate;  // op R: the replication scenario's tokens
}

static partial class ConformanceDriver
{
    static string Hex(byte[] b)
    {
        var s = new StringBuilder(b.Length * 2);
        foreach (var x in b) s.Append(x.ToString("x2"));
        return s.ToString();
    }

    static byte[] Bytes(string h)
    {
        var b = new byte[h.Length / 2];
        for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(h.Substring(2 * i, 2), 16);
        return b;
    }

    static Pakt.Format Fmt(string f)
    {
        return f == "mslima" ? Pakt.Format.Mslima : f == "packed" ? Pakt.Format.Packed : Pakt.Format.Compact;
    }

    // The decode error text of the C++ pakt::Status::to_string(): "offset N: Path: Reason".
    static string DecodeText(Pakt.DecodeException e)
    {
        return e.Message.StartsWith("offset ") ? e.Message : "offset " + e.Offset + ": " + e.Message;
    }

    static string OneLine(string s)
    {
        return s.Replace("\n", "\\n").Replace("\t", "\\t").Replace("\r", "\\r");
    }

    static string Handle(Ops o, string[] p)
    {
        string op = p[3];
        if (p[4] == "godot4" || p[4] == "godot3") return "NA";  // the Godot Variant formats: no C# codec
        var f = Fmt(p[4]);
        if (op == "N")
        {
            try { return "OK " + Hex(o.Enc(o.New(), f)); }
            catch (Pakt.EncodeException e) { return "ERR " + e.Message; }
        }
        if (op == "E" || op == "S" || op == "J")
        {
            object v;
            try { v = o.Dec(Bytes(p[5]), Pakt.Format.Compact); }
            catch (Pakt.DecodeException e) { return "BADINPUT " + DecodeText(e); }
            if (op == "J") return "OK " + o.Json(v);
            try
            {
                byte[] b = o.Enc(v, f);
                return op == "E" ? "OK " + Hex(b) : "OK " + o.Size(v, f);
            }
            catch (Pakt.EncodeException e) { return "ERR " + e.Message; }
        }
        if (op == "D")
        {
            try { return "OK " + Hex(o.Enc(o.Dec(Bytes(p[5]), f), Pakt.Format.Compact)); }
            catch (Pakt.DecodeException e) { return "ERR " + DecodeText(e); }
        }
        if ((op == "X" || op == "Y") && o.DeltaEnc != null)
        {
            object b;
            try { b = o.Dec(Bytes(p[5]), Pakt.Format.Compact); }
            catch (Pakt.DecodeException e) { return "BADINPUT " + DecodeText(e); }
            if (op == "X")
            {
                object v;
                try { v = o.Dec(Bytes(p[6]), Pakt.Format.Compact); }
                catch (Pakt.DecodeException e) { return "BADINPUT " + DecodeText(e); }
                try { return "OK " + Hex(o.DeltaEnc(v, b)); }
                catch (Pakt.EncodeException e) { return "ERR " + e.Message; }
            }
            try { return "OK " + Hex(o.Enc(o.DeltaDec(Bytes(p[6]), b), Pakt.Format.Compact)); }
            catch (Pakt.DecodeException e) { return "ERR " + DecodeText(e); }
        }
        if (op == "R" && o.Replicate != null)
        {
            string[] hex = (p[5] ?? "").Split(',');
            var values = new byte[hex.Length][];
            for (int i = 0; i < hex.Length; i++) values[i] = Bytes(hex[i]);
            try { return "OK " + o.Replicate(values, p[6] ?? ""); }
            catch (Pakt.DecodeException e) { return "BADINPUT " + DecodeText(e); }
        }
        return "NOOP";
    }

    // Op R (tests/conformance/README.md, "The replication scenario"): a Sender and a Receiver with a
    // history of 4; value i is encoded at tick (65533 + i) mod 65536 and the script's letter i says what
    // happens to its packet (o delivered, l lost, a delivered with its ack lost, d delivered twice, h held
    // back until after the next value's step). Tokens: P<packet> or E per value, then per delivery
    // A<ack>S<receiver's snapshot, compact> or X (refused). A value that does not decode is BADINPUT.
    static string Replicate<T>(Pakt.Replication.ICodec<T> codec, byte[][] values, string script,
                               Func<byte[], T> fromCompact, Func<T, byte[]> toCompact) where T : class
    {
        var decoded = new T[values.Length];
        for (int i = 0; i < values.Length; i++) decoded[i] = fromCompact(values[i]);
        var sender = new Pakt.Replication.Sender<T>(codec, 4);
        var receiver = new Pakt.Replication.Receiver<T>(codec, 4);
        var tokens = new List<string>();
        var held = new List<byte[]>();
        Action<byte[], bool> deliver = (packet, ackArrives) =>
        {
            byte[] ack;
            try { ack = receiver.Receive(packet); }
            catch (Pakt.DecodeException) { tokens.Add("X"); return; }
            tokens.Add("A" + Hex(ack) + "S" + Hex(toCompact(receiver.Snapshot)));
            if (ackArrives) sender.ReceiveAck(ack);
        };
        for (int i = 0; i < decoded.Length; i++)
        {
            char letter = i < script.Length ? script[i] : 'o';
            var tick = (ushort)((65533 + i) & 0xffff);
            byte[] packet = null;
            try { packet = sender.Encode(tick, decoded[i]); }
            catch (Pakt.EncodeException) { tokens.Add("E"); }
            var earlier = held.ToArray();  // held at an earlier step: delivered after this one
            held.Clear();
            if (packet != null)
            {
                tokens.Add("P" + Hex(packet));
                if (letter == 'o') deliver(packet, true);
                else if (letter == 'a') deliver(packet, false);
                else if (letter == 'd') { deliver(packet, true); deliver(packet, true); }
                else if (letter == 'h') held.Add(packet);
            }
            foreach (var h in earlier) deliver(h, true);
        }
        foreach (var h in held) deliver(h, true);
        return string.Join(",", tokens.ToArray());
    }

    static int Main(string[] args)
    {
        var table = new Dictionary<string, Ops>();
        Register(table);
        using (var output = new StreamWriter(args[1], false, new UTF8Encoding(false)))
        {
            foreach (var line in File.ReadLines(args[0], Encoding.UTF8))
            {
                if (line.Length == 0) continue;
                var p = line.Split('\t');
                if (p.Length < 7) Array.Resize(ref p, 7);
                string result;
                Ops o;
                if (!table.TryGetValue(p[1] + "\t" + p[2], out o)) result = "NOMESSAGE";
                else
                {
                    try { result = Handle(o, p); }
                    catch (Exception e) { result = "EXC " + e.GetType().Name + ": " + e.Message; }
                }
                output.Write(p[0] + "\t" + OneLine(result) + "\n");
            }
        }
        return 0;
    }
}
