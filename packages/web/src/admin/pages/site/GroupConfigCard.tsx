import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_CONFIG_MAX, type GroupConfig } from '@oj/shared';
import { adminConfigApi, adminSiteKeys } from '../../../api/adminSite';
import { SettingsCard } from '../../components/SettingsCard';

/** Group settings: how many groups a user may create a day and in all, and after how many accepted problems. */
export function GroupConfigCard() {
  const { t } = useTranslation();
  const limit = (name: keyof GroupConfig) => {
    const label = t(`admin.site.conf.${name}`);
    const max = GROUP_CONFIG_MAX[name];
    return (
      <Form.Item
        name={name}
        label={label}
        extra={t(`admin.site.conf.${name}Help`)}
        rules={[{ required: true, type: 'integer', min: 0, max, message: t('admin.site.conf.range', { field: label, max }) }]}
      >
        <InputNumber min={0} max={max} precision={0} step={1} style={{ width: 140 }} aria-label={label} data-testid={`conf-${name}`} />
      </Form.Item>
    );
  };
  return (
    <SettingsCard<GroupConfig>
      title={t('admin.site.conf.group')}
      testId="conf-group"
      queryKey={adminSiteKeys.group}
      load={adminConfigApi.group}
      save={adminConfigApi.setGroup}
    >
      {limit('groupDailyLimit')}
      {limit('groupPerUserLimit')}
      {limit('groupAcRequired')}
    </SettingsCard>
  );
}
