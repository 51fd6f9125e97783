// The generated C# compiled as Unity compiles it (-define:UNITY_5_3_OR_NEWER), without Unity: minimal
// stand-ins for the UnityEngine types the generated code and MSLIMA's Serializer.cs use, with Unity's
// public members and constructors (fields x, y, z, w / r, g, b, a; Vector2Int and Vector3Int have x/y/z
// properties, as in Unity), and Debug.LogError, which MSLIMA's RegisterCustomType calls. Used by the C#
// benchmark (so the generated code and MSLIMA's use the same vector types, as in Unity) and by
// csharp.compile.
namespace UnityEngine
{
    public struct Vector2
    {
        public float x, y;
        public Vector2(float x, float y) { this.x = x; this.y = y; }
    }

    public struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
    }

    public struct Quaternion
    {
        public float x, y, z, w;
        public Quaternion(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
    }

    public struct Color
    {
        public float r, g, b, a;
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
    }

    public struct Vector2Int
    {
        public int x { get; set; }
        public int y { get; set; }
        public Vector2Int(int x, int y) { this.x = x; this.y = y; }
    }

    public struct Vector3Int
    {
        public int x { get; set; }
        public int y { get; set; }
        public int z { get; set; }
        public Vector3Int(int x, int y, int z) { this.x = x; this.y = y; this.z = z; }
    }

    public static class Debug
    {
        public static void LogError(object message) { System.Console.Error.WriteLine(message); }
    }
}
