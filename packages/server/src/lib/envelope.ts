import type { ApiResponse } from '@oj/shared';
import { MSG, ResultStatus } from '@oj/shared';

export const ok = <T>(data: T, msg: string = MSG.success): ApiResponse<T> => ({ status: ResultStatus.SUCCESS, msg, data });
