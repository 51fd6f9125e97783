// Issue 30's reports against the generated C# (run by run_csharp_tests.py user, compiled with mcs together
// with the generated C# of tests/csharp/schemas/*.yaml and PhotonStandIn.cs, run with mono):
//   UserTest.exe CASES
// CASES: lines the driver made with the tool's run-time codec (`pakt encode` / `pakt decode`, the C++
// dynamic codec: another implementation than the generated C#), one check each:
//   default <C# type> <format> <hex>         `pakt encode` of {}: Serialize(new T(), format) writes these bytes
//   value   <C# type> <format> <hex> <json>  C# decodes the bytes to this JSON (`pakt decode --style unity`)
//                                            and encodes the decoded value to the same bytes
//   error   <C# type> <format> <hex> <text>  C# refuses the bytes with a DecodeException whose Message is
//                                            `pakt decode`'s error text ("offset N: path: reason")
// and, without input, the PUN2 glue's RegisterTypes() against the Photon stand-in, and the replication
// layer's rules (ReplicationTest.cs, on tests/schemas/packed_delta.yaml's Room).
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text;

static class UserTest
{
    static int failures;

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

    static object Call(Type t, string name, Type[] signature, params object[] args)
    {
        MethodInfo m = t.GetMethod(name, signature);
        if (m == null) throw new Exception(t.FullName + " has no " + name);
        try { return m.Invoke(null, args); }
        catch (TargetInvocationException e) { throw e.InnerException; }
    }

    static byte[] Serialize(Type t, object v, Pakt.Format f) { return (byte[])Call(t, "Serialize", new[] { t, typeof(Pakt.Format) }, v, f); }
    static object Deserialize(Type t, byte[] b, Pakt.Format f) { return Call(t, "Deserialize", new[] { typeof(byte[]), typeof(Pakt.Format) }, b, f); }
    static string ToJson(Type t, object v) { return (string)Call(t, "ToJson", new[] { t }, v); }
    static int Size(Type t, object v, Pakt.Format f) { return (int)Call(t, "SerializedSize", new[] { t, typeof(Pakt.Format) }, v, f); }

    static Pakt.Format FormatOf(string name)
    {
        if (name == "compact") return Pakt.Format.Compact;
        if (name == "mslima") return Pakt.Format.Mslima;
        if (name == "packed") return Pakt.Format.Packed;
        throw new Exception("unknown format " + name);
    }

    static void CheckCases(string path)
    {
        var counts = new SortedDictionary<string, int>();
        foreach (string line in File.ReadAllLines(path, Encoding.UTF8))
        {
            string[] p = line.Split('\t');
            Type t = Type.GetType(p[1]);
            if (t == null) { Fail("no C# type " + p[1]); continue; }
            Pakt.Format f = FormatOf(p[2]);
            string key = p[1] + " " + p[2];
            try
            {
                if (p[0] == "default")
                {
                    // The parameterless constructor's value is the schema's defaults, byte for byte.
                    object v = Activator.CreateInstance(t);
                    string got = Hex(Serialize(t, v, f));
                    if (got != p[3]) { Fail(key + ": new " + t.Name + "() encodes as\n  C#:          " + got + "\n  pakt encode: " + p[3]); continue; }
                    if (Size(t, v, f) != p[3].Length / 2) { Fail(key + ": SerializedSize(new " + t.Name + "()) is " + Size(t, v, f)); continue; }
                    // Decoding the defaults' bytes gives what the constructor holds.
                    string json = ToJson(t, Deserialize(t, FromHex(p[3]), f));
                    if (json != ToJson(t, v)) { Fail(key + ": the defaults decode to " + json + ", new " + t.Name + "() is " + ToJson(t, v)); continue; }
                }
                else if (p[0] == "value")
                {
                    object v = Deserialize(t, FromHex(p[3]), f);
                    string json = ToJson(t, v);
                    if (json != p[4]) { Fail(key + ": " + p[3] + " decodes to\n  C#:          " + json + "\n  pakt decode: " + p[4]); continue; }
                    string again = Hex(Serialize(t, v, f));
                    if (again != p[3]) { Fail(key + ": re-encoded\n  C#:          " + again + "\n  pakt encode: " + p[3]); continue; }
                }
                else if (p[0] == "error")
                {
                    string got;
                    try
                    {
                        Deserialize(t, FromHex(p[3]), f);
                        got = "(no error)";
                    }
                    catch (Pakt.DecodeException e) { got = e.Message; }
                    if (got != p[4]) { Fail(key + ": " + p[3] + " is refused with\n  C#:          " + got + "\n  pakt decode: " + p[4]); continue; }
                }
                else
                {
                    Fail("unknown case " + p[0]);
                    continue;
                }
            }
            catch (Exception e)
            {
                Fail(key + ": " + p[0] + " " + p[3] + " threw " + e.GetType().Name + ": " + e.Message);
                continue;
            }
            string k = p[0] + " " + key;
            int n;
            counts.TryGetValue(k, out n);
            counts[k] = n + 1;
        }
        var kinds = new SortedDictionary<string, int>();
        foreach (var kv in counts)
        {
            string kind = kv.Key.Substring(0, kv.Key.IndexOf(' '));
            int n;
            kinds.TryGetValue(kind, out n);
            kinds[kind] = n + kv.Value;
        }
        Console.WriteLine("C# = pakt encode / decode: " + kinds.GetValueOrDefault("default") + " default-constructed values (bytes, size, decode), " +
                          kinds.GetValueOrDefault("value") + " values (decode, ToJson, re-encode), " +
                          kinds.GetValueOrDefault("error") + " refused payloads (the same \"offset N: ...\" text), over " +
                          counts.Count + " message/format pairs");
    }

