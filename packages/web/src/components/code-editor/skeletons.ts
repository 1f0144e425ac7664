/**
 * The code an empty editor starts from when the problem has no template of its own for the language:
 * only what the language needs before a line of the answer can be written (an entry point, the class
 * name the judge compiles as). Never a solution: the judges' language `template` is the A+B program of
 * the help page, and pre-filling it answered every problem with A+B.
 * Chosen by the language's content type (what a judge reports), else by its name.
 */
const SKELETONS: { mime: string; name: RegExp; code: string }[] = [
  { mime: 'text/x-csrc', name: /^c( |$)/i, code: '#include <stdio.h>\n\nint main(void) {\n    \n    return 0;\n}\n' },
  { mime: 'text/x-c++src', name: /^c\+\+|^g\+\+/i, code: '#include <iostream>\nusing namespace std;\n\nint main() {\n    \n    return 0;\n}\n' },
  {
    mime: 'text/x-java',
    name: /^java( |$)/i,
    code: 'import java.util.*;\n\npublic class Main {\n    public static void main(String[] args) {\n        \n    }\n}\n',
  },
  { mime: 'text/x-go', name: /^go/i, code: 'package main\n\nfunc main() {\n\t\n}\n' },
  { mime: 'text/x-rustsrc', name: /^rust/i, code: 'fn main() {\n    \n}\n' },
  { mime: 'text/x-csharp', name: /^c#/i, code: 'using System;\n\npublic class Program {\n    public static void Main() {\n        \n    }\n}\n' },
  { mime: 'text/x-pascal', name: /^pascal/i, code: 'program main;\nbegin\n  \nend.\n' },
  { mime: 'text/x-kotlin', name: /^kotlin/i, code: 'fun main() {\n    \n}\n' },
  { mime: 'text/x-haskell', name: /^haskell/i, code: 'main :: IO ()\nmain = do\n  \n' },
  // Text outside <?php … ?> is printed as it is.
  { mime: 'text/x-php', name: /^php/i, code: '<?php\n\n' },
];

/** The minimal skeleton of a language; '' for scripts (Python, JavaScript, Ruby…), which need none. */
export function skeletonOf(name: string, contentType?: string): string {
  const mime = (contentType ?? '').toLowerCase();
  const hit = SKELETONS.find((s) => s.mime === mime) ?? (mime && mime !== 'text/plain' ? undefined : SKELETONS.find((s) => s.name.test(name)));
  return hit?.code ?? '';
}
