/**
 * What an adapter read from a site, fitted to the bounds the server takes (@oj/shared remote-judge.ts):
 * an over-long statement, sample or tag is cut rather than the whole import refused, and text is made
 * storable (no NUL, no half surrogate pair). What cannot be fitted (no title, a limit that is no number)
 * is said in words instead of a 400 from the server.
 */
import { otherContest, type OtherContest, type RemoteProblemData, remoteProblemData, storableText } from '@oj/shared';
import type { RecentContest, RemoteProblem } from '../remote/types.js';

/** The list bounds of remoteProblemData and of a contests result; the text bounds are read from the schemas. */
const MAX_SAMPLES = 50;
const MAX_TAGS = 50;
export const MAX_CONTESTS = 500;

const fields = remoteProblemData.shape;
const sampleFields = fields.samples.element.shape;
const ioFields = fields.io.unwrap().shape;
const contestFields = otherContest.shape;

const cut = (text: string, bound: { maxLength: number | null }) => {
  const max = bound.maxLength ?? text.length;
  return storableText(text.length > max ? text.slice(0, max) : text);
};

export function fitRemoteProblem(p: RemoteProblem): { ok: true; problem: RemoteProblemData } | { ok: false; error: string } {
  const fitted = {
    remoteId: cut(p.remoteId, fields.remoteId),
    title: cut(p.title.trim(), fields.title),
    timeLimitMs: Math.round(p.timeLimitMs),
    memoryLimitMb: Math.round(p.memoryLimitMb),
    description: cut(p.description, fields.description),
    input: cut(p.input, fields.input),
    output: cut(p.output, fields.output),
    hint: cut(p.hint, fields.hint),
    format: p.format,
    samples: p.samples.slice(0, MAX_SAMPLES).map((s) => ({ input: cut(s.input, sampleFields.input), output: cut(s.output, sampleFields.output) })),
    source: cut(p.source, fields.source),
    url: cut(p.url, fields.url),
    tags: p.tags.slice(0, MAX_TAGS).map((t) => cut(t, fields.tags.element)),
    ...(p.pdfUrl === undefined ? {} : { pdfUrl: cut(p.pdfUrl, fields.pdfUrl.unwrap()) }),
    ...(p.io === undefined ? {} : { io: { input: cut(p.io.input, ioFields.input), output: cut(p.io.output, ioFields.output) } }),
  };
  const checked = remoteProblemData.safeParse(fitted);
  if (checked.success) return { ok: true, problem: checked.data };
  const issues = checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  return { ok: false, error: `the problem read from the site does not fit: ${issues}` };
}

/** The contests, soonest first, each field within its bound, at most as many as a result takes. */
export function fitContests(list: RecentContest[]): OtherContest[] {
  return [...list]
    .sort((a, b) => a.beginTime.localeCompare(b.beginTime))
    .slice(0, MAX_CONTESTS)
    .map((c) => ({
      oj: c.oj,
      title: cut(c.title, contestFields.title),
      url: cut(c.url, contestFields.url),
      beginTime: cut(c.beginTime, contestFields.beginTime),
      endTime: cut(c.endTime, contestFields.endTime),
    }));
}
