/** PostgreSQL unique violations, named by constraint, so a race on insert still gets the right message. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const src = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return src ? (src.constraint ?? 'unknown') : null;
}

export const isUniqueViolation = (err: unknown) => uniqueViolation(err) !== null;
