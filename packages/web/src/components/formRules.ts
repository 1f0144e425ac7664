import { useMemo } from 'react';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@oj/shared';
import { accountApi } from '../api/account';

/** Account field rules (username, password, email), shared by the dialogs, the reset page and settings. */
export function useAccountRules() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const passwordLength = t('validation.passwordLength', { min: LIMITS.passwordMin, max: LIMITS.passwordMax });
    const username: FormRule[] = [
      { required: true, whitespace: true, message: t('validation.usernameRequired') },
      { max: LIMITS.usernameMax, message: t('validation.usernameMax', { max: LIMITS.usernameMax }) },
    ];
    const password: FormRule[] = [
      { required: true, message: t('validation.passwordRequired') },
      { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: passwordLength },
    ];
    const email: FormRule[] = [
      { required: true, whitespace: true, message: t('validation.emailRequired') },
      { type: 'email', message: t('validation.emailInvalid') },
    ];
    const emailCode: FormRule[] = [
      { required: true, whitespace: true, message: t('validation.codeRequired') },
      { pattern: /^\d{6}$/, message: t('validation.codeFormat') },
    ];
    const captcha: FormRule[] = [
      { required: true, whitespace: true, message: t('validation.captchaRequired') },
      { max: 8, message: t('validation.captchaLength') },
    ];
    /** Confirmation must equal `field`; pair with `dependencies={[field]}` so it re-validates. */
    const confirm = (field: string): FormRule[] => [
      { required: true, message: t('validation.passwordAgainRequired') },
      ({ getFieldValue }) => ({
        validator: (_rule, value) => (!value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('msg.passwordNotMatch')))),
      }),
    ];
    /** Existence check on blur; a failed check call lets the value pass. */
    const exists = (kind: 'username' | 'email', mustExist: boolean, messageKey: string): FormRule => ({
      validateTrigger: 'onBlur',
      validator: async (_rule, value: string) => {
        const v = (value ?? '').trim();
        if (!v || (kind === 'email' && !/^[^\s@]+@[^\s@]+$/.test(v))) return;
        let found: boolean;
        try {
          found = (await accountApi.checkExists({ [kind]: v }))[kind];
        } catch {
          return;
        }
        if (found !== mustExist) throw new Error(t(messageKey));
      },
    });
    return { username, password, email, emailCode, captcha, confirm, exists };
    // Rebuilt on language change so messages follow the language.
  }, [t, i18n.language]);
}
