/**
 * The challenge worker's body (a worker thread, started by challenge-pool.ts through
 * challenge-worker.mjs): draws slide puzzles and captchas on request, off the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { type ChallengeRequest, drawChallenge } from './challenge-draw.js';

parentPort!.on('message', (req: ChallengeRequest) => {
  try {
    parentPort!.postMessage({ id: req.id, result: drawChallenge(req.kind) });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: String(err) });
  }
});
