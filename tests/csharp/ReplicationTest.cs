// The replication layer's rules (docs/replication.md) against Pakt.Replication and the generated C# of
// tests/schemas/packed_delta.yaml's Room (delta: true). Compiled into UserTest.exe (run_csharp_tests.py
// user) and run from its Main: ReplicationTest.Run() returns the number of failures.
using System;
using System.Collections.Generic;
using Pakt.Replication;
using Room = Pakt.Test.PackedDelta.Room;
using Player = Pakt.Test.PackedDelta.Player;

static class ReplicationTest
{
    static int failures;

    static void Fail(string what)
    {
        if (++failures <= 30) Console.Error.WriteLine("FAIL: replication: " + what);
    }

    static void Expect(bool ok, string what)
    {
        if (!ok) Fail(what);
    }

    static string Hex(byte[] b) { return BitConverter.ToString(b).Replace("-", "").ToLowerInvariant(); }

    static string Compact(Room r) { return r == null ? "null" : Hex(Room.Serialize(r, Pakt.Format.Compact)); }

    /// <summary>What a full packed encoding of r decodes to: what the receiver must hold.</summary>
    static string Quantized(Room r)
    {
        return Compact(Room.Deserialize(Room.Serialize(r, Pakt.Format.Packed), Pakt.Format.Packed));
    }

    static Room MakeRoom(uint tick)
    {
        var r = new Room { tick = tick, raw = tick * 0.25f };
        for (int i = 0; i < 3; ++i) r.slots[i].id = (byte)i;
        r.players.Add(new Player { id = 1, name = "ann", health = 100, position = new Pakt.Vector2(1.5f, -2f) });
        r.players.Add(new Player { id = 2, name = "bob", health = -10, shield = 50 });
        return r;
    }

    /// <summary>A change of a few fields (what a game's next tick looks like).</summary>
    static void Step(Room r, Random rng)
    {
        r.tick++;
        int k = rng.Next(6);
        if (k == 0) r.raw = (float)rng.NextDouble() * 100;
        if (k == 1 && r.players.Count > 0) r.players[rng.Next(r.players.Count)].position = new Pakt.Vector2(rng.Next(-200, 201) * 0.5f, rng.Next(-200, 201) * 0.5f);
        if (k == 2 && r.players.Count < 16) r.players.Add(new Player { id = (byte)rng.Next(64), name = "p" + rng.Next(1000), team = Pakt.Test.PackedDelta.Team.Green });
        if (k == 3 && r.players.Count > 0) r.players.RemoveAt(rng.Next(r.players.Count));
        if (k == 4) r.slots[rng.Next(3)].health = (short)rng.Next(-10, 101);
        if (k == 5) r.motd = rng.Next(2) == 0 ? null : "m" + rng.Next(100);
        r.boss.stats.kills = (ushort)rng.Next(3);
    }

    /// <summary>The receiver's whole visible state (its snapshot, tick and ack): equal before and after
    /// a refused packet.</summary>
    static string State(Receiver<Room> r)
    {
        if (!r.HasSnapshot) return "empty " + r.FingerprintVerified;
        var ack = new byte[7];
        r.WriteAck(ack, 0);
        return r.Tick + " " + Hex(ack) + " " + Compact(r.Snapshot) + " " + r.FingerprintVerified;
    }

    static string State(Sender<Room> s)
    {
        return s.HasSnapshot ? s.Tick + " " + Compact(s.Snapshot) + " " + s.LastWasFull + " " + s.LastBaseline + " " + s.AckAccepted : "empty";
    }

    /// <summary>The receiver refuses packet with a DecodeException "offset N: ..." and changes nothing.</summary>
    static void Refused(Receiver<Room> r, byte[] packet, string what, string reason = null)
    {
        string before = State(r);
        try
        {
            r.Receive(packet);
            Fail(what + ": applied " + Hex(packet));
        }
        catch (Pakt.DecodeException e)
        {
            Expect(e.Message.StartsWith("offset "), what + ": the error is not 'offset N: ...': " + e.Message);
            if (reason != null) Expect(e.Message.Contains(reason), what + ": the error '" + e.Message + "' does not say '" + reason + "'");
        }
        Expect(State(r) == before, what + ": the refused packet changed the receiver's state");
    }

    static byte[] Ack(ushort newest, uint previous)
    {
        return new byte[] { 3, (byte)newest, (byte)(newest >> 8), (byte)previous, (byte)(previous >> 8), (byte)(previous >> 16), (byte)(previous >> 24) };
    }

