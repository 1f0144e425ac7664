import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebConfigBody, WebsiteConfig } from '@oj/shared';
import { adminConfigApi } from '../../../api/adminSite';
import { queryKeys } from '../../../api/queries';
import { SettingsCard } from '../../components/SettingsCard';
import { SwitchRow } from '../../components/SwitchRow';

/** The fields of this card; the website config's others (discussion, footer) belong to other cards. */
const FIELDS = [
  'baseUrl',
  'name',
  'shortName',
  'description',
  'register',
  'emailVerification',
  'recordName',
  'recordUrl',
  'projectName',
  'projectUrl',
  'contactPhone',
  'address',
  'oiWikiUrl',
] as const;
type Values = Pick<WebsiteConfig, (typeof FIELDS)[number]>;
const pick = (v: Values): WebConfigBody => Object.fromEntries(FIELDS.map((k) => [k, v[k]]));

const HTTP_URL = /^https?:\/\/[^\s<>"']+$/i;

/** Website settings: base URL, names, links and contact of the footer, description, registration, the OI Wiki address. */
export function WebsiteConfigCard() {
  const { t } = useTranslation();
  const url = (field: string) => [{ pattern: HTTP_URL, message: t('admin.site.conf.urlInvalid', { field }) }];
  const required = (field: string, max: number) => [
    { required: true, whitespace: true, message: t('admin.required', { field }) },
    { max, message: t('admin.site.conf.tooLong', { field, max }) },
  ];
  const text = (name: keyof Values, max: number, rules: object[] = []) => {
    const label = t(`admin.site.conf.${name}`);
    return (
      <Form.Item
        name={name}
        label={label}
        extra={t(`admin.site.conf.${name}Help`)}
        rules={[{ max, message: t('admin.site.conf.tooLong', { field: label, max }) }, ...rules]}
      >
        <Input maxLength={max} data-testid={`conf-${name}`} />
      </Form.Item>
    );
  };
  return (
    <SettingsCard<WebsiteConfig, Values>
      title={t('admin.site.conf.website')}
      testId="conf-website"
      queryKey={['admin-web-config', 'website']}
      load={adminConfigApi.web}
      save={(v) => adminConfigApi.setWeb(pick(v))}
      // The shell (names, footer, registration) reads the public config.
      invalidates={[queryKeys.websiteConfig]}
    >
      {text('baseUrl', 255, url(t('admin.site.conf.baseUrl')))}
      <Form.Item name="name" label={t('admin.site.conf.name')} rules={required(t('admin.site.conf.name'), 100)}>
        <Input maxLength={100} data-testid="conf-name" />
      </Form.Item>
      <Form.Item
        name="shortName"
        label={t('admin.site.conf.shortName')}
        extra={t('admin.site.conf.shortNameHelp')}
        rules={required(t('admin.site.conf.shortName'), 20)}
      >
        <Input maxLength={20} data-testid="conf-shortName" />
      </Form.Item>
      <Form.Item name="description" label={t('admin.site.conf.description')} extra={t('admin.site.conf.descriptionHelp')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} data-testid="conf-description" />
      </Form.Item>
      <SwitchRow name="register" testId="conf-register" label={t('admin.site.conf.register')} help={t('admin.site.conf.registerHelp')} />
      <SwitchRow
        name="emailVerification"
        testId="conf-emailVerification"
        label={t('admin.site.conf.emailVerification')}
        help={t('admin.site.conf.emailVerificationHelp')}
      />
      {text('recordName', 100)}
      {text('recordUrl', 255, url(t('admin.site.conf.recordUrl')))}
      {text('projectName', 100)}
      {text('projectUrl', 255, url(t('admin.site.conf.projectUrl')))}
      {text('contactPhone', 50)}
      {text('address', 255)}
      {text('oiWikiUrl', 255, [
        { required: true, message: t('admin.required', { field: t('admin.site.conf.oiWikiUrl') }) },
        ...url(t('admin.site.conf.oiWikiUrl')),
      ])}
    </SettingsCard>
  );
}
