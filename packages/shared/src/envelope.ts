/** Response envelope: every JSON body is wrapped like this. */
export interface ApiResponse<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export const ResultStatus = {
  SUCCESS: 200,
  FAIL: 400,
  ACCESS_DENIED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  SYSTEM_ERROR: 500,
} as const;

export interface Page<T> {
  records: T[];
  total: number;
}