    static ushort U16(byte[] b, int at) { return (ushort)(b[at] | (b[at + 1] << 8)); }

    // ------------------------------------------------------------------ the rules
    static void FullFirstThenDeltas()
    {
        var s = new Sender<Room>(Room.ReplicationCodec);
        var r = new Receiver<Room>(Room.ReplicationCodec);
        Expect(s.HistorySize == 32 && r.HistorySize == 32, "the default history is 32");
        Expect(!s.HasSnapshot && s.Snapshot == null && !r.HasSnapshot && r.Snapshot == null, "nothing before the first packet");
        Room room = MakeRoom(10);
        byte[] p = s.Encode(10, room);
        Expect(s.LastWasFull && p[0] == 5 && p.Length == 11 + Room.SerializedSize(room, Pakt.Format.Packed), "the first packet is full, with the fingerprint: " + Hex(p));
        ulong fp = 0;
        for (int i = 8; i >= 1; --i) fp = (fp << 8) | p[i];
        Expect(fp == Room.PaktFingerprint && Room.ReplicationCodec.Fingerprint == Room.PaktFingerprint, "the packet carries Room.PaktFingerprint");
        Expect(U16(p, 9) == 10, "the tick follows the fingerprint");
        byte[] ack = r.Receive(p);
        Expect(Hex(ack) == "030a0000000000", "the first ack names tick 10 alone: " + Hex(ack));
        Expect(r.HasSnapshot && r.Tick == 10 && r.FingerprintVerified, "the receiver applied tick 10");
        Expect(Compact(r.Snapshot) == Quantized(room) && Compact(s.Snapshot) == Compact(r.Snapshot), "both ends hold the packed value of tick 10");

        // unacknowledged: still full
        room.raw = 7;
        p = s.Encode(11, room);
        Expect(s.LastWasFull && p[0] == 5, "without an ack the next packet is full too");
        ack = r.Receive(p);
        Expect(Hex(ack) == "030b0001000000", "the ack names 11 and 10 (bit 0): " + Hex(ack));
        Expect(!s.AckAccepted, "no ack accepted yet");
        Expect(s.ReceiveAck(ack) && s.AckAccepted && s.IsAcked(10) && s.IsAcked(11), "the ack marks 10 and 11");

        room.raw = 8;
        p = s.Encode(12, room);
        Expect(!s.LastWasFull && s.LastBaseline == 11 && p[0] == 2 && U16(p, 1) == 12 && U16(p, 3) == 11,
               "after the ack: a delta against the newest acked tick, without fingerprint: " + Hex(p));
        Expect(p.Length == 5 + Room.SerializedSize(room, r.Snapshot, Pakt.Format.Packed), "a delta is 5 bytes + the packed delta against 11");
        r.Receive(p);
        Expect(Compact(r.Snapshot) == Quantized(room) && Compact(s.Snapshot) == Compact(r.Snapshot), "the delta applied gives the packed value");

        // the buffer overload writes the same bytes
        var s2 = new Sender<Room>(Room.ReplicationCodec, 8);
        var buffer = new byte[600];
        int n = s2.Encode(10, MakeRoom(10), buffer, 3);
        byte[] q = new byte[n];
        Array.Copy(buffer, 3, q, 0, n);
        var s3 = new Sender<Room>(Room.ReplicationCodec, 8);
        Expect(Hex(q) == Hex(s3.Encode(10, MakeRoom(10))), "Encode into a buffer = Encode");
    }

