/**
 * Imported first by main.tsx, before any module builds a schema: zod 4 compiles object parsers with
 * `new Function` when it may, and probing for that raises a CSP violation (`script-src 'self'` has no
 * 'unsafe-eval'). The interpreted parsers are plenty fast for form-sized data.
 *
 * `z.config({ jitless: true })` writes into `globalThis.__zod_globalConfig`, the object zod's core
 * reads its settings from (created on load only when missing). Setting it here instead of importing
 * `config` keeps zod's utilities out of the shell (~3 KB compressed): zod itself comes with the first
 * page that builds a schema and finds the setting already there. e2e/tests/web-security.test.ts fails
 * on any CSP violation of the pages with forms.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
