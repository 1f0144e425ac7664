/** Training fixtures shared by the training API tests: categories, trainings and their problems through the admin API. */
import { client, type TypedInput } from './client.js';
import type { TestApp } from './harness.js';

/** The admin form's body; the overrides are not checked (a test of a refused value sends it through the raw helpers). */
export type TrainingForm = TypedInput<'adminTraining.add'>['body'];

export const trainingForm = (o: { categoryId?: number; [k: string]: unknown } = {}): TrainingForm => {
  const { categoryId, ...training } = o;
  return {
    training: { title: 'Basics', description: 'Start here.', auth: 'Public', rank: 1000, status: true, ...training },
    trainingCategory: categoryId === undefined ? null : { id: categoryId },
  };
};

export async function createCategory(t: TestApp, token: string, name: string, color = '#409eff'): Promise<number> {
  const r = await client(t, token).call('adminTraining.addCategory', { body: { name, color } });
  if (r.status !== 200) throw new Error(`create category: ${r.msg}`);
  return r.data.id;
}

/** Creates a training through the admin API and adds the bank problems `pids` in order; returns its id. */
export async function createTraining(t: TestApp, token: string, o: Record<string, unknown> & { categoryId: number }, pids: number[] = []): Promise<number> {
  const r = await client(t, token).call('adminTraining.add', { body: trainingForm(o) });
  if (r.status !== 200) throw new Error(`create training: ${r.msg}`);
  const tid = r.data.training.id;
  for (const pid of pids) {
    const a = await client(t, token).call('adminTraining.addFromPublic', { body: { tid, pid } });
    if (a.status !== 200) throw new Error(`add problem ${pid}: ${a.msg}`);
  }
  return tid;
}