    static void Baselines()
    {
        var s = new Sender<Room>(Room.ReplicationCodec, 8);
        var r = new Receiver<Room>(Room.ReplicationCodec, 8);
        Room room = MakeRoom(1);
        var acks = new Dictionary<int, byte[]>();
        for (ushort t = 1; t <= 4; ++t)
        {
            room.tick = t;
            acks[t] = r.Receive(s.Encode(t, room));
        }
        // only 1 and 3's acks arrive: 3's names 1, 2 too
        s.ReceiveAck(Ack(1, 0));
        room.tick = 5;
        s.Encode(5, room);
        Expect(!s.LastWasFull && s.LastBaseline == 1, "the newest acked tick (1) is the baseline, got " + s.LastBaseline);
        Expect(!s.IsAcked(2) && !s.IsAcked(3) && !s.IsAcked(4), "unacknowledged ticks are no baselines");
        s.ReceiveAck(Ack(3, 0));  // an ack of 3 alone (2 not named)
        room.tick = 6;
        s.Encode(6, room);
        Expect(s.LastBaseline == 3, "the newest acked tick (3) is the baseline, got " + s.LastBaseline);
        Expect(!s.IsAcked(2) && !s.IsAcked(4), "2 and 4 were never acknowledged");
        s.ReceiveAck(acks[4]);  // names 4 and 1..3
        room.tick = 7;
        s.Encode(7, room);
        Expect(s.LastBaseline == 4 && s.IsAcked(2), "4's ack names 1..4: baseline 4, got " + s.LastBaseline);
        // an older ack arriving late changes nothing of the newest baseline
        s.ReceiveAck(acks[2]);
        room.tick = 8;
        s.Encode(8, room);
        Expect(s.LastBaseline == 4, "a late ack of an older tick keeps the newest baseline");

        // forged acks: ticks never sent, far ahead, malformed
        var f = new Sender<Room>(Room.ReplicationCodec, 4);
        f.Encode(100, MakeRoom(100));
        Expect(!f.ReceiveAck(Ack(99, 0xffffffff)), "an ack of ticks never sent is ignored");
        Expect(!f.ReceiveAck(Ack(5000, 0xffffffff)), "an ack of a future tick is ignored");
        Expect(!f.AckAccepted, "an ignored ack is not accepted");
        f.Encode(101, MakeRoom(101));
        Expect(f.LastWasFull, "forged acks make no baseline");
        string before = State(f);
        foreach (var bad in new[] { new byte[0], new byte[] { 3, 100, 0, 0, 0, 0 }, new byte[] { 3, 100, 0, 0, 0, 0, 0, 0 }, new byte[] { 1, 100, 0, 0, 0, 0, 0 }, new byte[] { 2, 100, 0, 0, 0, 0, 0 } })
        {
            try
            {
                f.ReceiveAck(bad);
                Fail("a malformed ack was taken: " + Hex(bad));
            }
            catch (Pakt.DecodeException e)
            {
                Expect(e.Message.StartsWith("offset "), "a malformed ack's error is 'offset N: ...': " + e.Message);
            }
        }
        Expect(State(f) == before && !f.IsAcked(100), "malformed acks change nothing");
        Expect(f.ReceiveAck(Ack(101, 1)) && f.IsAcked(100) && f.IsAcked(101), "an ack of held ticks is taken");
    }

    static void AgeOut()
    {
        var s = new Sender<Room>(Room.ReplicationCodec, 4);
        var r = new Receiver<Room>(Room.ReplicationCodec, 4);
        Room room = MakeRoom(1);
        s.ReceiveAck(r.Receive(s.Encode(1, room)));
        for (ushort t = 2; t <= 5; ++t)
        {
            room.tick = t;
            byte[] p = s.Encode(t, room);
            Expect(!s.LastWasFull && s.LastBaseline == 1, "tick " + t + ": a delta against 1 while 1 is held");
            r.Receive(p);  // acks lost
            Expect(Compact(r.Snapshot) == Compact(s.Snapshot), "tick " + t + ": both ends agree");
        }
        room.tick = 6;
        byte[] full = s.Encode(6, room);
        Expect(s.LastWasFull && full[0] == 5, "every acked tick aged out (history 4): the next packet is full");
        r.Receive(full);
        // the receiver evicted 1..2: a delta against 1 is an unknown baseline
        var old = new Sender<Room>(Room.ReplicationCodec, 4);
        old.ReceiveAck(new Receiver<Room>(Room.ReplicationCodec, 4).Receive(old.Encode(1, MakeRoom(1))));
        byte[] stale = old.Encode(7, MakeRoom(7));
        Expect(!old.LastWasFull && old.LastBaseline == 1, "a delta against 1");
        Refused(r, stale, "an evicted baseline", "baseline tick 1 is not held");
    }

