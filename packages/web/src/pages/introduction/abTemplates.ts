/**
 * A+B solutions for the help page (an A+B template per compiler). Read two integers
 * from standard input, print their sum. Chosen by the language's name, so every C++ standard or O2
 * variant gets the C++ one.
 */
const C = `#include <stdio.h>

int main() {
    int a, b;
    while (scanf("%d %d", &a, &b) != EOF) {
        printf("%d\\n", a + b);
    }
    return 0;
}`;

const CPP = `#include <iostream>
using namespace std;

int main() {
    int a, b;
    while (cin >> a >> b) {
        cout << a + b << endl;
    }
    return 0;
}`;

const JAVA = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        while (in.hasNextInt()) {
            int a = in.nextInt();
            int b = in.nextInt();
            System.out.println(a + b);
        }
    }
}`;

const PYTHON3 = `import sys

for line in sys.stdin:
    a, b = map(int, line.split())
    print(a + b)`;

const PYTHON2 = `import sys

for line in sys.stdin:
    a, b = map(int, line.split())
    print a + b`;

const GO = `package main

import "fmt"

func main() {
    var a, b int
    for {
        if _, err := fmt.Scan(&a, &b); err != nil {
            break
        }
        fmt.Println(a + b)
    }
}`;

const JS = `const lines = require('fs').readFileSync(0, 'utf8').split('\\n');
for (const line of lines) {
    if (!line.trim()) continue;
    const [a, b] = line.trim().split(/\\s+/).map(Number);
    console.log(a + b);
}`;

const RUST = `use std::io::{self, BufRead};

fn main() {
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let nums: Vec<i64> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();
        if nums.len() == 2 {
            println!("{}", nums[0] + nums[1]);
        }
    }
}`;

const PHP = `<?php
while (fscanf(STDIN, "%d %d", $a, $b) == 2) {
    echo ($a + $b) . "\\n";
}`;

const RUBY = `while line = gets
    a, b = line.split.map(&:to_i)
    puts a + b
end`;

const CSHARP = `using System;

public class Program {
    public static void Main() {
        string line;
        while ((line = Console.ReadLine()) != null) {
            string[] p = line.Split(' ');
            Console.WriteLine(int.Parse(p[0]) + int.Parse(p[1]));
        }
    }
}`;

export function abTemplateOf(language: string): string | null {
  const l = language.toLowerCase();
  if (l.startsWith('c++') || l.startsWith('g++')) return CPP;
  if (l === 'c' || l.startsWith('c with') || l.startsWith('c ')) return C;
  if (l.startsWith('c#')) return CSHARP;
  if (l.startsWith('javascript') || l.startsWith('node')) return JS;
  if (l.startsWith('java')) return JAVA;
  if (l.includes('python2') || l.includes('pypy2') || l === 'python 2') return PYTHON2;
  if (l.includes('python') || l.includes('pypy')) return PYTHON3;
  if (l.startsWith('go')) return GO;
  if (l.startsWith('rust')) return RUST;
  if (l.startsWith('php')) return PHP;
  if (l.startsWith('ruby')) return RUBY;
  return null;
}
