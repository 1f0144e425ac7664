/**
 * The backup archive: one gzip'd tar holding `db/<schema>.<table>.bin` (each table as PostgreSQL's
 * binary COPY), `files/<path>` (everything kept under DATA_DIR but the embedded PostgreSQL's own files)
 * and, last, `manifest.json`. The manifest comes last because it carries the checksums of everything
 * before it, known only once that is written; a reader checks the whole archive before using any of it,
 * so it has read the manifest by then anyway.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Raised when this format changes in a way older code cannot read. */
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const DB_PREFIX = 'db/';
export const FILES_PREFIX = 'files/';

/**
 * What under DATA_DIR is not site data: the embedded PostgreSQL (its data comes through COPY), its
 * password and owner record (they belong to that cluster, the target has its own) and scratch space.
 */
export const NOT_BACKED_UP = new Set(['pg', 'pg.password', 'pg.owner', 'tmp']);

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.number().int().positive(),
  appVersion: z.string(),
  createdAt: z.string(),
  /** How many of the migrations journal's entries the database had, and the last one's tag. */
  migrations: z.object({ count: z.number().int().nonnegative(), last: z.string().nullable() }),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      /** The columns in the order the data has them (COPY names them, so the target's order does not matter). */
      columns: z.array(z.string()),
      rows: z.number().int().nonnegative(),
      size: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  files: z.array(z.object({ path: z.string(), size: z.number().int().nonnegative(), mode: z.number().int(), sha256 })),
  /** Files that were listed but gone when their turn came (deleted while the backup ran). */
  skipped: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = Manifest['tables'][number];

export const tableEntryName = (t: { schema: string; name: string }) => `${DB_PREFIX}${t.schema}.${t.name}.bin`;

/**
 * Whether `rel` is a plain relative path below DATA_DIR (no `..`, not absolute, not the database's
 * own files): an archive naming anything else is refused, so no archive writes outside DATA_DIR.
 */
export function safeDataPath(rel: string): boolean {
  if (!rel || rel.includes('\0') || rel.includes('\\') || path.posix.isAbsolute(rel)) return false;
  const parts = rel.split('/');
  return parts.every((p) => p !== '' && p !== '.' && p !== '..') && !NOT_BACKED_UP.has(parts[0]!);
}

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('its manifest is not JSON');
  }
  const format = (json as { format?: unknown })?.format;
  if (typeof format === 'number' && format > FORMAT_VERSION) {
    throw new Error(`it was written in backup format ${format} by a newer version; upgrade first`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new Error(`its manifest is malformed (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

/** The server's version, recorded in the manifest for whoever reads it later. */
export function appVersion(): string {
  const pkg = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}