    static void FingerprintRules()
    {
        var s = new Sender<Room>(Room.ReplicationCodec);
        byte[] p = s.Encode(1, MakeRoom(1));
        var r = new Receiver<Room>(Room.ReplicationCodec);
        var wrong = (byte[])p.Clone();
        wrong[3] ^= 1;
        Refused(r, wrong, "another fingerprint", "fingerprint");
        // a full snapshot without its fingerprint
        var bare = new byte[p.Length - 8];
        bare[0] = 1;
        Array.Copy(p, 9, bare, 1, p.Length - 9);
        Refused(r, bare, "a full snapshot without fingerprint");
        // a delta without fingerprint before one was verified: a sender acked by another receiver
        var other = new Receiver<Room>(Room.ReplicationCodec);
        s.ReceiveAck(other.Receive(p));
        byte[] delta = s.Encode(2, MakeRoom(2));
        Expect(delta[0] == 2, "a delta after an ack carries no fingerprint");
        r.Receive(p);  // applies (verifies the fingerprint); now a delta with a baseline it holds
        Expect(r.FingerprintVerified, "verified by the full snapshot");
        var fresh = new Receiver<Room>(Room.ReplicationCodec);
        Refused(fresh, delta, "a delta without fingerprint before one was verified", "fingerprint");
        r.Receive(delta);
        Expect(Compact(r.Snapshot) == Compact(s.Snapshot), "the delta applies once the fingerprint was verified");
        // a delta carrying the fingerprint is read too (bit 2)
        var withFp = new byte[delta.Length + 8];
        withFp[0] = 6;
        for (int i = 0; i < 8; ++i) withFp[1 + i] = (byte)(Room.PaktFingerprint >> (8 * i));
        Array.Copy(delta, 1, withFp, 9, delta.Length - 1);
        U16Set(withFp, 9, 3);
        var r2 = new Receiver<Room>(Room.ReplicationCodec);
        r2.Receive(p);
        r2.Receive(withFp);
        Expect(r2.Tick == 3 && Compact(r2.Snapshot) == Compact(s.Snapshot), "a delta with the fingerprint applies");
    }

    static void U16Set(byte[] b, int at, ushort v)
    {
        b[at] = (byte)v;
        b[at + 1] = (byte)(v >> 8);
    }

    static void Refusals()
    {
        var s = new Sender<Room>(Room.ReplicationCodec, 8);
        var r = new Receiver<Room>(Room.ReplicationCodec, 8);
        Room room = MakeRoom(1);
        byte[] p1 = s.Encode(1, room);
        Refused(new Receiver<Room>(Room.ReplicationCodec, 8), new byte[0], "an empty packet");
        for (int n = 0; n < p1.Length; ++n)
        {
            var cut = new byte[n];
            Array.Copy(p1, cut, n);
            Refused(r, cut, "a full snapshot truncated to " + n + " bytes");
        }
        Expect(!r.HasSnapshot, "no truncation applied");
        s.ReceiveAck(r.Receive(p1));
        room.tick = 2;
        room.players[0].name = "anna";
        byte[] p2 = s.Encode(2, room);
        Expect(p2[0] == 2, "a delta");
        for (int n = 0; n < p2.Length; ++n)
        {
            var cut = new byte[n];
            Array.Copy(p2, cut, n);
            Refused(r, cut, "a delta truncated to " + n + " bytes");
        }
        var longer = new byte[p2.Length + 1];
        Array.Copy(p2, longer, p2.Length);
        longer[p2.Length] = 0xff;
        Refused(r, longer, "a delta with a trailing byte", "unexpected bytes after the message");
        foreach (byte kind in new byte[] { 0, 3, 4, 7, 0x08 | 5, 0x80 | 2, 0x0a })
        {
            var k = (byte[])p2.Clone();
            k[0] = kind;
            Refused(r, k, "kind byte " + kind);
        }
        var unknown = (byte[])p2.Clone();
        U16Set(unknown, 3, 77);
        Refused(r, unknown, "an unknown baseline", "not held");
        var future = (byte[])p2.Clone();
        U16Set(future, 3, 2);
        Refused(r, future, "a baseline in the future (its own tick)", "not held");
        r.Receive(p2);
        Refused(r, p2, "a duplicate", "duplicate");
        Refused(r, p1, "a stale packet", "stale");
        room.tick = 3;
        byte[] p3 = s.Encode(3, room);
        var older = (byte[])p3.Clone();
        U16Set(older, 1, 0);
        Refused(r, older, "a tick older than the newest", "stale");
        r.Receive(p3);
        Expect(r.Tick == 3 && Compact(r.Snapshot) == Compact(s.Snapshot), "applied after the refusals");
    }

