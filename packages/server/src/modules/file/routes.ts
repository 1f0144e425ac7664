import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  downloadTestcaseQuery,
  exportPackageQuery,
  exportProblemQuery,
  fileEndpoints as ep,
  fileTransferEndpoints as ft,
  importProblemsQuery,
  importVisibilityQuery,
  mdUploadQuery,
  uploadTestcaseZipQuery,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { parse } from '../../lib/validate.js';
import { exportHojProblems } from '../problem/admin-import.js';
import { exportProblemPackages } from '../problem/packages/export.js';
import { downloadTestcase, uploadTestcaseZip } from '../problem/admin-testcase.js';
import { administeredProblemOwner } from '../problem/admin-access.js';
import { importFormats } from '../problem/import/registry.js';
import { collectImport } from '../problem/import/run.js';
import { streamImport } from '../problem/import/stream.js';
import { deleteMdImage, uploadMdFile, uploadMdImage } from './md.js';
import { adminStanding, memberStanding } from '../group/access.js';
import { maySite, requireSite } from '../policy/index.js';
import { forbidden } from '../../lib/errors.js';
import { uploadAvatar } from './service.js';

function sendZip(reply: FastifyReply, file: { name: string; zip: Buffer }) {
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="${file.name}"`)
    .header('Cache-Control', 'no-store')
    .send(file.zip);
}

/**
 * Uploads and file downloads. Prefix /api. (Stored files are served by lib/files.ts at /api/public/files/*.)
 * The two JSON calls come from `fileEndpoints`; uploads (multipart) and downloads (zips, the NDJSON
 * import stream) read and answer the raw request, which `serve` does not describe.
 */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  // Import and export are the super admin's (HOJ: root only).
  const rootOnly = { preHandler: requireSite('moveProblems') };
  const adminArea = { preHandler: requireSite('administer') };

  app.post(urlUnder(app, ft.uploadAvatar), { preHandler: requireLogin }, async (req) => ok(await uploadAvatar(ctx, req, userOf(req).uid)));

  // With `gid` the group problem form uploads: the group's admins; without it the problem admins.
  app.post(urlUnder(app, ft.uploadTestcaseZip), { preHandler: requireLogin }, async (req) => {
    const q = parse(uploadTestcaseZipQuery, req.query);
    const user = userOf(req);
    if (q.gid) await adminStanding(ctx.database.db, user, q.gid);
    else if (!maySite(user, 'manageProblems')) throw forbidden();
    return ok(await uploadTestcaseZip(ctx, req, q.mode));
  });

  // A bank problem's test data: the problem admins; a group problem's: those who manage it in its group
  // (group root, its author among the group admins, the super admin), not the site's problem admins.
  app.get(urlUnder(app, ft.downloadTestcase), { preHandler: requireLogin }, async (req, reply) => {
    const { pid } = parse(downloadTestcaseQuery, req.query);
    await administeredProblemOwner(ctx.database.db, userOf(req), pid);
    return sendZip(reply, await downloadTestcase(ctx, pid));
  });

  // Imports are private until published, unless `visibility=public` is asked for.
  app.post(urlUnder(app, ft.importProblem), rootOnly, async (req) =>
    ok(await collectImport(ctx, req, userOf(req), 'hoj', parse(importVisibilityQuery, req.query).visibility)),
  );

  app.post(urlUnder(app, ft.importFpsProblem), rootOnly, async (req) =>
    ok(await collectImport(ctx, req, userOf(req), 'fps', parse(importVisibilityQuery, req.query).visibility)),
  );

  serve(app, ep.importFormats, rootOnly, async () => ok(importFormats()));

  // The batch import streams one NDJSON line per problem (see ImportEvent) as it goes.
  app.post(urlUnder(app, ft.importProblems), rootOnly, async (req, reply) => {
    const q = parse(importProblemsQuery, req.query);
    return streamImport(ctx, req, reply, q.format, q.visibility);
  });

  app.get(urlUnder(app, ft.exportProblem), rootOnly, async (req, reply) =>
    sendZip(reply, await exportHojProblems(ctx, parse(exportProblemQuery, req.query).pid)),
  );

  app.get(urlUnder(app, ft.exportProblemPackage), rootOnly, async (req, reply) => {
    const q = parse(exportPackageQuery, req.query);
    return sendZip(reply, await exportProblemPackages(ctx, q.pid, q.format));
  });

  // Also for users writing discussions and comments (policy uploadImages, an hourly quota outside the admin area).
  // With `gid` the file belongs to the group: its members only.
  app.post(urlUnder(app, ft.uploadMdImage), { preHandler: requireLogin }, async (req) => {
    const gid = parse(mdUploadQuery, req.query).gid ?? null;
    if (gid !== null) await memberStanding(ctx.database.db, userOf(req), gid);
    return ok(await uploadMdImage(ctx, req, userOf(req), gid));
  });

  serve(app, ep.deleteMdImage, adminArea, async ({ query, req }) => {
    await deleteMdImage(ctx, query.fileId, userOf(req));
    return ok(null);
  });

  app.post(urlUnder(app, ft.uploadMdFile), adminArea, async (req) => {
    const gid = parse(mdUploadQuery, req.query).gid ?? null;
    if (gid !== null) await memberStanding(ctx.database.db, userOf(req), gid);
    return ok(await uploadMdFile(ctx, req, userOf(req).uid, gid));
  });
}
