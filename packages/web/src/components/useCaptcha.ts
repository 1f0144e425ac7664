import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../api/account';

/**
 * One image captcha of a form (`scope` keeps forms apart). An answer is good for one try only, so the
 * form calls `renew` after every try, right or wrong; nothing outlives the form (gcTime 0).
 */
export function useCaptcha(scope: readonly unknown[], enabled = true) {
  const query = useQuery({ queryKey: ['captcha', ...scope], queryFn: accountApi.captcha, enabled, staleTime: Infinity, gcTime: 0 });
  return { data: query.data, loading: query.isFetching, renew: () => void query.refetch() };
}

export type Captcha = ReturnType<typeof useCaptcha>;