    static int GetValueOrDefault(this SortedDictionary<string, int> d, string key)
    {
        int n;
        return d.TryGetValue(key, out n) ? n : 0;
    }

    // The PUN2 glue: RegisterTypes() throws, naming the type and the code, when PhotonPeer.RegisterType
    // returns false; a second call after a successful one does nothing.
    static void CheckRegisterTypes()
    {
        var registered = ExitGames.Client.Photon.PhotonPeer.Registered;
        registered.Clear();
        Collide.System.List.PaktPunCollisions.RegisterTypes();
        if (!registered.ContainsKey(0xE1) || registered[0xE1].Type != typeof(Collide.System.List.Weapon) ||
            !registered.ContainsKey(0xE2) || registered[0xE2].Type != typeof(Collide.System.List.Locals))
        {
            Fail("PaktPunCollisions.RegisterTypes() did not register Weapon under 0xE1 and Locals under 0xE2");
        }
        try { Collide.System.List.PaktPunCollisions.RegisterTypes(); }
        catch (Exception e) { Fail("a second RegisterTypes() threw " + e.Message); }

        const string expected = "PUN custom type code 225 of Pakt.Test.Duplicate.Clash is taken: PhotonPeer.RegisterType " +
                                "returned false (the code or the type is registered already)";
        for (int attempt = 0; attempt < 2; ++attempt)  // a failed registration is not remembered as done
        {
            try
            {
                Pakt.Test.Duplicate.PaktPunDuplicateCode.RegisterTypes();
                Fail("PaktPunDuplicateCode.RegisterTypes() registered 0xE1 twice without an exception");
            }
            catch (InvalidOperationException e)
            {
                if (e.Message != expected) Fail("RegisterTypes() threw\n  " + e.Message + "\nexpected\n  " + expected);
            }
        }
        if (registered[0xE1].Type != typeof(Collide.System.List.Weapon)) Fail("the clash replaced Weapon's registration");

        // A code PUN registers itself ('Q' Quaternion, by PhotonNetwork at start-up): the same exception.
        registered.Clear();
        ExitGames.Client.Photon.PhotonPeer.RegisterType(typeof(Pakt.Quaternion), 0xE3, null, null);
        try
        {
            Pakt.Test.Duplicate.PaktPunDuplicateCode.RegisterTypes();
            Fail("RegisterTypes() did not throw on a code Photon holds");
        }
        catch (InvalidOperationException e)
        {
            if (!e.Message.StartsWith("PUN custom type code 227 of Pakt.Test.Duplicate.Fine is taken", StringComparison.Ordinal))
                Fail("RegisterTypes() threw " + e.Message);
        }
        if (failures == 0)
        {
            Console.WriteLine("PUN2 glue (Photon stand-in): RegisterTypes() registers, a second call does nothing, a taken code throws: " +
                              expected);
        }
    }

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: UserTest.exe CASES");
            return 2;
        }
        CheckCases(args[0]);
        CheckRegisterTypes();
        failures += ReplicationTest.Run();
        if (failures != 0)
        {
            Console.Error.WriteLine(failures + " failures");
            return 1;
        }
        return 0;
    }
}
