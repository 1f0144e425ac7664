// Entry of the challenge worker thread. A worker does not inherit the parent's TypeScript loader, so it
// loads its TypeScript body through tsx's API (the server itself runs under tsx, see bin/oj).
import { tsImport } from 'tsx/esm/api';

await tsImport('./challenge-worker.ts', import.meta.url);
