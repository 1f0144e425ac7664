import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { Role } from '@oj/shared';
import type { AppContext } from './context.js';
import { announcements, carousel, files, siteConfig, userRoles, users } from './db/schema/index.js';
import { generatePassword, hashPassword } from './lib/password.js';
import { getSecrets } from './lib/secrets.js';
import { putSetting } from './lib/site-config.js';
import { seedProblems } from './seed-problems.js';
import { demoTexts } from './demo-texts/index.js';
import { seedContests } from './modules/contest/seed.js';
import { seedTrainings } from './modules/training/seed.js';
import { seedDiscussions } from './modules/discussion/seed.js';
import { seedGroups } from './modules/group/seed.js';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets');

export interface SeedOptions {
  /**
   * Also create the demo problems (and the demo contests on them) when the problem bank is empty.
   * `npm start` (main.ts) asks for it;
   * the test harness does not, because API tests build their own problems (P1000 … would clash).
   */
  demoProblems?: boolean;
  /** The welcome announcement and the demo carousel image of a new site (default true; `OJ_DEMO=0`: none). */
  welcome?: boolean;
}

/** What `npm start` seeds: everything of the demo unless `OJ_DEMO=0` (config.demo) asked for an empty site. */
export function firstStartSeed(ctx: AppContext) {
  return seed(ctx, { demoProblems: ctx.config.demo, welcome: ctx.config.demo });
}

/** site_config key written when the first start was asked for no demo content (`OJ_DEMO=0`). */
const DEMO_DECLINED = 'demoDeclined';

/** The website description earlier versions stored at first start (see the clean-up in `seed`). */
export const SHIPPED_DESCRIPTION = 'An online judge for learning and competitive programming.';

/**
 * First-start content: the super admin `root`, site settings, a welcome announcement and a carousel
 * image, and on request the demo problems, demo contests, demo trainings, demo discussions and demo groups. Idempotent: each piece is created only when missing, so
 * restarts keep what admins changed.
 */
export async function seed({ config, database }: AppContext, o: SeedOptions = {}): Promise<{ generatedRootPassword?: string }> {
  const { db } = database;
  const result: { generatedRootPassword?: string } = {};
  // Token and puzzle keys exist from the first start on (they are created on first use otherwise).
  await getSecrets(database);

  const [root] = await db.select().from(users).where(eq(users.username, 'root'));
  if (!root) {
    const password = config.rootPassword ?? generatePassword();
    const uid = crypto.randomUUID();
    await db.insert(users).values({ uid, username: 'root', password: await hashPassword(password), email: null, nickname: 'root' });
    await db.insert(userRoles).values({ uid, roleId: Role.ROOT });
    if (!config.rootPassword) {
      result.generatedRootPassword = password;
      fs.writeFileSync(path.join(config.dataDir, 'initial-root-password'), `${password}\n`, { mode: 0o600 });
    }
  }

  const [website] = await db.select().from(siteConfig).where(eq(siteConfig.key, 'website'));
  if (!website && o.demoProblems === false) {
    // A site started empty stays so: a later start without OJ_DEMO=0 does not fill its bank with demos.
    await db.insert(siteConfig).values({ key: DEMO_DECLINED, value: true }).onConflictDoNothing();
  }
  if (!website) {
    await putSetting(db, 'website', {});
  }
  if (!website && o.welcome !== false) {
    const rootUid = (await db.select({ uid: users.uid }).from(users).where(eq(users.username, 'root')))[0]?.uid;
    const { welcome } = demoTexts(config.demoLang);
    await db.insert(announcements).values({ title: welcome.title, content: welcome.content, uid: rootUid });
    const svg = fs.readFileSync(path.join(assets, 'demo-carousel.svg'));
    const hash = crypto.createHash('sha256').update(svg).digest('hex');
    const rel = path.join('carousel', `${hash}.svg`);
    fs.mkdirSync(path.join(config.dataDir, 'files', 'carousel'), { recursive: true });
    fs.writeFileSync(path.join(config.dataDir, 'files', rel), svg);
    const [file] = await db
      .insert(files)
      .values({ kind: 'carousel', name: 'demo-carousel.svg', path: rel, mime: 'image/svg+xml', size: svg.length, uid: rootUid })
      .returning();
    await db.insert(carousel).values({ fileId: file!.id, seq: 1 });
  } else if (website && (website.value as { description?: string }).description === SHIPPED_DESCRIPTION) {
    // Sites seeded before stored this English default as their own description, and the about page then
    // opened with it in every language; nobody wrote it, so it goes and each language shows its own text.
    await putSetting(db, 'website', { description: '' });
  }
  // Demo contests, trainings and discussions use the demo problems: they come on the first start only, never into a
  // bank an administrator has already filled.
  const [declined] = await db.select().from(siteConfig).where(eq(siteConfig.key, DEMO_DECLINED));
  if (o.demoProblems && !declined && (await seedProblems({ config, database })) > 0) {
    await seedContests({ config, database });
    await seedTrainings({ config, database });
    await seedDiscussions({ config, database });
    await seedGroups({ config, database });
  }
  return result;
}
