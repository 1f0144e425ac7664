import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { guardAdminArea } from '../lib/site-policy.js';
import { registerPublicFiles } from '../lib/files.js';
import { accountRoutes } from './account/routes.js';
import { adminRoutes } from './admin/routes.js';
import { adminDashboardRoutes } from './admin-dashboard/routes.js';
import { adminSiteRoutes } from './admin-site/routes.js';
import { adminUserRoutes, generatedListRoutes } from './admin-user/routes.js';
import { fileRoutes } from './file/routes.js';
import { judgeRoutes } from './judge/routes.js';
import { adminContestHackRoutes, contestHackRoutes } from './contest-hack/routes.js';
import { hackTasks } from './contest-hack/judge-tasks.js';
import { submissionTasks } from './judge/submission-tasks.js';
import { remoteTasks } from './remote/remote-tasks.js';
import { testRunTasks } from './test-run/judge-tasks.js';
import { judgeJobTasks, remoteJobTasks } from './judge-job/judge-tasks.js';
import { openApiRoutes } from './openapi/routes.js';
import { overduePlagiarismTasks, plagiarismTasks } from './plagiarism/judge-tasks.js';
import { plagiarismRoutes } from './plagiarism/routes.js';
import { opsRoutes } from './ops/routes.js';
import { commentRoutes } from './comment/routes.js';
import { adminNoticeRoutes, messageRoutes } from './message/routes.js';
import { liveRoutes } from './live/routes.js';
import { clicsRoutes } from './clics/routes.js';
import { siteRoutes } from './site/routes.js';
import { adminProblemRoutes } from './problem/admin-routes.js';
import { problemRoutes } from './problem/routes.js';
import { adminJudgeRoutes, submissionRoutes } from './submission/routes.js';
import { rankRoutes } from './rank/routes.js';
import { homeRoutes } from './home/routes.js';
import { testRunRoutes } from './test-run/routes.js';
import { placeRoutes } from './place/routes.js';
import { adminContestRoutes, contestRoutes } from './contest/routes.js';
import { contestClarificationRoutes } from './contest/clarification-routes.js';
import { adminTrainingRoutes, trainingRoutes } from './training/routes.js';
import { adminDiscussionRoutes, discussionRoutes } from './discussion/routes.js';
import { adminPermissionRoutes } from './permission/routes.js';
import { groupRoutes } from './group/routes.js';
import { groupContestRoutes } from './group-contest/routes.js';
import { groupTrainingRoutes } from './group-training/routes.js';
import { groupBoardRoutes } from './group-board/routes.js';
import { adminGroupProblemRoutes, groupProblemRoutes } from './group-problem/routes.js';
import { adminRemoteAccountRoutes } from './remote/routes.js';
import { adminRemoteImportRoutes, remoteJudgeRoutes } from './remote/import-routes.js';

/** Every area registers its routes here. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  guardAdminArea(app);
  // Conservative defaults; each upload route passes its own limits to req.file().
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 20 } });
  await registerPublicFiles(app, ctx);

  const api = { prefix: '/api' };
  await opsRoutes(app, ctx);
  await app.register(openApiRoutes);
  await app.register((scope) => siteRoutes(scope, ctx), api);
  await app.register((scope) => accountRoutes(scope, ctx), api);
  await app.register((scope) => messageRoutes(scope, ctx), api);
  await app.register((scope) => liveRoutes(scope, ctx), api);
  await app.register((scope) => fileRoutes(scope, ctx), api);
  await app.register((scope) => generatedListRoutes(scope, ctx), api);
  await app.register((scope) => problemRoutes(scope, ctx), api);
  await app.register((scope) => placeRoutes(scope, ctx), api);
  await app.register((scope) => submissionRoutes(scope, ctx), api);
  await app.register((scope) => rankRoutes(scope, ctx), api);
  await app.register((scope) => homeRoutes(scope, ctx), api);
  await app.register((scope) => testRunRoutes(scope, ctx), api);
  await app.register((scope) => contestRoutes(scope, ctx), api);
  await app.register((scope) => contestClarificationRoutes(scope, ctx), api);
  await app.register((scope) => clicsRoutes(scope, ctx), api);
  await app.register((scope) => contestHackRoutes(scope, ctx), api);
  await app.register((scope) => trainingRoutes(scope, ctx), api);
  await app.register((scope) => discussionRoutes(scope, ctx), api);
  await app.register((scope) => commentRoutes(scope, ctx), api);
  await app.register((scope) => groupRoutes(scope, ctx), api);
  await app.register((scope) => groupContestRoutes(scope, ctx), api);
  await app.register((scope) => groupTrainingRoutes(scope, ctx), api);
  await app.register((scope) => groupBoardRoutes(scope, ctx), api);
  await app.register((scope) => groupProblemRoutes(scope, ctx), api);
  await app.register((scope) => plagiarismRoutes(scope, ctx), api);
  await app.register((scope) => adminContestRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminContestHackRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminTrainingRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminDiscussionRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminRemoteAccountRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminRemoteImportRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => remoteJudgeRoutes(scope, ctx), api);
  await app.register((scope) => adminPermissionRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminDashboardRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminUserRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminNoticeRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminSiteRoutes(scope, ctx), api);
  await app.register((scope) => adminProblemRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminGroupProblemRoutes(scope, ctx), { prefix: '/api/admin' });
  await app.register((scope) => adminJudgeRoutes(scope, ctx), { prefix: '/api/admin' });
  // Test runs first: someone is waiting at the screen for them, and they are short and rate-limited. Hacks
  // before submissions: a contest's hacker waits for the verdict, and there are at most a few per hacker.
  // Plagiarism checks after submissions: nobody's verdict waits for one; but one that waited long goes first.
  await app.register(
    (scope) =>
      judgeRoutes(scope, ctx, [judgeJobTasks, testRunTasks, hackTasks, overduePlagiarismTasks, submissionTasks, plagiarismTasks, remoteTasks, remoteJobTasks]),
    {
      prefix: '/api/judge',
    },
  );
}