    static void Wrap()
    {
        var s = new Sender<Room>(Room.ReplicationCodec, 4);
        var r = new Receiver<Room>(Room.ReplicationCodec, 4);
        Room room = MakeRoom(0);
        ushort tick = 65530;
        byte[] last = null;
        for (int i = 0; i < 12; ++i, ++tick)
        {
            room.tick = tick;
            room.raw = i;
            last = s.Encode(tick, room);
            byte[] ack = r.Receive(last);
            if (i % 3 != 2) s.ReceiveAck(ack);
            Expect(r.Tick == tick && Compact(r.Snapshot) == Compact(s.Snapshot), "tick " + tick + ": both ends agree");
            if (i > 0) Expect(!s.LastWasFull, "tick " + tick + ": a delta across the wrap");
        }
        Expect(tick == 6 && r.Tick == 5, "the ticks wrapped to 5");
        Expect(s.LastBaseline == 4, "the baseline of 5 is 4, got " + s.LastBaseline);
        var stale = (byte[])last.Clone();
        U16Set(stale, 1, 65534);  // before the wrap: older than 5
        Refused(r, stale, "a tick from before the wrap", "stale");
        Expect(Wire.IsNewer(5, 65530) && !Wire.IsNewer(65530, 5) && !Wire.IsNewer(7, 7) && Wire.IsNewer(32767, 0) && !Wire.IsNewer(32768, 0),
               "16-bit serial order");
        try
        {
            s.Encode(5, room);
            Fail("a tick not newer than the last was encoded");
        }
        catch (ArgumentOutOfRangeException) { }
        try
        {
            s.Encode(65534, room);
            Fail("a tick from before the wrap was encoded");
        }
        catch (ArgumentOutOfRangeException) { }
    }

    static void EncodeErrors()
    {
        var s = new Sender<Room>(Room.ReplicationCodec, 4);
        var r = new Receiver<Room>(Room.ReplicationCodec, 4);
        Room room = MakeRoom(1);
        s.ReceiveAck(r.Receive(s.Encode(1, room)));
        string before = State(s);
        room.players[0].health = 500;  // range [-10, 100]
        room.tick = 2;
        try
        {
            s.Encode(2, room);
            Fail("a value out of range was encoded");
        }
        catch (Pakt.EncodeException e)
        {
            Expect(e.Message.Contains("health"), "the encode error names the field: " + e.Message);
        }
        Expect(State(s) == before, "an encode error changes nothing");
        room.players[0].health = 5;
        string message = "";
        try
        {
            s.Encode(2, room, new byte[8], 0);
            Fail("a packet was written into 8 bytes");
        }
        catch (Pakt.EncodeException e)
        {
            message = e.Message;
        }
        Expect(State(s) == before, "a buffer too small changes nothing");
        int size = s.Encode(2, room).Length;  // tick 2 is still free
        Expect(message == "needs " + size + " bytes, buffer holds 8", "a buffer too small: the packet's size: " + message);
        Expect(s.Tick == 2 && !s.LastWasFull && s.LastBaseline == 1, "the tick refused was encoded after");
        var s2 = new Sender<Room>(Room.ReplicationCodec, 4);
        s2.ReceiveAck(new Receiver<Room>(Room.ReplicationCodec, 4).Receive(s2.Encode(1, MakeRoom(1))));
        string b2 = State(s2);
        int needs = 5 + Room.SerializedSize(room, s2.Snapshot, Pakt.Format.Packed);  // a delta against 1
        for (int n = 0; n < needs; ++n)
        {
            try
            {
                s2.Encode(2, room, new byte[n], 0);
                Fail("a packet was written into " + n + " bytes");
            }
            catch (Pakt.EncodeException e)
            {
                Expect(e.Message == "needs " + needs + " bytes, buffer holds " + n, "buffer too small: " + e.Message);
            }
        }
        Expect(State(s2) == b2, "a buffer too small changes nothing");
        Expect(s2.Encode(2, room, new byte[needs], 0) == needs && s2.Tick == 2, "the packet fits a buffer of its size");
        try
        {
            new Sender<Room>(Room.ReplicationCodec, 0);
            Fail("history 0");
        }
        catch (ArgumentOutOfRangeException) { }
        try
        {
            new Receiver<Room>(Room.ReplicationCodec, 256);
            Fail("history 256");
        }
        catch (ArgumentOutOfRangeException) { }
    }

