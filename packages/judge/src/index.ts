export * from './sandbox.js';
export * from './languages.js';
export * from './compare.js';
export * from './verdict.js';
export * from './modes.js';
export * from './judge.js';
