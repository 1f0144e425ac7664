import { JUDGE_MSG } from '@oj/shared';
import { ApiError } from '../../lib/errors.js';

/** The judge protocol's refusals: judges act on the status (register again, drop the task, …). */
export const protocolError = {
  badToken: () => new ApiError(JUDGE_MSG.badToken, 401, 401),
  unknownJudge: () => new ApiError(JUDGE_MSG.unknownJudge, 404, 404),
  leaseLost: () => new ApiError(JUDGE_MSG.leaseLost, 409, 409),
  notFound: () => new ApiError(JUDGE_MSG.notFound, 404, 404),
  badRequest: (why: string) => new ApiError(why, 400, 400),
  tooLarge: (why: string) => new ApiError(why, 413, 413),
};
