import { forwardRef } from 'react';
import { Input, type InputRef } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CaptchaImage, type Captcha } from '../../components/CaptchaImage';

interface Props {
  captcha: Captcha;
  value: string;
  onChange(value: string): void;
  onEnter(): void;
}

/** The image captcha next to Submit when the site asks for one (switch submitCaptcha): input, then the image (click: a new one). */
export const SubmitCaptcha = forwardRef<InputRef, Props>(function SubmitCaptcha({ captcha, value, onChange, onEnter }, ref) {
  const { t } = useTranslation();
  return (
    <div className="oj-captcha-row oj-submit-captcha" data-testid="submit-captcha">
      <Input
        ref={ref}
        prefix={<SafetyOutlined />}
        placeholder={t('common.captcha')}
        aria-label={t('common.captcha')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={onEnter}
        maxLength={8}
        autoComplete="off"
        style={{ width: 130 }}
        data-testid="submit-captcha-input"
      />
      <CaptchaImage captcha={captcha} testId="submit-captcha-img" />
    </div>
  );
});
