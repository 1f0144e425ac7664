/** PostgreSQL's foreign-key violation (23503): a row this write references was deleted meanwhile. */
export const foreignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};
