import { describe, expect, it } from 'vitest';
import { adminProblemBody } from '@oj/shared';
import { defaultValues, dependenciesToSave, evenScores, toBody, validateProblem, type CaseRow, type CaseState, type ProblemFormValues } from './problemForm';

const row = (input: string, output: string, extra: Partial<CaseRow> = {}): CaseRow => ({ key: input, input, output, score: null, groupNum: 1, ...extra });
const values = (patch: Partial<ProblemFormValues> = {}): ProblemFormValues => ({
  ...defaultValues(['C', 'C++']),
  problemId: 'P1000',
  title: 'A+B',
  input: 'two numbers',
  output: 'their sum',
  ...patch,
});
const manual = (rows: CaseRow[]): CaseState => ({ source: 'manual', rows });
const keys = (v: ProblemFormValues, c: CaseState, compiled = false) => validateProblem(v, c, compiled).map((p) => p.key);

describe('admin problem form', () => {
  it('splits 100 points evenly, the remainder to the last cases', () => {
    expect(evenScores([row('a', 'b'), row('c', 'd'), row('e', 'f')]).map((r) => r.score)).toEqual([33, 33, 34]);
    expect(evenScores([])).toEqual([]);
  });

  it('accepts a complete problem and builds a body the server schema takes', () => {
    const v = values({ tags: [{ id: 3, name: 'math', color: null, oj: 'ME', tcid: null }], codeTemplates: [{ language: 'C', code: 'int main(){}' }] });
    const cases = manual([row('1 2\n', '3\n')]);
    expect(validateProblem(v, cases, false)).toEqual([]);
    const body = toBody(v, cases);
    expect(body.samples).toEqual([{ input: '1 2\n', output: '3\n', score: 0, groupNum: 1 }]);
    expect(body.tags).toEqual([{ id: 3 }]);
    expect(body.problem.spjCode).toBeNull();
    expect(adminProblemBody.safeParse(body).success).toBe(true);
  });

  it('subtask dependencies: refused when a subtask needs itself or a ring; saved only between subtasks the cases make, and only in a subtask mode', () => {
    const rows = manual([row('1', '1', { groupNum: 1 }), row('2', '2', { groupNum: 2 }), row('3', '3', { groupNum: 3 })]);
    const subtasks = (deps: Record<string, number[]>) => values({ type: 1, judgeCaseMode: 'subtask_lowest', subtaskDependencies: deps });
    expect(keys(subtasks({ '2': [2] }), rows)).toContain('admin.cases.dependencySelf');
    expect(keys(subtasks({ '1': [3], '2': [1], '3': [2] }), rows)).toContain('admin.cases.dependencyCycle');
    expect(keys(subtasks({ '2': [1], '3': [1, 2] }), rows)).not.toContain('admin.cases.dependencyCycle');
    // a subtask renumbered away takes its entries with it
    expect(dependenciesToSave(subtasks({ '2': [1, 7], '9': [1] }), rows)).toEqual({ '2': [1] });
    expect(dependenciesToSave({ ...subtasks({ '2': [1] }), judgeCaseMode: 'default' }, rows)).toEqual({});
    expect(adminProblemBody.safeParse(toBody(subtasks({ '2': [1] }), rows)).success).toBe(true);
    expect(adminProblemBody.safeParse(toBody(subtasks({ '1': [2], '2': [1] }), rows)).success).toBe(false);
  });

  it('names what is missing with the spec messages', () => {
    expect(keys(values({ isFileIO: true, ioReadFileName: 'in.txt' }), manual([row('1', '1')]))).toContain('admin.problem.fileIoRequired');
    expect(keys(values({ languages: [] }), manual([row('1', '1')]))).toContain('admin.problem.languageRequired');
    expect(keys(values({ codeTemplates: [{ language: 'C', code: '  ' }] }), manual([row('1', '1')]))).toContain('admin.problem.templateEmpty');
    expect(keys(values(), { source: 'upload', rows: [] })).toContain('admin.cases.zipRequired');
    expect(keys(values(), manual([]))).toContain('admin.cases.atLeastOne');
    expect(keys(values(), manual([row('', '')]))).toContain('admin.cases.caseEmpty');
    expect(keys(values({ type: 1 }), manual([row('1', '1', { score: -1 })]))).toContain('admin.cases.scoreInvalid');
    expect(keys(values({ judgeCaseMode: 'subtask_lowest' }), manual([row('1', '1', { groupNum: null })]))).toContain('admin.cases.groupRequired');
    const twice = { id: 1, name: 'DP', color: null, oj: 'ME', tcid: null };
    expect(keys(values({ tags: [twice, { ...twice, id: 2, name: 'dp' }] }), manual([row('1', '1')]))).toContain('admin.tag.duplicate');
  });

  it('needs checker code that compiled before a special judge can be saved', () => {
    const cases = manual([row('1', '1')]);
    expect(keys(values({ judgeMode: 'spj', spjCode: '' }), cases)).toContain('admin.problem.spjCodeRequired');
    expect(keys(values({ judgeMode: 'spj', spjCode: 'int main(){}' }), cases, false)).toContain('admin.problem.spjNotCompiled');
    expect(keys(values({ judgeMode: 'spj', spjCode: 'int main(){}' }), cases, true)).toEqual([]);
    const body = toBody(values({ judgeMode: 'interactive', spjCode: 'x', judgeExtraFile: { 'testlib.h': '//' } }), cases);
    expect(body.problem.spjLanguage).toBe('C');
    expect(body.problem.judgeExtraFile).toEqual({ 'testlib.h': '//' });
  });

  it('leaves the stored cases alone when kept, and sends the zip reference when uploaded', () => {
    expect(toBody(values(), { source: 'keep', rows: [row('1.in', '1.out')] }, 7).samples).toBeUndefined();
    const up = toBody(values({ type: 1 }), { source: 'upload', rows: evenScores([row('1.in', '1.out'), row('2.in', '2.out')]), uploadDir: '/tmp/x' });
    expect(up.isUploadTestCase).toBe(true);
    expect(up.uploadTestcaseDir).toBe('/tmp/x');
    expect(up.samples?.map((s) => s.score)).toEqual([50, 50]);
  });
});
