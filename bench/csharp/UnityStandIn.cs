// The benchmark compiles the generated C# as Unity does (-define:UNITY_5_3_OR_NEWER), so the generated
// code and MSLIMA's Serializer.cs use the same vector types. Unity's assembly is not available under
// mono: these are minimal stand-ins with UnityEngine's public fields and constructors (Vector2Int and
// Vector3Int have x/y/z properties in Unity; plain fields here, which the generated code reads the same
// way), and Debug.LogError, which MSLIMA's RegisterCustomType calls.
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
        public int x, y;
        public Vector2Int(int x, int y) { this.x = x; this.y = y; }
    }

    public struct Vector3Int
    {
        public int x, y, z;
        public Vector3Int(int x, int y, int z) { this.x = x; this.y = y; this.z = z; }
    }

    public static class Debug
    {
        public static void LogError(object message) { System.Console.Error.WriteLine(message); }
    }
}
