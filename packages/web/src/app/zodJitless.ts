/**
 * Imported first by main.tsx, before any module builds a schema: zod 4 compiles object parsers with
 * `new Function` when it may, and probing for that raises a CSP violation (`script-src 'self'` has no
 * 'unsafe-eval'). The interpreted parsers are plenty fast for form-sized data.
 */
import { config } from 'zod';

config({ jitless: true });
