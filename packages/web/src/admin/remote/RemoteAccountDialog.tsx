import { Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REMOTE_ACCOUNT_LIMITS, REMOTE_OJS, remoteAccountAddBody, remoteAccountUpdateBody, type RemoteAccountRow, type RemoteOj } from '@oj/shared';
import { remoteAccountApi } from '../../api/remoteJudge';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { REMOTE_OJ_NAMES } from '../../components/remoteOj';
import { EndpointForm } from '../kit/EndpointForm';

interface Values {
  oj: RemoteOj;
  username: string;
  password?: string;
}

const password = (testId: string) => <Input.Password maxLength={REMOTE_ACCOUNT_LIMITS.password} autoComplete="new-password" data-testid={testId} />;

/**
 * Add an account of a remote judge (site, username, password) or change one (username, and a new
 * password when one is typed). The password field always starts empty: the server never sends it back.
 */
export function RemoteAccountDialog({ account, onClose, onSaved }: { account: RemoteAccountRow | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      account
        ? // An empty password field means "keep the stored one": the field is left out of the call.
          remoteAccountApi.update({ id: account.id, username: v.username, ...(v.password ? { password: v.password } : {}) })
        : remoteAccountApi.add({ oj: v.oj, username: v.username, password: v.password ?? '' }),
    onSuccess: (res) => {
      feedback.success(successMsg(account ? res.msg : undefined, account ? 'admin.updated' : 'admin.remote.accounts.added'));
      onSaved();
    },
  });
  const labels = { username: t('admin.remote.accounts.username'), site: t('admin.remote.accounts.site') };

  return (
    <Modal
      open
      title={t(account ? 'admin.remote.accounts.edit' : 'admin.remote.accounts.add')}
      okText={t('admin.save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'remote-account-save' }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {account && (
        // The site of an account does not change: another site's account is another account.
        <p className="oj-muted" data-testid="remote-account-site-fixed">
          {labels.site}: {REMOTE_OJ_NAMES[account.oj] ?? account.oj}
        </p>
      )}
      {account ? (
        <EndpointForm
          body={remoteAccountUpdateBody}
          form={form}
          initialValues={{ username: account.username }}
          onFinish={(v) => save.mutate(v as Values)}
          overrides={{
            id: { hidden: true },
            username: { label: labels.username, testId: 'remote-account-username', control: { autoComplete: 'off' } },
            password: {
              label: t('admin.remote.accounts.newPassword'),
              widget: password('remote-account-password'),
              item: { extra: t('admin.remote.accounts.newPasswordHelp') },
            },
          }}
        />
      ) : (
        <EndpointForm
          body={remoteAccountAddBody}
          form={form}
          onFinish={(v) => save.mutate(v as Values)}
          overrides={{
            oj: {
              label: labels.site,
              options: REMOTE_OJS.map((oj) => ({ value: oj, label: REMOTE_OJ_NAMES[oj] })),
              requiredMessage: t('admin.remote.accounts.siteRequired'),
              testId: 'remote-account-site',
            },
            username: { label: labels.username, testId: 'remote-account-username', control: { autoComplete: 'off' } },
            password: { label: t('admin.remote.accounts.password'), widget: password('remote-account-password') },
          }}
        />
      )}
    </Modal>
  );
}
