import { forwardRef } from 'react';
import { Input, Skeleton, Tooltip, type InputRef } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  img: string | undefined;
  loading: boolean;
  value: string;
  onChange(value: string): void;
  onRefresh(): void;
  onEnter(): void;
}

/** The image captcha next to Submit when the site asks for one (switch submitCaptcha): input, then the image (click: a new one). */
export const SubmitCaptcha = forwardRef<InputRef, Props>(function SubmitCaptcha({ img, loading, value, onChange, onRefresh, onEnter }, ref) {
  const { t } = useTranslation();
  return (
    <div className="oj-captcha-row oj-submit-captcha" data-testid="submit-captcha">
      <Input
        ref={ref}
        prefix={<SafetyOutlined />}
        placeholder={t('problem.submit.captcha')}
        aria-label={t('problem.submit.captcha')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={onEnter}
        maxLength={8}
        autoComplete="off"
        style={{ width: 130 }}
        data-testid="submit-captcha-input"
      />
      <Tooltip title={t('problem.submit.captchaRefresh')}>
        <button type="button" className="oj-captcha" onClick={onRefresh} aria-label={t('problem.submit.captchaRefresh')} data-testid="submit-captcha-img">
          {img && !loading ? <img src={img} alt={t('problem.submit.captcha')} /> : <Skeleton.Button active size="small" />}
        </button>
      </Tooltip>
    </div>
  );
});
