/**
 * The public top-level class of a Java source: javac insists that it lives in `<Class>.java`, so the
 * judge compiles the submission under that name and runs `java <Class>`. The scan blanks comments,
 * string, text-block and character literals first (a `public class X` inside them is not code) and
 * only looks at brace depth 0 (a nested `public static class` is not the file's class).
 */

/** Names the judge accepts as a file name in the box: plain ASCII Java identifiers. */
const CLASS_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/;

/** `source` with every comment and literal replaced by spaces (newlines kept), same length. */
export function blankJavaCommentsAndLiterals(source: string): string {
  const out: string[] = [];
  const n = source.length;
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) out.push(source[k] === '\n' ? '\n' : ' ');
  };
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      let end = source.indexOf('\n', i);
      if (end < 0) end = n;
      blank(i, end);
      i = end;
    } else if (c === '/' && next === '*') {
      const close = source.indexOf('*/', i + 2);
      const end = close < 0 ? n : close + 2;
      blank(i, end);
      i = end;
    } else if (c === '"' && source.startsWith('"""', i)) {
      // Text block: ends at the next unescaped """.
      let k = i + 3;
      while (k < n && !source.startsWith('"""', k)) k += source[k] === '\\' ? 2 : 1;
      const end = Math.min(n, k + 3);
      blank(i, end);
      i = end;
    } else if (c === '"' || c === "'") {
      // A string or char literal ends at its unescaped quote, or (unterminated: javac refuses it) at the line end.
      let k = i + 1;
      while (k < n && source[k] !== c && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1;
      const end = Math.min(n, source[k] === c ? k + 1 : k);
      blank(i, end);
      i = end;
    } else {
      out.push(c);
      i++;
    }
  }
  return out.join('');
}

/** The code at brace depth 0 (class bodies dropped), comments and literals already blanked. */
function topLevel(code: string): string {
  let depth = 0;
  let out = '';
  for (const ch of code) {
    if (ch === '{') {
      if (depth === 0) out += ' { ';
      depth++;
    } else if (ch === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) out += ' } ';
    } else if (depth === 0) out += ch;
  }
  return out;
}

const PUBLIC_TYPE =
  /(?:^|[^\w$])public\s+(?:(?:abstract|final|strictfp|static|sealed|non-sealed)\s+|@[\w$.]+(?:\s*\([^)]*\))?\s+)*(?:class|interface|enum|record|@\s*interface)\s+([\w$]+)/;

/**
 * Name of the public top-level class (or interface, enum, record) of `source`; null when there is
 * none (the judge then keeps `Main.java`) or its name is not a plain ASCII identifier.
 */
export function javaPublicClass(source: string): string | null {
  const name = PUBLIC_TYPE.exec(topLevel(blankJavaCommentsAndLiterals(source)))?.[1];
  return name && CLASS_NAME.test(name) ? name : null;
}

/** Top-level declarations of blanked code: the text before each depth-0 `{` and the body up to its `}`. */
function topLevelBlocks(code: string): { header: string; body: string }[] {
  const blocks: { header: string; body: string }[] = [];
  let depth = 0;
  let headerStart = 0;
  let bodyStart = 0;
  let header = '';
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '{') {
      if (depth === 0) {
        header = code.slice(headerStart, i);
        bodyStart = i + 1;
      }
      depth++;
    } else if (ch === '}' && depth > 0) {
      depth--;
      if (depth === 0) {
        blocks.push({ header, body: code.slice(bodyStart, i) });
        headerStart = i + 1;
      }
    }
  }
  return blocks;
}

/**
 * Kotlin: the class to run when `main` is not a top-level function but a `@JvmStatic fun main` of a
 * top-level `object` (or of a class's companion object) — kotlinc names only a top-level main in the
 * jar's manifest. Null: a top-level `fun main` (the manifest has it), or nothing found.
 */
export function kotlinMainClass(source: string): string | null {
  const code = blankJavaCommentsAndLiterals(source);
  if (/(?:^|[^\w$.])fun\s+main\s*\(/.test(topLevel(code))) return null;
  for (const { header, body } of topLevelBlocks(code)) {
    const name = /(?:^|[^\w$])(?:object|class)\s+([\w$]+)[^;]*$/.exec(header)?.[1];
    if (name && CLASS_NAME.test(name) && /@JvmStatic\s+(?:[\w\s]*\s)?fun\s+main\s*\(/.test(body)) return name;
  }
  return null;
}
