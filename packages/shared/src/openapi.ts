/**
 * Every endpoint table of the API in one place, and the OpenAPI 3.1 document made from them: the paths,
 * methods and the JSON Schemas of queries and bodies, as the server parses them. Not in the package's
 * index (the web's first load needs none of this): `@oj/shared/openapi`.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { fileTransferEndpoints } from './file-transfer.js';
import { accountEndpoints } from './account.js';
import { adminDashboardEndpoints } from './admin-dashboard.js';
import { adminSiteEndpoints } from './admin-site.js';
import { adminUserEndpoints } from './admin-user.js';
import { adminEndpoints, fileEndpoints } from './admin.js';
import { adminContestEndpoints, contestEndpoints } from './contest.js';
import { contestClarificationEndpoints } from './contest-clarification.js';
import { contestVirtualEndpoints } from './contest-virtual.js';
import { contestHackEndpoints } from './contest-hacks.js';
import { adminDiscussionEndpoints, adminNoticeEndpoints, commentEndpoints, discussionEndpoints, messageEndpoints } from './discussion.js';
import { groupBoardEndpoints } from './group-board.js';
import { groupContestEndpoints } from './group-contest.js';
import { adminGroupProblemEndpoints, groupProblemEndpoints } from './group-problem.js';
import { groupTrainingEndpoints } from './group-training.js';
import { groupEndpoints } from './group.js';
import { homeEndpoints } from './home.js';
import { judgeEndpoints } from './judge-protocol.js';
import { liveEndpoints } from './live.js';
import { permissionEndpoints } from './permission.js';
import { plagiarismEndpoints } from './plagiarism.js';
import { adminProblemEndpoints } from './problem-admin.js';
import { problemEndpoints } from './problem.js';
import { rankEndpoints } from './rank.js';
import { siteEndpoints } from './site.js';
import { submissionEndpoints } from './submission.js';
import { testRunEndpoints } from './test-run.js';
import { apiTokenEndpoints, scopeOfCall, type ApiTokenScope } from './api-token.js';
import { adminRemoteAccountEndpoints } from './remote-account.js';
import { remoteJudgeEndpoints } from './remote-judge.js';
import { adminTrainingEndpoints, trainingEndpoints } from './training.js';
import { clicsEndpoints } from './clics.js';

/**
 * The tables by name; the judge protocol's is authenticated by the judge token, the others by a login where they need one.
 * `satisfies` keeps each declaration's own type, so a client over the tables is typed call by call.
 */
export const ENDPOINT_TABLES = {
  fileTransferEndpoints,
  accountEndpoints,
  apiTokenEndpoints,
  adminDashboardEndpoints,
  adminSiteEndpoints,
  adminUserEndpoints,
  adminEndpoints,
  fileEndpoints,
  contestEndpoints,
  contestVirtualEndpoints,
  adminContestEndpoints,
  contestClarificationEndpoints,
  contestHackEndpoints,
  discussionEndpoints,
  commentEndpoints,
  messageEndpoints,
  adminDiscussionEndpoints,
  adminNoticeEndpoints,
  groupBoardEndpoints,
  groupContestEndpoints,
  groupProblemEndpoints,
  adminGroupProblemEndpoints,
  groupTrainingEndpoints,
  groupEndpoints,
  homeEndpoints,
  judgeEndpoints,
  plagiarismEndpoints,
  liveEndpoints,
  permissionEndpoints,
  adminProblemEndpoints,
  problemEndpoints,
  rankEndpoints,
  siteEndpoints,
  submissionEndpoints,
  testRunEndpoints,
  trainingEndpoints,
  adminTrainingEndpoints,
  adminRemoteAccountEndpoints,
  remoteJudgeEndpoints,
  clicsEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

export type EndpointTables = typeof ENDPOINT_TABLES;

type JsonSchema = Record<string, unknown>;

/** A request schema as JSON Schema, the way a client sends it (before the server's coercions and defaults). */
const jsonSchemaOf = (schema: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Every answer is the envelope; `data` is typed in TypeScript only (the table's response type). */
const ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['status', 'msg', 'data'],
  properties: { status: { type: 'integer' }, msg: { type: 'string' }, data: {} },
};

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: JsonSchema;
  security?: JsonSchema[];
  /** the scope an API token needs for the call (`scopeOfCall`); null: a login only */
  'x-api-token-scope': ApiTokenScope | null;
}

const BINARY = { type: 'string', format: 'binary' };

/** `judge/testdata/:hash` → `judge/testdata/{hash}`; a trailing `*` is the rest of the path. */
export const openApiPath = (path: string) => `/api/${path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}')}`;

/** The operation of one endpoint: its path and query parameters, body and answer. */
function operationOf(table: string, name: string, ep: Endpoint): Operation {
  const parameters: JsonSchema[] = [...openApiPath(ep.path).matchAll(/\{(\w+)\}/g)].map(([, p]) => ({
    name: p,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (ep.query) {
    const q = jsonSchemaOf(ep.query);
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [p, schema] of Object.entries((q.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      parameters.push({ name: p, in: 'query', required: required.has(p), schema });
    }
  }
  const content = (type: string, schema: JsonSchema) => ({ content: { [type]: { schema } } });
  const requestBody = ep.body
    ? { required: true, ...content('application/json', jsonSchemaOf(ep.body)) }
    : ep.raw === 'multipart'
      ? { required: true, ...content('multipart/form-data', { type: 'object', required: ['file'], properties: { file: BINARY } }) }
      : ep.raw === 'octet-stream'
        ? { required: true, ...content('application/octet-stream', BINARY) }
        : null;
  const answer =
    ep.raw === 'download'
      ? { description: 'the file', ...content('application/octet-stream', BINARY) }
      : ep.raw === 'event-stream'
        ? { description: 'Server-Sent Events', ...content('text/event-stream', { type: 'string' }) }
        : ep.raw === 'json'
          ? { description: 'bare JSON (no envelope)', ...content('application/json', {}) }
          : ep.raw === 'ndjson'
            ? { description: 'a stream of JSON lines', ...content('application/x-ndjson', { type: 'string' }) }
            : { description: 'the envelope', ...content('application/json', ENVELOPE) };
  return {
    operationId: `${table.replace(/Endpoints$/, '')}.${name}`,
    tags: [table.replace(/Endpoints$/, '')],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { '200': answer },
    ...(table === 'judgeEndpoints' ? { security: [{ judgeToken: [] }] } : {}),
    'x-api-token-scope': scopeOfCall(ep.method, ep.path),
  };
}

/** The OpenAPI 3.1 document of every table: one operation per endpoint, paths under `/api/`. */
export function openApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [table, endpoints] of Object.entries(ENDPOINT_TABLES)) {
    for (const [name, ep] of Object.entries(endpoints)) {
      const p = openApiPath(ep.path);
      paths[p] ??= {};
      paths[p][ep.method.toLowerCase()] = operationOf(table, name, ep);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Online judge API', version, description: 'Answers are envelopes {status, msg, data}; business failures are HTTP 200 with status 400.' },
    components: {
      securitySchemes: {
        login: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: "the token a login answers in its Authorization header, or 'Bearer <API token>' (a token makes the calls of its x-api-token-scope)",
        },
        judgeToken: { type: 'apiKey', in: 'header', name: 'X-Judge-Token' },
      },
    },
    security: [{}, { login: [] }],
    paths,
  };
}
