// What MSLIMA's Serializer.cs needs from Photon besides UnityEngine (UnityStandIn.cs): PhotonPeer.RegisterType
// with PUN's byte[] delegate signatures. Compiled only with MSLIMA's Serializer.cs (PAKT_MSLIMA_SERIALIZER).
using System;

namespace ExitGames.Client.Photon
{
    public delegate byte[] SerializeMethod(object customObject);
    public delegate object DeserializeMethod(byte[] serializedCustomObject);

    public class PhotonPeer
    {
        public static bool RegisterType(Type customType, byte code, SerializeMethod serializeMethod,
                                        DeserializeMethod constructor)
        {
            return true;
        }
    }
}
