/**
 * A Java submission is compiled and run under its public class's name (javac wants `<Class>.java`),
 * whatever comments and strings say; `Main` and a file without a public class work as before.
 */
import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { javaPublicClass, kotlinMainClass } from '../src/java-class.js';
import { judgeOne } from '../src/judge.js';
import { findLanguage } from '../src/languages.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';

const aPlusB = (header: string, cls: string, extra = '') => `import java.util.*;
${header}
public class ${cls} {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.println(in.nextLong() + in.nextLong());
    }
    ${extra}
}
`;

describe('the public class of a Java source', () => {
  it('is found at the top level, after modifiers and annotations', () => {
    expect(javaPublicClass(aPlusB('', 'Solution'))).toBe('Solution');
    expect(javaPublicClass('final public class A {}')).toBe('A');
    expect(javaPublicClass('@SuppressWarnings({"unchecked", "rawtypes"})\npublic final class B$1 { }')).toBe('B$1');
    expect(javaPublicClass('public @Deprecated abstract class C {}')).toBe('C');
    expect(javaPublicClass('class Helper { public static class Inner {} }\npublic interface Runner { static void main(String[] a) {} }')).toBe('Runner');
    expect(javaPublicClass('public enum E { X; public static void main(String[] a) {} }')).toBe('E');
    expect(javaPublicClass('public record R(int a) {}')).toBe('R');
  });

  it('ignores comments, strings, text blocks and char literals', () => {
    const src = `// public class Line {}
/* public class Block {} */
/** javadoc: public class Doc {} */
class Helper {
    String s = "public class Str {";
    String t = """
        public class Text { \\""" }
        """;
    char q = '"';
    char b = '\\'';
    String u = "\\" public class Escaped {";
}
public class Real { public static class Nested {} }
`;
    expect(javaPublicClass(src)).toBe('Real');
  });

  it('is null without a public top-level class, or for a name that is not a plain ASCII identifier', () => {
    expect(javaPublicClass('class Main { public static void main(String[] a) {} }')).toBeNull();
    expect(javaPublicClass('class A { public class Inner {} }')).toBeNull();
    expect(javaPublicClass('// public class X\nclass Y {}')).toBeNull();
    expect(javaPublicClass('public class 主类 {}')).toBeNull();
    expect(javaPublicClass('')).toBeNull();
  });
});

describe('the class that holds a Kotlin main', () => {
  it('is none for a top-level main (kotlinc puts it in the manifest), whatever else the file has', () => {
    expect(kotlinMainClass('fun main() {\n    println(1)\n}\n')).toBeNull();
    expect(kotlinMainClass('object Helper { @JvmStatic fun main(a: Array<String>) {} }\nfun main(args: Array<String>) {}')).toBeNull();
    expect(kotlinMainClass('// object Fake { @JvmStatic fun main(a: Array<String>) {} }\nval s = "object S { @JvmStatic fun main() {} }"')).toBeNull();
  });

  it('is the object or class whose @JvmStatic main is the entry point', () => {
    expect(kotlinMainClass('import java.util.*\n\nobject Solution {\n    @JvmStatic fun main(args: Array<String>) {}\n}\n')).toBe('Solution');
    expect(
      kotlinMainClass(
        'class Helper { fun main() {} }\nclass App {\n    companion object {\n        @JvmStatic\n        fun main(args: Array<String>) {}\n    }\n}\n',
      ),
    ).toBe('App');
  });
});

ensureRunnerBuilt();
const java = findLanguage('Java');

describe.skipIf(!java)('judging Java under the public class name', () => {
  const judge = (source: string) => judgeOne({ language: 'Java', source, cases: [{ input: '1 2\n', expected: '3\n' }], timeLimitMs: 2000, memoryLimitMb: 256 });

  it('accepts A+B whose public class is not Main, with a decoy class named in a comment and a string', async () => {
    const r = await judge(aPlusB('// public class Main is what other judges want', 'Solution', 'static String s = "public class Main {";'));
    expect(r.errorMessage).toBeUndefined();
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('keeps Main working, public or not', async () => {
    expect((await judge(aPlusB('', 'Main'))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await judge(aPlusB('', 'Main').replace('public class Main', 'class Main'))).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('without a public class, a class not named Main is a Compile Error that says what to do', async () => {
    const r = await judge(aPlusB('', 'Other').replace('public class Other', 'class Other'));
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/Main\.class was not produced \(the class with main must be public, or be named Main\)/);
  });
});

const kotlin = findLanguage('Kotlin');

describe.skipIf(!kotlin)('judging Kotlin whatever holds main', () => {
  const judge = (source: string) =>
    judgeOne({ language: 'Kotlin', source, cases: [{ input: '1 2\n', expected: '3\n' }], timeLimitMs: 2000, memoryLimitMb: 256 });
  const body = 'val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }\n        println(a + b)';

  it('runs a top-level main with arguments, and a @JvmStatic main of an object', async () => {
    expect((await judge(`fun main(args: Array<String>) {\n        ${body}\n}\n`)).status).toBe(JudgeStatus.ACCEPTED);
    const r = await judge(`object Solution {\n    @JvmStatic fun main(args: Array<String>) {\n        ${body}\n    }\n}\n`);
    expect(r.cases[0]?.stderr).toBe('');
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  }, 120_000);
});
