// The C# client of replication_soak (--external-client): a Pakt.Replication.Receiver over a UDP
// socket on 127.0.0.1. It prints "port N" on its first line, then answers every datagram it gets,
// to the address it came from:
//   applied: the 7-byte ack, the FNV-1a 64 of the compact encoding of receiver.Snapshot (8 bytes,
//            little-endian) and the applied packet's kind byte: 16 bytes;
//   refused: 0xF0 (state unchanged) or 0xF1 (the refusal changed the receiver's tick or snapshot),
//            then the refusal's message in UTF-8.
// An empty datagram ends it.
//
//   mono SoakClient.exe cubes|players
using System;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Pakt.Bench.Snapshot;

static class SoakClient
{
    sealed class Client<T> where T : class
    {
        readonly Pakt.Replication.Receiver<T> _receiver;
        readonly Func<T, byte[]> _compact;
        ulong _digest;

        public Client(Pakt.Replication.ICodec<T> codec, Func<T, byte[]> compact)
        {
            _receiver = new Pakt.Replication.Receiver<T>(codec);
            _compact = compact;
        }

        ulong Digest()
        {
            ulong h = 0xCBF29CE484222325UL;
            foreach (byte b in _compact(_receiver.Snapshot)) h = (h ^ b) * 0x100000001B3UL;
            return h;
        }

        public int Answer(byte[] packet, int length, byte[] reply)
        {
            bool had = _receiver.HasSnapshot;
            ushort tick = had ? _receiver.Tick : (ushort)0;
            try
            {
                _receiver.Receive(packet, 0, length, reply, 0);
            }
            catch (Pakt.DecodeException e)
            {
                bool same = _receiver.HasSnapshot == had && (!had || (_receiver.Tick == tick && Digest() == _digest));
                reply[0] = (byte)(same ? 0xF0 : 0xF1);
                byte[] why = Encoding.UTF8.GetBytes(e.Message);
                int n = Math.Min(why.Length, reply.Length - 1);
                Array.Copy(why, 0, reply, 1, n);
                return 1 + n;
            }
            _digest = Digest();
            for (int i = 0; i < 8; ++i) reply[7 + i] = (byte)(_digest >> (8 * i));
            reply[15] = packet[0];
            return 16;
        }
    }

    static int Main(string[] args)
    {
        if (args.Length != 1 || (args[0] != "cubes" && args[0] != "players"))
        {
            Console.Error.WriteLine("usage: SoakClient.exe cubes|players");
            return 2;
        }
        Func<byte[], int, byte[], int> answer;
        if (args[0] == "cubes")
        {
            var c = new Client<CubeScene>(CubeScene.ReplicationCodec, m => CubeScene.Serialize(m));
            answer = c.Answer;
        }
        else
        {
            var c = new Client<PlayerSnapshot>(PlayerSnapshot.ReplicationCodec, m => PlayerSnapshot.Serialize(m));
            answer = c.Answer;
        }
        using (var socket = new Socket(AddressFamily.InterNetwork, SocketType.Dgram, ProtocolType.Udp))
        {
            socket.ReceiveBufferSize = 4 << 20;
            socket.Bind(new IPEndPoint(IPAddress.Loopback, 0));
            Console.Out.WriteLine("port " + ((IPEndPoint)socket.LocalEndPoint).Port);
            Console.Out.Flush();
            byte[] packet = new byte[65536];
            byte[] reply = new byte[1024];
            EndPoint from = new IPEndPoint(IPAddress.Loopback, 0);
            for (;;)
            {
                int n = socket.ReceiveFrom(packet, ref from);
                if (n == 0) return 0;
                int r = answer(packet, n, reply);
                socket.SendTo(reply, r, SocketFlags.None, from);
            }
        }
    }
}
