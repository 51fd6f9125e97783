// `pakt sizes` compiles this with the C# back end's output for a schema into an assembly named
// Assembly-CSharp (as Unity names a project's scripts) and runs it under mono: for each message it
// decodes the example's compact bytes with the generated code, then writes the object with
// System.Runtime.Serialization.Formatters.Binary.BinaryFormatter and prints the byte count.
//
//   mono Assembly-CSharp.exe NAME FINGERPRINT PAYLOAD_FILE [NAME FINGERPRINT PAYLOAD_FILE]...
//
// One line per message: the size, or "n/a: <reason>". FINGERPRINT (hex, the generated
// PaktFingerprint) tells apart messages of the same name in different packages.
using System;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Runtime.Serialization.Formatters.Binary;

static class PaktBinaryFormatterSizes
{
    static int Main(string[] args)
    {
        if (args.Length % 3 != 0)
        {
            Console.Error.WriteLine("usage: NAME FINGERPRINT PAYLOAD_FILE...");
            return 2;
        }
        for (int i = 0; i < args.Length; i += 3)
        {
            Console.WriteLine(Measure(args[i], ulong.Parse(args[i + 1], NumberStyles.HexNumber), args[i + 2]));
        }
        return 0;
    }

    static string Measure(string name, ulong fingerprint, string payloadFile)
    {
        Type type = FindMessage(name, fingerprint);
        if (type == null) return "n/a: no generated class " + name + " with fingerprint " + fingerprint.ToString("X16");
        MethodInfo deserialize = type.GetMethod("Deserialize", new[] { typeof(byte[]), typeof(global::Pakt.Format) });
        object value = deserialize.Invoke(null, new object[] { File.ReadAllBytes(payloadFile), global::Pakt.Format.Compact });
        using (var stream = new MemoryStream())
        {
            try
            {
                new BinaryFormatter().Serialize(stream, value);
            }
            catch (System.Runtime.Serialization.SerializationException e)
            {
                return "n/a: " + e.Message.Replace('\n', ' ');
            }
            return stream.Length.ToString(CultureInfo.InvariantCulture);
        }
    }

    static Type FindMessage(string name, ulong fingerprint)
    {
        foreach (Type type in typeof(PaktBinaryFormatterSizes).Assembly.GetTypes())
        {
            if (type.Name != name || type.IsNested) continue;
            FieldInfo field = type.GetField("PaktFingerprint", BindingFlags.Public | BindingFlags.Static);
            if (field != null && field.IsLiteral && (ulong)field.GetRawConstantValue() == fingerprint) return type;
        }
        return null;
    }
}
