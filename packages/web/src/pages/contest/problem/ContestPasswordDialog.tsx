import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRegisterContest } from '../useRegisterContest';

/**
 * The contest password dialog of the problem page: submitting to a protected
 * contest needs registering with its password first. `onDone(true)` after registering (or when the
 * server says the user already is), `onDone(false)` when closed.
 */
export function ContestPasswordDialog({ cid, open, onDone }: { cid: number; open: boolean; onDone(registered: boolean): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { submit: register, busy, refusal } = useRegisterContest(cid);

  const submit = async () => {
    if (!(await register(password))) return;
    setPassword('');
    onDone(true);
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
      {refusal && <Alert className="oj-contest-refusal" type="error" showIcon title={refusal} data-testid="contest-refusal" />}
    </Modal>
  );
}
