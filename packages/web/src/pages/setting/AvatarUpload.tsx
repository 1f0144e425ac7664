import { useState } from 'react';
import { Button, Space, Typography, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type UserInfo } from '@oj/shared';
import { accountApi } from '../../api/account';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { session } from '../../app/session';
import { UserAvatar } from '../../components/UserAvatar';

const ACCEPT = LIMITS.avatarTypes.map((e) => `.${e}`).join(',');

/** Checks before anything is sent: allowed types and at most 2 MB. */
function checkAvatar(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LIMITS.avatarTypes as readonly string[]).includes(ext)) return 'msg.fileTypeNotSupport';
  if (file.size > LIMITS.avatarMaxBytes) return 'msg.exceedMaxSize';
  return null;
}

/** Uploads through the API client (field `image`) so envelope and session rules apply as for any call. */
export function AvatarUpload({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkAvatar(file);
    if (problem) {
      feedback.error(t(problem));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    accountApi
      .uploadAvatar(file as File)
      .then((res) => {
        session.patchUser({ avatar: res.data.link });
        feedback.success(successMsg(res.msg, 'setting.avatarUpdated'));
        onSuccess?.(res.data);
      })
      .catch((err: Error) => onError?.(err))
      .finally(() => setUploading(false));
  };

  return (
    <Space size="large" align="center" wrap data-testid="avatar-upload">
      <UserAvatar src={user.avatar} name={user.username} size={96} />
      <Space orientation="vertical" size={4}>
        <Upload accept={ACCEPT} showUploadList={false} maxCount={1} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="avatar-upload-button">
            {t('setting.uploadAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('setting.avatarHint', { types: LIMITS.avatarTypes.join(', '), size: '2 MB' })}</Typography.Text>
      </Space>
    </Space>
  );
}
