/** Test cases and a problem body for the A + B problems the tests make through the admin API. */

export interface TestCase {
  input: string;
  output: string;
}

/** The two test cases of an A + B problem. */
export const A_PLUS_B_CASES: TestCase[] = [
  { input: '1 2\n', output: '3\n' },
  { input: '40 2\n', output: '42\n' },
];

/**
 * `n` A + B cases: inputs "i 2", answers i + 2. A `salt` line after the numbers (not read by the
 * programs) makes the data of one problem differ from another's, so no judge's test-data cache shares them.
 */
export const countedAPlusBCases = (n: number, salt = ''): TestCase[] =>
  Array.from({ length: n }, (_, i) => ({ input: `${i + 1} ${2}\n${salt ? `${salt}\n` : ''}`, output: `${i + 3}\n` }));

/**
 * The smallest body of POST /api/admin/problem (and its group twin) for an A + B problem: statement,
 * the two cases, no language restriction, tag or template. `problem` overrides statement fields, `rest`
 * the other parts of the body (samples, tags, gid ...).
 */
export const aPlusBProblemBody = (problemId: string, problem: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
  problem: { problemId, title: `Problem ${problemId}`, description: 'Add two numbers.', input: 'a b', output: 'a+b', ...problem },
  samples: A_PLUS_B_CASES,
  languages: [] as string[],
  tags: [] as { name: string }[],
  codeTemplates: [] as { language: string; code: string; status: boolean }[],
  ...rest,
});
