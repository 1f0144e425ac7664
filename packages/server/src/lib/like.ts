/** `%`, `_` and `\` of a user's keyword match themselves in a LIKE pattern. */
export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
