// The C# client of the replication example (README.md in the folder above): receives the arena
// server's snapshots with Pakt.Replication.Receiver<Arena> over a UdpClient and acknowledges each
// one it applies. Compile it with the generated code (`pakt generate --lang csharp`):
//
//   mcs -out:ArenaClient.exe ArenaClient.cs generated/*.cs && mono ArenaClient.exe [--host H] [--port P] [--verbose]
//
// It says hello until the first snapshot arrives, then applies every snapshot packet and sends back
// the ack the Receiver makes. On "bye" from the server (or after --timeout seconds without a
// packet) it prints a summary line: ticks applied, packets refused, full vs delta packets and
// bytes, and the last applied tick with the FNV-1a hash of its snapshot's packed encoding (the
// server prints the same hash of the last snapshot it sent: equal hashes, equal state).
using System;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using ReplicationExample;

public static class ArenaClient
{
    public static int Main(string[] args)
    {
        string host = "127.0.0.1";
        int port = 47400;
        double timeout = 10;
        bool verbose = false;
        for (int i = 0; i < args.Length; i++)
        {
            if (args[i] == "--host" && i + 1 < args.Length) host = args[++i];
            else if (args[i] == "--port" && i + 1 < args.Length) port = int.Parse(args[++i]);
            else if (args[i] == "--timeout" && i + 1 < args.Length) timeout = double.Parse(args[++i]);
            else if (args[i] == "--verbose") verbose = true;
            else
            {
                Console.Error.WriteLine("usage: ArenaClient.exe [--host H] [--port P] [--timeout S] [--verbose]");
                return 2;
            }
        }

        var udp = new UdpClient(host, port);   // "connected": only the server's datagrams arrive
        udp.Client.ReceiveTimeout = 500;         // ms: wake up to repeat the hello
        byte[] hello = Encoding.ASCII.GetBytes("hello");
        var receiver = new Pakt.Replication.Receiver<Arena>(Arena.ReplicationCodec);
        byte[] ack = new byte[Pakt.Replication.Wire.AckSize];

        int applied = 0, refused = 0, full = 0, delta = 0;
        long fullBytes = 0, deltaBytes = 0;
        bool bye = false;
        DateTime lastPacket = DateTime.UtcNow;
        udp.Send(hello, hello.Length);
        while (!bye && (DateTime.UtcNow - lastPacket).TotalSeconds < timeout)
        {
            byte[] data;
            try
            {
                IPEndPoint from = null;
                data = udp.Receive(ref from);
            }
            catch (SocketException e)
            {
                // No datagram for 500 ms, or the server's port is not open yet (then wait those
                // 500 ms here): hello again until the first snapshot; the server ignores repeats.
                if (e.SocketErrorCode != SocketError.TimedOut) Thread.Sleep(500);
                if (!receiver.HasSnapshot) udp.Send(hello, hello.Length);
                continue;
            }
            lastPacket = DateTime.UtcNow;
            if (Encoding.ASCII.GetString(data) == "bye")
            {
                bye = true;
                continue;
            }
            try
            {
                receiver.Receive(data, 0, data.Length, ack, 0);
            }
            catch (Pakt.DecodeException e)
            {
                // Refused (stale, duplicated, unknown baseline, another schema...): nothing changed,
                // no ack. On a lossy link this happens; the sender heals it by itself.
                refused++;
                Console.Error.WriteLine("refused a packet of " + data.Length + " bytes: " + e.Message);
                continue;
            }
            udp.Send(ack, ack.Length);
            applied++;
            // The kind byte's low bits: 1 a full snapshot, 2 a delta (docs/replication.md).
            if ((data[0] & 3) == Pakt.Replication.Wire.Full) { full++; fullBytes += data.Length; }
            else { delta++; deltaBytes += data.Length; }
            if (verbose) PrintTick(receiver.Snapshot);
        }

        Arena last = receiver.Snapshot;
        Console.WriteLine(string.Format(
            "summary applied={0} refused={1} full={2} delta={3} full_bytes={4} delta_bytes={5} last_tick={6} players={7} hash={8:x8} bye={9}",
            applied, refused, full, delta, fullBytes, deltaBytes, receiver.HasSnapshot ? (int)receiver.Tick : -1,
            last != null ? last.players.Count : 0, last != null ? Hash(last) : 0u, bye ? "yes" : "no"));
        return applied > 0 ? 0 : 1;
    }

    // One line per applied tick: the arena's tick, the player count and each position.
    static void PrintTick(Arena arena)
    {
        var line = new StringBuilder();
        line.Append("tick ").Append(arena.tick).Append(": ").Append(arena.players.Count).Append(" players");
        foreach (Player p in arena.players)
            line.Append(string.Format(" {0}({1:0.00},{2:0.00})", p.name, p.position.x, p.position.y));
        Console.WriteLine(line.ToString());
    }

    // FNV-1a (32 bits) of the snapshot's full packed encoding: the server's hash of the same state.
    static uint Hash(Arena arena)
    {
        uint h = 2166136261u;
        foreach (byte b in Arena.Serialize(arena, Pakt.Format.Packed))
        {
            h ^= b;
            h *= 16777619u;
        }
        return h;
    }
}
