// A minimal stand-in for the parts of Photon's ExitGames.Client.Photon that the generated PUN2 glue
// (RegisterTypes(), under #if PUN_2_OR_NEWER) uses: only the signatures, as PUN 2 declares them.
// Photon's assembly is not available here; this lets the glue be compiled and run in the tests.
using System;
using System.Collections.Generic;

namespace ExitGames.Client.Photon
{
    public delegate short SerializeStreamMethod(StreamBuffer outStream, object customObject);
    public delegate object DeserializeStreamMethod(StreamBuffer inStream, short length);

    public class StreamBuffer
    {
        private readonly List<byte> _bytes = new List<byte>();
        private int _position;

        public StreamBuffer() { }
        public StreamBuffer(byte[] buf) { _bytes.AddRange(buf); }

        public void Write(byte[] buffer, int srcOffset, int count)
        {
            for (int i = 0; i < count; ++i) _bytes.Add(buffer[srcOffset + i]);
        }

        public int Read(byte[] buffer, int dstOffset, int count)
        {
            int n = Math.Min(count, _bytes.Count - _position);
            for (int i = 0; i < n; ++i) buffer[dstOffset + i] = _bytes[_position + i];
            _position += n;
            return n;
        }

        public byte[] ToArray() { return _bytes.ToArray(); }
    }

    public class PhotonPeer
    {
        public sealed class Registration
        {
            public Type Type;
            public SerializeStreamMethod Serialize;
            public DeserializeStreamMethod Deserialize;
        }

        public static readonly Dictionary<byte, Registration> Registered = new Dictionary<byte, Registration>();

        // As Photon's Protocol.TryRegisterType: false (and nothing registered) when the code or the type
        // is registered already (PUN itself registers 'W' Vector2, 'V' Vector3, 'Q' Quaternion, 'P' Player).
        public static bool RegisterType(Type customType, byte code, SerializeStreamMethod serializeMethod,
                                        DeserializeStreamMethod constructor)
        {
            if (Registered.ContainsKey(code)) return false;
            foreach (Registration r in Registered.Values)
            {
                if (r.Type == customType) return false;
            }
            Registered[code] = new Registration { Type = customType, Serialize = serializeMethod, Deserialize = constructor };
            return true;
        }
    }
}
