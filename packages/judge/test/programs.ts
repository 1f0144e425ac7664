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

export function behaviourProgram(language: string): string {
  if (language.startsWith('C++')) return CPP;
  if (language.startsWith('C')) return C;
  if (language === 'Java') return JAVA;
  if (language.startsWith('Python') || language === 'PyPy3') return PYTHON;
  if (language === 'Golang') return GO;
  if (language === 'JavaScript Node') return JS;
  if (language === 'Rust') return RUST;
  throw new Error(`no test program for ${language}`);
}
