/** The settings of /admin/conf that are not the website's public fields: mobile SMS, group limits, the data source. */
import { sql } from 'drizzle-orm';
import type { DataSourceInfo, GroupConfig, GroupConfigBody, SmsConfig, SmsConfigBody } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { getSetting, putSetting, type SmsSettings } from '../../lib/site-config.js';

const publicSms = ({ secret, ...rest }: SmsSettings): SmsConfig => ({ ...rest, hasSecret: secret.length > 0 });

export async function getSmsConfig(ctx: AppContext): Promise<SmsConfig> {
  return publicSms(await getSetting(ctx.database.db, 'sms'));
}

/** Like the SMTP password: a blank secret keeps the stored one, since the screen never receives it. */
export async function setSmsConfig(ctx: AppContext, body: SmsConfigBody): Promise<SmsConfig> {
  const { secret, ...rest } = body;
  return publicSms(await putSetting(ctx.database.db, 'sms', secret ? { ...rest, secret } : rest));
}

export const getGroupConfig = (ctx: AppContext): Promise<GroupConfig> => getSetting(ctx.database.db, 'group');

export const setGroupConfig = (ctx: AppContext, body: GroupConfigBody): Promise<GroupConfig> => putSetting(ctx.database.db, 'group', body);

/** The connection string with any password taken out (user info kept, so the operator sees who connects). */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '';
    // A password may also travel as a query parameter (libpq's `password=`).
    u.searchParams.delete('password');
    return u.toString();
  } catch {
    return '';
  }
}

/** HOJ's get-db-and-redis-config, read only: where the data lives, which PostgreSQL, how big. */
export async function dataSourceInfo(ctx: AppContext): Promise<DataSourceInfo> {
  const res = await ctx.database.db.execute<{ database: string; version: string; size: string }>(
    sql`select current_database() as database, current_setting('server_version') as version, pg_database_size(current_database())::text as size`,
  );
  const r = res.rows[0]!;
  return {
    url: withoutPassword(ctx.database.url),
    embedded: !ctx.config.databaseUrl,
    database: r.database,
    version: r.version,
    sizeBytes: Number(r.size),
  };
}
