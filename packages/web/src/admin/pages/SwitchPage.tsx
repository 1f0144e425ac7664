import { Alert, Button, Card, Form, InputNumber, Skeleton, Space } from 'antd';
import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUBMIT_INTERVAL_MAX_SEC, type SwitchConfig } from '@oj/shared';
import { adminSwitchApi, adminSwitchKey } from '../../api/adminSwitch';
import { problemKeys } from '../../api/problem';
import { feedback } from '../../app/feedback';
import { quietly } from '../../api/client';
import { SwitchRow } from '../components/SwitchRow';
import { DiscussionConfigCard } from './DiscussionConfigCard';

/**
 * Site switches (spec 3 §2 "switch", super admin only): judging of public and contest submissions,
 * the interval between non-contest submissions, and the captcha asked before each of them; below them
 * the discussion config (its own form: it is part of the site configuration, saved by set-web-config).
 */
export default function SwitchPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<SwitchConfig>();
  const info = useQuery({ queryKey: adminSwitchKey, queryFn: quietly(adminSwitchApi.info) });

  const save = useMutation({
    mutationFn: (values: SwitchConfig) => adminSwitchApi.update(values),
    onSuccess: (data) => {
      client.setQueryData(adminSwitchKey, data);
      void client.invalidateQueries({ queryKey: problemKeys.submitConfig });
      feedback.success(t('admin.updated'));
    },
  });

  return (
    <div className="oj-admin-page" data-testid="admin-switch">
      {info.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : info.isError ? (
        <Alert type="error" showIcon title={info.error.message} />
      ) : (
        // initialValues follow the query, so Reset (resetFields) returns to the switches as last saved.
        <Form
          form={form}
          initialValues={info.data}
          layout="horizontal"
          labelCol={{ flex: '240px' }}
          labelWrap
          colon={false}
          onFinish={(v) => save.mutate(v)}
          className="oj-switch-form"
        >
          <Card title={t('admin.switch.judging')} style={{ marginBottom: 16 }}>
            <SwitchRow
              name="openPublicJudge"
              testId="switch-openPublicJudge"
              label={t('admin.switch.openPublicJudge')}
              help={t('admin.switch.openPublicJudgeHelp')}
            />
            <SwitchRow
              name="openContestJudge"
              testId="switch-openContestJudge"
              label={t('admin.switch.openContestJudge')}
              help={t('admin.switch.openContestJudgeHelp')}
            />
          </Card>
          <Card title={t('admin.switch.submitting')} style={{ marginBottom: 16 }}>
            <Form.Item label={t('admin.switch.submitInterval')} extra={t('admin.switch.submitIntervalHelp', { max: SUBMIT_INTERVAL_MAX_SEC })} required>
              <Space.Compact>
                <Form.Item
                  name="submitIntervalSec"
                  noStyle
                  rules={[
                    {
                      required: true,
                      type: 'integer',
                      min: 0,
                      max: SUBMIT_INTERVAL_MAX_SEC,
                      message: t('admin.switch.submitIntervalRange', { max: SUBMIT_INTERVAL_MAX_SEC }),
                    },
                  ]}
                >
                  <InputNumber
                    min={0}
                    max={SUBMIT_INTERVAL_MAX_SEC}
                    precision={0}
                    step={1}
                    style={{ width: 120 }}
                    aria-label={t('admin.switch.submitInterval')}
                    data-testid="switch-submitIntervalSec"
                  />
                </Form.Item>
                <Space.Addon>{t('admin.switch.seconds')}</Space.Addon>
              </Space.Compact>
            </Form.Item>
            <SwitchRow name="submitCaptcha" testId="switch-submitCaptcha" label={t('admin.switch.submitCaptcha')} help={t('admin.switch.submitCaptchaHelp')} />
          </Card>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="switch-save">
              {t('admin.save')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => form.resetFields()} data-testid="switch-reset">
              {t('admin.switch.reset')}
            </Button>
          </Space>
        </Form>
      )}
      <DiscussionConfigCard />
    </div>
  );
}
