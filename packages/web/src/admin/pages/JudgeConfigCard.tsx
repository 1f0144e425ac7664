import { Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUBMIT_INTERVAL_MAX_SEC } from '@oj/shared';
import { adminSwitchApi, adminSwitchKey } from '../../api/adminSwitch';
import { problemKeys } from '../../api/problem';
import { SettingsCard } from '../components/SettingsCard';
import { SwitchRow } from '../components/SwitchRow';

/**
 * Judge settings (HOJ's switch page): judging of public, group and contest
 * submissions, the interval between non-contest submissions, and the captcha asked before each of them.
 * One card of /admin/conf and of /admin/switch.
 */
export function JudgeConfigCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      title={t('admin.switch.judging')}
      testId="switch"
      queryKey={adminSwitchKey}
      load={adminSwitchApi.info}
      save={adminSwitchApi.update}
      invalidates={[problemKeys.submitConfig]}
    >
      <SwitchRow
        name="openPublicJudge"
        testId="switch-openPublicJudge"
        label={t('admin.switch.openPublicJudge')}
        help={t('admin.switch.openPublicJudgeHelp')}
      />
      <SwitchRow name="openGroupJudge" testId="switch-openGroupJudge" label={t('admin.switch.openGroupJudge')} help={t('admin.switch.openGroupJudgeHelp')} />
      <SwitchRow
        name="openContestJudge"
        testId="switch-openContestJudge"
        label={t('admin.switch.openContestJudge')}
        help={t('admin.switch.openContestJudgeHelp')}
      />
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
      <SwitchRow
        name="hideNonContestSubmissionCode"
        testId="switch-hideNonContestSubmissionCode"
        label={t('admin.switch.hideNonContestSubmissionCode')}
        help={t('admin.switch.hideNonContestSubmissionCodeHelp')}
      />
    </SettingsCard>
  );
}
