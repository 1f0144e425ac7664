import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { announcementBody, changeProblemAuthBody, classificationBody, MSG, tagBody } from '@oj/shared';
import { deriveFields } from './endpointFields';

const byName = (body: z.ZodObject) => Object.fromEntries(deriveFields(body).map((f) => [f.name, f]));

describe('a form derived from an endpoint body', () => {
  it('reads text, number, switch and select fields with their bounds', () => {
    const f = byName(
      z.object({
        name: z.string().trim().min(2).max(40),
        note: z.string().max(200).optional(),
        score: z.coerce.number().int().min(0).max(100),
        open: z.boolean().default(false),
        lang: z.enum(['C', 'Java']),
      }),
    );
    expect(f.name).toEqual({ name: 'name', kind: 'input', required: true, min: 2, max: 40, requiredMessage: expect.any(String) });
    expect(f.note).toMatchObject({ kind: 'input', required: false, max: 200 });
    expect(f.score).toMatchObject({ kind: 'number', required: true, min: 0, max: 100, integer: true });
    expect(f.open).toMatchObject({ kind: 'switch', required: false, initial: false });
    expect(f.lang).toMatchObject({
      kind: 'select',
      required: true,
      options: [
        { value: 'C', label: 'C' },
        { value: 'Java', label: 'Java' },
      ],
    });
  });

  it('sees through default-then-pipe: the announcement title is required with the catalogue message', () => {
    const f = byName(announcementBody);
    expect(Object.keys(f)).toEqual(['id', 'title', 'content', 'status']);
    expect(f.id).toMatchObject({ kind: 'number', required: false, integer: true, min: 1 });
    expect(f.title).toMatchObject({ kind: 'input', required: true, min: 1, max: 255, requiredMessage: MSG.announcementTitleRequired });
    expect(f.content).toMatchObject({ kind: 'input', required: true, requiredMessage: MSG.announcementContentRequired });
    // status has a default, so leaving it out is fine; its default is what a new one starts with
    expect(f.status).toMatchObject({ kind: 'number', required: false, min: 0, max: 1, initial: 0 });
  });

  it('tags and classifications: blank names refused, nullish fields optional, defaults kept', () => {
    const tag = byName(tagBody);
    expect(tag.name).toMatchObject({ required: true, max: 50, requiredMessage: 'The tag name is required' });
    expect(tag.color).toMatchObject({ kind: 'input', required: false, max: 30 });
    expect(tag.tcid).toMatchObject({ kind: 'number', required: false });
    expect(tag.oj).toMatchObject({ required: false, initial: 'ME' });
    const c = byName(classificationBody);
    expect(c.rank).toMatchObject({ kind: 'number', required: false, min: 0, max: 1_000_000, integer: true, initial: 0 });
  });

  it('a union of literals is a select of those values', () => {
    expect(byName(changeProblemAuthBody).auth).toMatchObject({ kind: 'select', required: true, options: [{ value: 1 }, { value: 2 }, { value: 3 }] });
  });
});
