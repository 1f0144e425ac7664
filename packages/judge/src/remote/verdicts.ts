/**
 * A site's verdict texts as our statuses. Texts are compared normalised (upper case, no spaces, `_` or
 * `-`), so "Wrong Answer", "WRONG_ANSWER" and "wrong-answer" are one entry. An unknown text is never
 * guessed. Where the status text is all a site says (HDU, POJ), an unknown one is polled on (`unknown`)
 * until the bounded poll ends; where the site says apart that a run is final (Codeforces' `waiting`), a
 * final run with an unknown text is a System Error that keeps the text (`raw`) for the admin.
 */
import { JudgeStatus } from '@oj/shared';

export type VerdictEntry = number | 'pending' | 'compiling' | 'judging';

export const normaliseVerdict = (text: string) => text.toUpperCase().replace(/[\s_-]+/g, '');

export class VerdictTable {
  private readonly map = new Map<string, VerdictEntry>();

  constructor(entries: Record<string, VerdictEntry>) {
    for (const [k, v] of Object.entries(entries)) this.map.set(normaliseVerdict(k), v);
  }

  /** The entry for `text`, or undefined when the site said something this table does not know. */
  lookup(text: string): VerdictEntry | undefined {
    return this.map.get(normaliseVerdict(text));
  }
}

/** The verdicts most sites write in full words; a site's own table extends it. */
export const COMMON_VERDICTS: Record<string, VerdictEntry> = {
  Accepted: JudgeStatus.ACCEPTED,
  'Wrong Answer': JudgeStatus.WRONG_ANSWER,
  'Presentation Error': JudgeStatus.PRESENTATION_ERROR,
  'Time Limit Exceeded': JudgeStatus.TIME_LIMIT_EXCEEDED,
  'Memory Limit Exceeded': JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  'Output Limit Exceeded': JudgeStatus.OUTPUT_LIMIT_EXCEEDED,
  'Runtime Error': JudgeStatus.RUNTIME_ERROR,
  'Compile Error': JudgeStatus.COMPILE_ERROR,
  'Compilation Error': JudgeStatus.COMPILE_ERROR,
  'System Error': JudgeStatus.SYSTEM_ERROR,
  Pending: 'pending',
  Queuing: 'pending',
  Waiting: 'pending',
  Compiling: 'compiling',
  Running: 'judging',
  Judging: 'judging',
};
