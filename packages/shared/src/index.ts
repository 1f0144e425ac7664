export * from './constants.js';
export * from './roles.js';
export * from './judge-status.js';
export * from './envelope.js';
export * from './messages.js';
export * from './paging.js';
export * from './account.js';
export * from './site.js';
