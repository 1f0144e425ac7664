/** Text as PostgreSQL can store it (text columns refuse NUL; jsonb also a lone surrogate). */
/** Half of a surrogate pair (e.g. a string cut between the two). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.source;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE, 'g');
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE}`);

/** True when PostgreSQL can store the text: text columns refuse NUL, jsonb also a lone surrogate. */
export const isStorable = (s: string) => !UNSTORABLE.test(s);

/**
 * Program output as PostgreSQL can store it: without NUL characters (a program may print them) and
 * without a surrogate pair cut in half by a trim.
 */
export function storableText(s: string): string {
  const t = s.includes('\u0000') ? s.replaceAll('\u0000', '') : s;
  return t.replace(LONE_SURROGATES, '\ufffd');
}
