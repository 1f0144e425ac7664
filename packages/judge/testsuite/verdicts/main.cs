using System;
using System.Collections.Generic;

public class Program {
    public static void Main() {
        string[] d = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        if (d[0] == "add") { Console.WriteLine(long.Parse(d[1]) + long.Parse(d[2])); return; }
        if (d[0] == "loop") { long x = 0; while (x >= 0) x = (x + 1) & 0xffffffL; }
        if (d[0] == "mem") {
            var keep = new List<byte[]>();
            for (int i = 0; i < int.Parse(d[1]); i++) { var b = new byte[1 << 20]; for (int j = 0; j < b.Length; j++) b[j] = (byte)(i | 1); keep.Add(b); }
            Console.WriteLine(keep.Count);
            return;
        }
        if (d[0] == "exit") Environment.Exit(3);
        Environment.Exit(2);
    }
}
