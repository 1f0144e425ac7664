import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MSG } from '@oj/shared';
import { registerContest } from '../../../api/contest';
import { ApiError } from '../../../api/client';
import { feedback } from '../../../app/feedback';
import { translateMsg } from '../../../app/i18n';

/**
 * The contest password dialog of the problem page (spec 1 §2, spec 2 §5): submitting to a protected
 * contest needs registering with its password first. `onDone(true)` after registering (or when the
 * server says the user already is), `onDone(false)` when closed.
 */
export function ContestPasswordDialog({ cid, open, onDone }: { cid: number; open: boolean; onDone(registered: boolean): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!password) {
      feedback.warning(t('msg.enterContestPassword'));
      return;
    }
    setBusy(true);
    try {
      const msg = await registerContest(cid, password, { silent: true });
      feedback.success(translateMsg(msg) || t('msg.contestRegistered'));
      setPassword('');
      onDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.rawMsg === MSG.contestAlreadyRegistered) {
        onDone(true);
        return;
      }
      feedback.error(err instanceof Error ? err.message : t('msg.serverError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('contestProblem.password.title')}
      okText={t('contestProblem.password.ok')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={() => onDone(false)}
      maskClosable={false}
      destroyOnHidden
      width={400}
      data-testid="contest-password-dialog"
    >
      <Typography.Paragraph type="secondary">{t('contestProblem.password.hint')}</Typography.Paragraph>
      <Input.Password
        prefix={<KeyOutlined />}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onPressEnter={() => void submit()}
        placeholder={t('msg.enterContestPassword')}
        autoFocus
        data-testid="contest-password-input"
      />
    </Modal>
  );
}
