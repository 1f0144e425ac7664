import { Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from './useCaptcha';

// The hook has its own module: a page that only asks whether a captcha is needed does not carry the tooltip.
export { useCaptcha, type Captcha } from './useCaptcha';

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
