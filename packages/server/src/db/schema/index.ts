export * from './account.js';
export * from './site.js';
export * from './message.js';
export * from './judge.js';
export * from './problem.js';
export * from './submission.js';
export * from './judge-queue.js';
export * from './tag.js';
