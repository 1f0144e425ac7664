/** Places (types.ts): what the problem and submission services ask instead of branching on `cid`. */
export { PLACE_RESOLVERS, resolvePlace } from './registry.js';
export { toSubmissionInfo, type SubmissionInfoRow } from './submission-info.js';
export type * from './types.js';
