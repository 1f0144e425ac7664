/**
 * What an importer says about a problem it imported anyway (a link left out, a default time limit,
 * generated tests that could not be made): a catalogue message and its values, so the admin page
 * shows it in the reader's language.
 */
import { formatMsg, MSG, type MsgKey } from '@oj/shared';

export interface ImportWarning {
  key: MsgKey;
  params: Record<string, string | number>;
}

/** The English text of a warning (logs, tests; the web translates the key). */
export const warningText = (w: ImportWarning) => formatMsg(MSG[w.key], w.params);
