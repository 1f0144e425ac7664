import { Alert, ColorPicker, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_USER_LIMITS, LIMITS, Role, UserStatus, type AdminUserRow, type RoleId } from '@oj/shared';
import { adminUserApi } from '../../../api/adminUser';
import { feedback } from '../../../app/feedback';
import { roleOptions } from './roles';

interface Values {
  username: string;
  realname: string;
  email: string;
  setNewPwd: boolean;
  password: string;
  type: RoleId;
  status: number;
  titleName: string;
  titleColor: string;
}

/**
 * HOJ's user edit dialog: username, real name, e-mail, a new password, role, title and its colour,
 * status. Disabling or a new password logs the user out everywhere (the dialog says so); the super
 * admin cannot disable or demote himself (the fields are locked and the server refuses too).
 */
export function UserEditDialog({ user, self, onClose, onSaved }: { user: AdminUserRow; self: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const setNewPwd = Form.useWatch('setNewPwd', form) ?? false;
  const status = Form.useWatch('status', form) ?? user.status;
  const save = useMutation({
    mutationFn: (v: Values) =>
      adminUserApi.edit({
        uid: user.uid,
        username: v.username,
        realname: v.realname || null,
        email: v.email || null,
        setNewPwd: v.setNewPwd,
        password: v.setNewPwd ? v.password : null,
        type: v.type,
        status: v.status === UserStatus.DISABLED ? UserStatus.DISABLED : UserStatus.NORMAL,
        titleName: v.titleName || null,
        titleColor: v.titleColor || null,
      }),
    onSuccess: () => {
      feedback.success(t('admin.updated'));
      onSaved();
    },
  });
  const required = (field: string) => ({ required: true, whitespace: true, message: t('admin.required', { field }) });

  return (
    <Modal
      open
      width={620}
      title={t('admin.user.editTitle', { username: user.username })}
      okText={t('admin.save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'admin-user-save' }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          username: user.username,
          realname: user.realname ?? '',
          email: user.email ?? '',
          setNewPwd: false,
          password: '',
          type: user.role,
          status: user.status,
          titleName: user.titleName ?? '',
          titleColor: user.titleColor ?? '',
        }}
        onFinish={(v) => save.mutate(v)}
        data-testid="admin-user-form"
      >
        <Form.Item name="username" label={t('admin.user.username')} rules={[required(t('admin.user.username')), { max: LIMITS.usernameMax }]}>
          <Input maxLength={LIMITS.usernameMax} data-testid="admin-user-username" />
        </Form.Item>
        <Form.Item name="realname" label={t('admin.user.realname')}>
          <Input maxLength={ADMIN_USER_LIMITS.realnameMax} />
        </Form.Item>
        <Form.Item name="email" label={t('admin.user.email')} rules={[{ type: 'email', message: t('admin.user.emailInvalid') }]}>
          <Input maxLength={LIMITS.shortText} />
        </Form.Item>
        <Form.Item name="setNewPwd" label={t('admin.user.setNewPwd')} valuePropName="checked">
          <Switch data-testid="admin-user-set-pwd" />
        </Form.Item>
        {setNewPwd && (
          <Form.Item
            name="password"
            label={t('admin.user.newPassword')}
            extra={t('admin.user.newPasswordHelp')}
            rules={[
              required(t('admin.user.newPassword')),
              {
                min: LIMITS.passwordMin,
                max: LIMITS.passwordMax,
                message: t('admin.user.passwordLength', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="admin-user-password" />
          </Form.Item>
        )}
        <Form.Item name="type" label={t('admin.user.roleCol')} extra={self ? t('admin.user.selfLocked') : undefined}>
          <Select<RoleId> options={roleOptions(t)} disabled={self && user.role === Role.ROOT} data-testid="admin-user-role" />
        </Form.Item>
        <Form.Item name="titleName" label={t('admin.user.titleName')}>
          <Input maxLength={ADMIN_USER_LIMITS.titleNameMax} />
        </Form.Item>
        <Form.Item name="titleColor" label={t('admin.user.titleColor')} getValueFromEvent={(c: { toHexString(): string } | null) => (c ? c.toHexString() : '')}>
          <ColorPicker allowClear format="hex" />
        </Form.Item>
        <Form.Item name="status" label={t('admin.user.status')}>
          <Radio.Group disabled={self} data-testid="admin-user-status">
            <Radio value={UserStatus.NORMAL} data-testid="admin-user-status-normal">
              {t('admin.user.statusNormal')}
            </Radio>
            <Radio value={UserStatus.DISABLED} data-testid="admin-user-status-disabled">
              {t('admin.user.statusDisabled')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {(status === UserStatus.DISABLED && user.status !== UserStatus.DISABLED) || setNewPwd ? (
          <Alert type="warning" showIcon title={t('admin.user.logoutWarning')} />
        ) : null}
      </Form>
    </Modal>
  );
}
