import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsConfig, SmsConfigBody } from '@oj/shared';
import { adminConfigApi, adminSiteKeys } from '../../../api/adminSite';
import { SettingsCard } from '../../components/SettingsCard';

type Values = Omit<SmsConfig, 'hasSecret'> & { secret: string };
const FIELDS = ['regionId', 'domain', 'accessKeyId', 'signName', 'templateCode'] as const;

/**
 * Mobile SMS settings: kept for the operator, used by nothing — this site sends no SMS, and
 * the card says so. The secret is never sent back: blank keeps the stored one.
 */
export function SmsConfigCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard<SmsConfig, Values>
      title={t('admin.site.conf.sms')}
      testId="conf-sms"
      queryKey={adminSiteKeys.sms}
      load={adminConfigApi.sms}
      toForm={({ hasSecret: _h, ...rest }) => ({ ...rest, secret: '' })}
      save={(v) =>
        adminConfigApi.setSms({ ...(Object.fromEntries(FIELDS.map((k) => [k, v[k] ?? ''])) as Omit<SmsConfigBody, 'secret'>), secret: v.secret || undefined })
      }
      intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin.site.conf.smsNote')} data-testid="conf-sms-note" />}
    >
      {(_form, data) => (
        <>
          {FIELDS.map((name) => (
            <Form.Item key={name} name={name} label={t(`admin.site.conf.${name}`)} rules={[{ max: name === 'domain' ? 255 : 128 }]}>
              <Input data-testid={`conf-${name}`} />
            </Form.Item>
          ))}
          <Form.Item
            name="secret"
            label={t('admin.site.conf.secret')}
            extra={data.hasSecret ? t('admin.site.conf.secretKept') : t('admin.site.conf.secretHelp')}
          >
            <Input.Password autoComplete="new-password" data-testid="conf-secret" />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}
