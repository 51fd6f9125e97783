// The benchmark's messages through MSLIMA's Serializer.cs (MS-LIMA/PhotonSerializer, not in this
// repository: bench/csharp/run.sh compiles it in when PAKT_MSLIMA_SERIALIZER names it), written as
// its users write them (the seed's TestStruct sample): Serialize(object) -> byte[] appends every field
// with Serializer.Serialize(x, ref bytes); Deserialize(byte[]) -> object reads a new object with
// Serializer.DeserializeX(bytes, ref offset). MSLIMA has no int16 and no lists of messages: int16 is
// written as its two bytes (big-endian, as pakt's mslima format), a list as an int count and its
// elements, uint8[] as MSLIMA's byte[]. The bytes are the same as the generated code's Pakt.Format.Mslima.
#if PAKT_MSLIMA
using System.Collections.Generic;
using MSLIMA.Serializer;
using Photon.Seed;
using Pakt.Bench;

namespace PaktCsBench
{
    public static class MslimaCodec
    {
        public static readonly bool Available = true;

        public static byte[] Serialize(SeedGameStruct o)
        {
            byte[] bytes = new byte[0];
            Serializer.Serialize(o.int_1, ref bytes);
            Serializer.Serialize(o.int_2, ref bytes);
            Serializer.Serialize(o.float_1, ref bytes);
            Serializer.Serialize(o.bool_1, ref bytes);
            Serializer.Serialize(o.string_1, ref bytes);
            Serializer.Serialize(o.vector3_1, ref bytes);
            Serializer.Serialize(o.vector3_2, ref bytes);
            Serializer.Serialize(o.quaternion_1, ref bytes);
            return bytes;
        }

        public static SeedGameStruct DeserializeSeedGameStruct(byte[] bytes)
        {
            SeedGameStruct o = new SeedGameStruct();
            int offset = 0;
            o.int_1 = Serializer.DeserializeInt(bytes, ref offset);
            o.int_2 = Serializer.DeserializeInt(bytes, ref offset);
            o.float_1 = Serializer.DeserializeFloat(bytes, ref offset);
            o.bool_1 = Serializer.DeserializeBool(bytes, ref offset);
            o.string_1 = Serializer.DeserializeString(bytes, ref offset);
            o.vector3_1 = Serializer.DeserializeVector3(bytes, ref offset);
            o.vector3_2 = Serializer.DeserializeVector3(bytes, ref offset);
            o.quaternion_1 = Serializer.DeserializeQuaternion(bytes, ref offset);
            return o;
        }

        private static void Short(short v, ref byte[] bytes)
        {
            Serializer.Serialize((byte)(v >> 8), ref bytes);
            Serializer.Serialize((byte)v, ref bytes);
        }

        private static short DeserializeShort(byte[] bytes, ref int offset)
        {
            int hi = Serializer.DeserializeByte(bytes, ref offset);
            int lo = Serializer.DeserializeByte(bytes, ref offset);
            return (short)((hi << 8) | lo);
        }

        private static void Vec3(Vec3 v, ref byte[] bytes)
        {
            Serializer.Serialize(v.x, ref bytes);
            Serializer.Serialize(v.y, ref bytes);
            Serializer.Serialize(v.z, ref bytes);
        }

        private static Vec3 DeserializeVec3(byte[] bytes, ref int offset)
        {
            Vec3 v = new Vec3();
            v.x = Serializer.DeserializeFloat(bytes, ref offset);
            v.y = Serializer.DeserializeFloat(bytes, ref offset);
            v.z = Serializer.DeserializeFloat(bytes, ref offset);
            return v;
        }

        private static void Weapon(Weapon w, ref byte[] bytes)
        {
            Serializer.Serialize(w.name, ref bytes);
            Short(w.damage, ref bytes);
        }

        private static Weapon DeserializeWeapon(byte[] bytes, ref int offset)
        {
            Weapon w = new Weapon();
            w.name = Serializer.DeserializeString(bytes, ref offset);
            w.damage = DeserializeShort(bytes, ref offset);
            return w;
        }

        public static byte[] Serialize(Monsters o)
        {
            byte[] bytes = new byte[0];
            Serializer.Serialize(o.monsters.Count, ref bytes);
            foreach (Monster m in o.monsters)
            {
                Vec3(m.pos, ref bytes);
                Short(m.mana, ref bytes);
                Short(m.hp, ref bytes);
                Serializer.Serialize(m.name, ref bytes);
                Serializer.Serialize(m.inventory.ToArray(), ref bytes);
                Serializer.Serialize((byte)m.color, ref bytes);
                Serializer.Serialize(m.weapons.Count, ref bytes);
                foreach (Weapon w in m.weapons) Weapon(w, ref bytes);
                Weapon(m.equipped, ref bytes);
                Serializer.Serialize(m.path.Count, ref bytes);
                foreach (Vec3 v in m.path) Vec3(v, ref bytes);
            }
            return bytes;
        }

        public static Monsters DeserializeMonsters(byte[] bytes)
        {
            Monsters o = new Monsters();
            int offset = 0;
            int n = Serializer.DeserializeInt(bytes, ref offset);
            for (int i = 0; i < n; ++i)
            {
                Monster m = new Monster();
                m.pos = DeserializeVec3(bytes, ref offset);
                m.mana = DeserializeShort(bytes, ref offset);
                m.hp = DeserializeShort(bytes, ref offset);
                m.name = Serializer.DeserializeString(bytes, ref offset);
                m.inventory = new List<byte>(Serializer.DeserializeByteArray(bytes, ref offset));
                m.color = (MonsterColor)Serializer.DeserializeByte(bytes, ref offset);
                int weapons = Serializer.DeserializeInt(bytes, ref offset);
                for (int k = 0; k < weapons; ++k) m.weapons.Add(DeserializeWeapon(bytes, ref offset));
                m.equipped = DeserializeWeapon(bytes, ref offset);
                int points = Serializer.DeserializeInt(bytes, ref offset);
                for (int k = 0; k < points; ++k) m.path.Add(DeserializeVec3(bytes, ref offset));
                o.monsters.Add(m);
            }
            return o;
        }
    }
}
#else
namespace PaktCsBench
{
    public static class MslimaCodec
    {
        public static readonly bool Available = false;
    }
}
#endif