    /// <summary>A seeded lossy run: packets lost, duplicated, reordered, acks lost; every applied
    /// snapshot equals the sender's kept snapshot of its tick and the packed value of what was sent.</summary>
    static void LossyRun(int seed, int history)
    {
        var rng = new Random(seed);
        var s = new Sender<Room>(Room.ReplicationCodec, history);
        var r = new Receiver<Room>(Room.ReplicationCodec, history);
        Room room = MakeRoom(0);
        var kept = new Dictionary<ushort, string>();
        var expected = new Dictionary<ushort, string>();
        var inFlight = new List<byte[]>();
        var acksInFlight = new List<byte[]>();
        int applied = 0, refused = 0, deltas = 0;
        ushort tick = (ushort)rng.Next(65536);
        for (int step = 0; step < 1500; ++step)
        {
            Step(room, rng);
            tick += (ushort)(rng.Next(10) == 0 ? 2 : 1);
            byte[] p = s.Encode(tick, room);
            if (!s.LastWasFull) ++deltas;
            kept[tick] = Compact(s.Snapshot);
            expected[tick] = Quantized(room);
            Expect(kept[tick] == expected[tick], "tick " + tick + ": the sender keeps the packed value");
            bool blackout = step % 300 >= 250 && step % 300 < 250 + history + 5;  // longer than the history
            if (!blackout && rng.Next(10) != 0) inFlight.Add(p);
            if (!blackout && rng.Next(20) == 0) inFlight.Add(p);  // duplicated
            // deliver some of the packets in flight, in random order
            while (inFlight.Count > 0 && rng.Next(3) != 0)
            {
                int i = rng.Next(inFlight.Count);
                byte[] q = inFlight[i];
                inFlight.RemoveAt(i);
                ushort t = U16(q, q[0] == 5 || q[0] == 6 ? 9 : 1);
                try
                {
                    byte[] ack = r.Receive(q);
                    ++applied;
                    Expect(Compact(r.Snapshot) == kept[t], "tick " + t + ": the receiver holds the sender's snapshot");
                    if (rng.Next(4) != 0) acksInFlight.Add(ack);
                }
                catch (Pakt.DecodeException)
                {
                    ++refused;
                }
            }
            while (acksInFlight.Count > 0 && rng.Next(2) == 0)
            {
                int i = rng.Next(acksInFlight.Count);
                s.ReceiveAck(acksInFlight[i]);
                acksInFlight.RemoveAt(i);
            }
        }
        Expect(applied > 500 && refused > 20 && deltas > 500, "the lossy run (seed " + seed + ") applied " + applied +
               ", refused " + refused + ", sent " + deltas + " deltas");
        Console.WriteLine("replication: lossy run (seed " + seed + ", history " + history + "): 1500 ticks, " + applied +
                          " applied, " + refused + " refused, " + deltas + " deltas; both ends agree on every applied tick");
    }

    static void Allocations()
    {
        var s = new Sender<Room>(Room.ReplicationCodec, 8);
        var r = new Receiver<Room>(Room.ReplicationCodec, 8);
        var rng = new Random(7);
        Room room = MakeRoom(0);
        var packet = new byte[4096];
        var ack = new byte[7];
        var rooms = new Room[16];
        // A decoded string is a new string, and a list that grows gets new elements (the generated
        // decoders' rule): these rooms change numbers only, as a settled game scene does.
        foreach (var p in room.players) p.name = "";
        for (int i = 0; i < rooms.Length; ++i)
        {
            room.tick++;
            room.raw = (float)rng.NextDouble();
            room.players[rng.Next(room.players.Count)].position = new Pakt.Vector2(rng.Next(-200, 201) * 0.5f, 0);
            room.slots[rng.Next(3)].health = (short)rng.Next(-10, 101);
            room.boss.stats.kills = (ushort)rng.Next(3);
            rooms[i] = Room.Deserialize(Room.Serialize(room, Pakt.Format.Compact), Pakt.Format.Compact);
        }
        ushort tick = 0;
        for (int pass = 0; pass < 2; ++pass)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; ++i)
            {
                ++tick;
                int n = s.Encode(tick, rooms[i % rooms.Length], packet, 0);
                r.Receive(packet, 0, n, ack, 0);
                if (i % 3 != 0) s.ReceiveAck(ack, 0, 7);
            }
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            if (pass == 1)
            {
                if (allocated != 0) Fail("Sender.Encode / Receiver.Receive / Sender.ReceiveAck into buffers allocated " + allocated + " bytes in 1000 ticks");
                else Console.WriteLine("replication: allocations: Encode + Receive + ReceiveAck into buffers (Room, history 8): 0 bytes in 1000 ticks");
            }
        }
    }

    public static int Run()
    {
        FullFirstThenDeltas();
        Baselines();
        AgeOut();
        FingerprintRules();
        Refusals();
        Wrap();
        EncodeErrors();
        LossyRun(20260531, 32);
        LossyRun(31, 4);
        Allocations();
        if (failures == 0) Console.WriteLine("replication: every rule of docs/replication.md holds (Room of packed_delta.yaml)");
        return failures;
    }
}
