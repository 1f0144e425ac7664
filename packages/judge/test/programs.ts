/**
 * One program per language whose behaviour the input chooses:
 *   "add A B" prints A+B · "loop" spins forever · "mem N" allocates and touches N MB · "exit" exits 3.
 * So one compile serves every verdict.
 */
const C = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    char cmd[16];
    if (scanf("%15s", cmd) != 1) return 2;
    if (!strcmp(cmd, "add")) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }
    if (!strcmp(cmd, "loop")) { volatile unsigned long x = 0; for (;;) x++; }
    if (!strcmp(cmd, "mem")) {
        int mb; scanf("%d", &mb);
        char **keep = malloc(sizeof(char *) * mb);
        long sum = 0;
        for (int i = 0; i < mb; i++) { keep[i] = malloc(1 << 20); memset(keep[i], i | 1, 1 << 20); sum += keep[i][i]; }
        printf("%ld\\n", sum);
        return 0;
    }
    if (!strcmp(cmd, "exit")) return 3;
    return 2;
}
`;

const CPP = `#include <bits/stdc++.h>
using namespace std;
int main() {
    string cmd;
    cin >> cmd;
    if (cmd == "add") { long long a, b; cin >> a >> b; cout << a + b << endl; return 0; }
    if (cmd == "loop") { volatile unsigned long x = 0; for (;;) x = x + 1; }
    if (cmd == "mem") {
        int mb; cin >> mb;
        vector<vector<char>> keep;
        long sum = 0;
        for (int i = 0; i < mb; i++) { keep.emplace_back(1 << 20, char(i | 1)); sum += keep.back()[i]; }
        cout << sum << endl;
        return 0;
    }
    if (cmd == "exit") return 3;
    return 2;
}
`;

const JAVA = `import java.util.*;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String cmd = in.next();
        if (cmd.equals("add")) { System.out.println(in.nextLong() + in.nextLong()); return; }
        if (cmd.equals("loop")) { long x = 0; while (x >= 0) x = (x + 1) & 0xffffffL; }
        if (cmd.equals("mem")) {
            int mb = in.nextInt();
            List<byte[]> keep = new ArrayList<>();
            for (int i = 0; i < mb; i++) { byte[] b = new byte[1 << 20]; Arrays.fill(b, (byte) (i | 1)); keep.add(b); }
            System.out.println(keep.size());
            return;
        }
        if (cmd.equals("exit")) System.exit(3);
        System.exit(2);
    }
}
`;

// Runs unchanged on Python 2, Python 3 and PyPy.
const PYTHON = `import sys
d = sys.stdin.read().split()
if d[0] == 'add':
    print(int(d[1]) + int(d[2]))
elif d[0] == 'loop':
    x = 0
    while True:
        x += 1
elif d[0] == 'mem':
    keep = [bytearray(b'\\x01' * (1 << 20)) for _ in range(int(d[1]))]
    print(len(keep))
elif d[0] == 'exit':
    sys.exit(3)
`;

const GO = `package main

import (
	"bufio"
	"fmt"
	"os"
)

var sink int

