/** The editor's start for a problem without its own template: an entry point, never a solution. */
import { describe, expect, it } from 'vitest';
import { skeletonOf } from '../src/components/code-editor/skeletons';

const SOLUTION = /a \+ b|scanf|cin\s*>>|input\(|nextLong|Scan\(|read_to_string/;

describe('language skeletons', () => {
  it('give compiled languages their entry point and nothing that reads or answers', () => {
    for (const [name, mime, entry] of [
      ['C', 'text/x-csrc', 'int main(void)'],
      ['C++ 17 With O2', 'text/x-c++src', 'int main()'],
      ['Java', 'text/x-java', 'public class Main'],
      ['Golang', 'text/x-go', 'func main()'],
      ['Rust', 'text/x-rustsrc', 'fn main()'],
      ['C#', 'text/x-csharp', 'static void Main()'],
      ['Pascal', 'text/x-pascal', 'begin'],
      ['Kotlin', 'text/x-kotlin', 'fun main()'],
      ['Haskell', 'text/x-haskell', 'main = do'],
      ['PHP', 'text/x-php', '<?php'],
    ] as const) {
      const code = skeletonOf(name, mime);
      expect(code, name).toContain(entry);
      expect(code, name).not.toMatch(SOLUTION);
    }
  });

  it('find the language by name when the judge reported no content type', () => {
    expect(skeletonOf('C++ 14')).toContain('int main()');
    expect(skeletonOf('Java')).toContain('class Main');
    expect(skeletonOf('C#')).toContain('static void Main()');
    expect(skeletonOf('Kotlin')).toContain('fun main()');
  });

  it('leave scripts empty', () => {
    expect(skeletonOf('Python3', 'text/x-python')).toBe('');
    expect(skeletonOf('JavaScript Node', 'text/javascript')).toBe('');
    expect(skeletonOf('Ruby', 'text/x-ruby')).toBe('');
  });
});
