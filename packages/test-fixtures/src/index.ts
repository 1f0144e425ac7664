/**
 * What the server tests, the e2e suite and the benchmarks feed the site: A + B programs, test cases,
 * a problem for the admin API and stamped users. Pure data and string builders (no Node API, no
 * dependency), so any of them can import it.
 */
export * from './a-plus-b-sources.js';
export * from './problems.js';
export * from './users.js';
export * from './programs.js';
export * from './hack-kit.js';