func main() {
	r := bufio.NewReader(os.Stdin)
	var cmd string
	fmt.Fscan(r, &cmd)
	switch cmd {
	case "add":
		var a, b int64
		fmt.Fscan(r, &a, &b)
		fmt.Println(a + b)
	case "loop":
		for {
			sink++
		}
	case "mem":
		var mb int
		fmt.Fscan(r, &mb)
		keep := make([][]byte, 0)
		for i := 0; i < mb; i++ {
			b := make([]byte, 1<<20)
			for j := range b {
				b[j] = byte(i | 1)
			}
			keep = append(keep, b)
		}
		fmt.Println(len(keep))
	case "exit":
		os.Exit(3)
	}
}
`;

const JS = `const d = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/);
if (d[0] === 'add') console.log(String(BigInt(d[1]) + BigInt(d[2])));
else if (d[0] === 'loop') { let x = 0; for (;;) x = (x + 1) | 0; }
else if (d[0] === 'mem') { const keep = []; for (let i = 0; i < +d[1]; i++) keep.push(new Array(1 << 17).fill(i)); console.log(keep.length); }
else if (d[0] === 'exit') process.exit(3);
`;

const RUST = `use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let d: Vec<&str> = s.split_whitespace().collect();
    match d[0] {
        "add" => { let a: i64 = d[1].parse().unwrap(); let b: i64 = d[2].parse().unwrap(); println!("{}", a + b); }
        "loop" => { let mut x: u64 = 0; loop { x = std::hint::black_box(x + 1); } }
        "mem" => {
            let mb: usize = d[1].parse().unwrap();
            let mut keep: Vec<Vec<u8>> = Vec::new();
            for i in 0..mb { keep.push(vec![(i % 250 + 1) as u8; 1 << 20]); }
            println!("{}", std::hint::black_box(&keep).len());
        }
        "exit" => std::process::exit(3),
        _ => std::process::exit(2),
    }
}
`;

const KOTLIN = `fun main() {
    val d = System.\`in\`.bufferedReader().readText().trim().split(Regex("\\\\s+"))
    when (d[0]) {
        "add" -> println(d[1].toLong() + d[2].toLong())
        "loop" -> { var x = 0L; while (x >= 0) x = (x + 1) and 0xffffffL }
        "mem" -> {
            val keep = ArrayList<ByteArray>()
            for (i in 0 until d[1].toInt()) { val b = ByteArray(1 shl 20); b.fill((i or 1).toByte()); keep.add(b) }
            println(keep.size)
        }
        "exit" -> System.exit(3)
        else -> System.exit(2)
    }
}
`;

const CSHARP = `using System;
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
`;

const PHP = `<?php
$d = preg_split('/\\s+/', trim(stream_get_contents(STDIN)));
if ($d[0] === 'add') { echo intval($d[1]) + intval($d[2]), "\\n"; exit(0); }
if ($d[0] === 'loop') { $x = 0; while (true) $x = ($x + 1) & 0xffffff; }
if ($d[0] === 'mem') {
    $keep = [];
    for ($i = 0; $i < intval($d[1]); $i++) $keep[] = str_repeat(chr(($i | 1) & 255), 1 << 20);
    echo count($keep), "\\n";
    exit(0);
}
if ($d[0] === 'exit') exit(3);
exit(2);
`;

const RUBY = `d = $stdin.read.split
case d[0]
when 'add' then puts d[1].to_i + d[2].to_i
when 'loop'
  x = 0
  loop { x = (x + 1) & 0xffffff }
when 'mem'
  keep = []
  d[1].to_i.times { |i| keep << (((i | 1) & 255).chr * (1 << 20)) }
  puts keep.size
when 'exit' then exit 3
else exit 2
end
`;

const PASCAL = `program main;
uses SysUtils;
var
  line, cmd, rest: string;
  x: int64;
  mb, i, sp: longint;
  p: pointer;
begin
  readln(line);
  line := Trim(line);
  sp := Pos(' ', line);
  if sp = 0 then begin cmd := line; rest := ''; end
  else begin cmd := Copy(line, 1, sp - 1); rest := Trim(Copy(line, sp + 1, Length(line))); end;
  if cmd = 'add' then
  begin
    sp := Pos(' ', rest);
    writeln(StrToInt64(Copy(rest, 1, sp - 1)) + StrToInt64(Trim(Copy(rest, sp + 1, Length(rest)))));
    halt(0);
  end;
  if cmd = 'loop' then begin x := 0; while x >= 0 do x := (x + 1) and $ffffff; end;
  if cmd = 'mem' then
  begin
    mb := StrToInt(rest);
    for i := 1 to mb do begin GetMem(p, 1 shl 20); FillChar(p^, 1 shl 20, i or 1); end;
    writeln(mb);
    halt(0);
  end;
  if cmd = 'exit' then halt(3);
  halt(2);
end.
`;

const HASKELL = `import Control.Exception (evaluate)
import qualified Data.ByteString as BS
import System.Exit

spin :: Int -> Int
spin x = if x < 0 then x else spin (x + 1)

grab :: Int -> [BS.ByteString] -> IO [BS.ByteString]
grab 0 acc = return acc
grab k acc = do
  b <- evaluate (BS.replicate 1048576 (fromIntegral (k \`mod\` 250 + 1)))
  grab (k - 1) (b : acc)

main :: IO ()
main = do
  d <- words <$> getContents
  case d of
    ["add", a, b] -> print (read a + read b :: Integer)
    ["loop"] -> print (spin 0)
    ["mem", n] -> do
      keep <- grab (read n) []
      print (length keep + sum (map (fromIntegral . BS.head) keep) * 0)
    ["exit"] -> exitWith (ExitFailure 3)
    _ -> exitWith (ExitFailure 2)
`;

export function behaviourProgram(language: string): string {
  if (language === 'C#') return CSHARP;
  if (language.startsWith('C++')) return CPP;
  if (language.startsWith('C')) return C;
  if (language === 'Java') return JAVA;
  if (language.startsWith('Python') || language === 'PyPy3') return PYTHON;
  if (language === 'Golang') return GO;
  if (language === 'JavaScript Node') return JS;
  if (language === 'Rust') return RUST;
  if (language === 'Kotlin') return KOTLIN;
  if (language === 'PHP') return PHP;
  if (language === 'Ruby') return RUBY;
  if (language === 'Pascal') return PASCAL;
  if (language === 'Haskell') return HASKELL;
  throw new Error(`no test program for ${language}`);
}

/** A source the language's compiler (or syntax check) refuses. PHP copies text outside `<?php` to stdout. */
export function syntaxErrorProgram(language: string): string {
  return language === 'PHP' ? '<?php\nthis is not a program !!!\n' : 'this is not a program !!!\n';
}
