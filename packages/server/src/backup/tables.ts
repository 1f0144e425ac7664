/** The tables a backup holds and a restore fills: every ordinary table of schemas public and drizzle. */
import type pg from 'pg';

export const SCHEMAS = ['public', 'drizzle'];

export interface TableInfo {
  schema: string;
  name: string;
  /** Stored columns in their order (generated columns are computed again by the target, COPY refuses them). */
  columns: string[];
}

export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<TableInfo>(
    `select n.nspname as schema, c.relname as name,
       array_agg(a.attname::text order by a.attnum) as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind = 'r' and n.nspname = any($1)
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
     group by n.nspname, c.relname
     order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  return rows;
}
