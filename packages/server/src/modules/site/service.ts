import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { OWN_OJ, type Announcement, type CarouselItem, type LanguageInfo, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements, carousel, files, languages, users } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import { FILES_URL } from '../../lib/files.js';

export async function homeCarousel(ctx: AppContext): Promise<CarouselItem[]> {
  const rows = await ctx.database.db
    .select({ id: carousel.id, path: files.path })
    .from(carousel)
    .innerJoin(files, eq(files.id, carousel.fileId))
    .orderBy(asc(carousel.seq), asc(carousel.id));
  return rows.map((r) => ({ id: r.id, url: `${FILES_URL}/${r.path}` }));
}

/** Visible site-wide announcements (not those of a contest or group), newest first. */
export async function siteAnnouncements(ctx: AppContext, currentPage: number, limit: number): Promise<Page<Announcement>> {
  const { db } = ctx.database;
  const where = and(eq(announcements.status, 0), isNull(announcements.cid), isNull(announcements.gid));
  const { records: rows, total } = await pageOf(
    db
      .select({
        id: announcements.id,
        title: announcements.title,
        content: announcements.content,
        username: users.username,
        gmtCreate: announcements.gmtCreate,
        gmtModified: announcements.gmtModified,
      })
      .from(announcements)
      .leftJoin(users, eq(users.uid, announcements.uid))
      .where(where)
      .orderBy(desc(announcements.gmtCreate), desc(announcements.id))
      .limit(limit)
      .offset(pageOffset(currentPage, limit)),
    db.select({ n: count() }).from(announcements).where(where),
  );
  return {
    records: rows.map((r) => ({ ...r, username: r.username ?? '', gmtCreate: r.gmtCreate.toISOString(), gmtModified: r.gmtModified.toISOString() })),
    total,
  };
}

/** Our own judges' languages (oj ME) in display order; `all` adds those of the remote judges. */
export async function languageList(ctx: AppContext, all: boolean): Promise<LanguageInfo[]> {
  const rows = await ctx.database.db
    .select({
      id: languages.id,
      name: languages.name,
      description: languages.description,
      compileCommand: languages.compileCommand,
      template: languages.template,
      oj: languages.oj,
      contentType: languages.contentType,
    })
    .from(languages)
    .where(all ? undefined : eq(languages.oj, OWN_OJ))
    .orderBy(asc(languages.oj), asc(languages.seq), asc(languages.id));
  return rows;
}
