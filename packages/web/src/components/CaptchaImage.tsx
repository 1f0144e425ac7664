import { Skeleton, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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

/** The captcha image as a button: a click brings a new image. */
export function CaptchaImage({ captcha, testId }: { captcha: Captcha; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.captchaRefresh')}>
      <button type="button" className="oj-captcha" onClick={captcha.renew} aria-label={t('common.captchaRefresh')} data-testid={testId}>
        {captcha.data && !captcha.loading ? <img src={captcha.data.img} alt={t('common.captcha')} /> : <Skeleton.Button active size="small" />}
      </button>
    </Tooltip>
  );
}
