import { formatMsg, MSG, ResultStatus, type MsgKey } from '@oj/shared';

/**
 * A failure the caller should see. Business failures travel as HTTP 200 with envelope status 400;
 * auth failures use real HTTP 401/403 so the client can react to them.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number = ResultStatus.FAIL,
    readonly httpStatus: number = 200,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const fail = (key: MsgKey, params?: Record<string, string | number>, data: unknown = null) =>
  new ApiError(formatMsg(MSG[key], params), ResultStatus.FAIL, 200, data);

export const unauthorized = (key: MsgKey = 'loginFirst') => new ApiError(MSG[key], ResultStatus.ACCESS_DENIED, 401);

export const forbidden = (key: MsgKey = 'noPermission') => new ApiError(MSG[key], ResultStatus.FORBIDDEN, 403);

export const notFound = (key: MsgKey = 'notFound') => new ApiError(MSG[key], ResultStatus.NOT_FOUND, 200);
