import { asc, eq } from 'drizzle-orm';
import { OWN_OJ, type Announcement, type CarouselItem, type LanguageInfo, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { carousel, files, languages } from '../../db/schema/index.js';
import { FILES_URL } from '../../lib/files.js';
import { ownerAnnouncements } from '../announcement/service.js';
import { siteOwner } from '../owner/index.js';

export async function homeCarousel(ctx: AppContext): Promise<CarouselItem[]> {
  const rows = await ctx.database.db
    .select({ id: carousel.id, path: files.path })
    .from(carousel)
    .innerJoin(files, eq(files.id, carousel.fileId))
    .orderBy(asc(carousel.seq), asc(carousel.id));
  return rows.map((r) => ({ id: r.id, url: `${FILES_URL}/${r.path}` }));
}

/** The site owner's shown announcements (not a contest's or a group's), newest first (/home). */
export async function siteAnnouncements(ctx: AppContext, currentPage: number, limit: number): Promise<Page<Announcement>> {
  const { records, total } = await ownerAnnouncements(ctx, siteOwner(null), { currentPage, limit }, true);
  return {
    records: records.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      username: r.username ?? '',
      gmtCreate: r.gmtCreate.toISOString(),
      gmtModified: r.gmtModified.toISOString(),
    })),
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
