/** Runs before each e2e file (vitest's setupFiles), also in a worker that kept the shared modules. */
import { timeThisFile } from './timing.js';

timeThisFile();
