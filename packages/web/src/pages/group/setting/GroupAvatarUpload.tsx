import { useEffect, useState } from 'react';
import { Avatar, Button, Modal, Space, Typography, Upload } from 'antd';
import { TeamOutlined, UploadOutlined } from '@ant-design/icons';
import ImgCrop from 'antd-img-crop';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS, LIMITS } from '@oj/shared';
import { groupApi } from '../../../api/group';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { useGroup } from '../../../components/group/GroupContext';

const ACCEPT = LIMITS.avatarTypes.map((e) => `.${e}`).join(',');
const SIZE = GROUP_LIMITS.avatarSize;

/** Only gif/jpg/jpeg/png/bmp/webp, at most 2 MB; the warning names the file. */
function problemOf(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LIMITS.avatarTypes as readonly string[]).includes(ext)) return 'msg.fileTypeNotSupport';
  if (file.size > GROUP_LIMITS.avatarMaxBytes) return 'msg.exceedMaxSize';
  return null;
}

/** The square crop scaled to 200×200 and written as png ("crop 200x200, png"). */
async function toAvatarPng(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, SIZE, SIZE);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('png'))), 'image/png'));
}

/**
 * The group avatar: choose an image, crop it square with rotate left/right
 * (antd-img-crop), then an upload dialog shows the 200×200 result to confirm or cancel.
 */
export function GroupAvatarUpload() {
  const { t } = useTranslation();
  const { group, refresh } = useGroup();
  const [pending, setPending] = useState<{ blob: Blob; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => () => (pending ? URL.revokeObjectURL(pending.url) : undefined), [pending]);

  const check = (file: File) => {
    const problem = problemOf(file);
    if (!problem) return true;
    feedback.warning(`${t(problem)}: ${file.name}`);
    return Upload.LIST_IGNORE;
  };

  const cropped = async (file: File) => {
    try {
      const blob = await toAvatarPng(file);
      setPending({ blob, url: URL.createObjectURL(blob) });
    } catch {
      feedback.error(t('msg.fileTypeNotSupport'));
    }
    // Nothing is sent from here: the upload dialog confirms first.
    return false;
  };

  const upload = async () => {
    if (!pending) return;
    setUploading(true);
    try {
      const res = await groupApi.uploadAvatar(group.id, pending.blob);
      feedback.success(successMsg(res.msg, 'group.setting.avatarUploaded'));
      setPending(null);
      refresh();
    } catch {
      // the client showed the server's message
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space size="large" align="center" wrap data-testid="group-avatar">
      <Avatar shape="square" size={96} src={group.avatar ?? undefined} icon={<TeamOutlined />} data-testid="group-avatar-image" />
      <Space orientation="vertical" size={4}>
        <ImgCrop
          aspect={1}
          rotationSlider
          showReset
          resetText={t('group.setting.reset')}
          modalTitle={t('group.setting.crop')}
          modalOk={t('group.setting.cropOk')}
          modalCancel={t('group.setting.cancel')}
          beforeCrop={check}
          modalProps={{ okButtonProps: { 'data-testid': 'group-crop-ok' } }}
        >
          <Upload accept={ACCEPT} showUploadList={false} maxCount={1} beforeUpload={(file) => cropped(file)}>
            <Button icon={<UploadOutlined />} data-testid="group-avatar-choose">
              {t('group.setting.chooseAvatar')}
            </Button>
          </Upload>
        </ImgCrop>
        <Typography.Text type="secondary">{t('group.setting.avatarHint', { types: LIMITS.avatarTypes.join(', '), size: '2 MB', px: SIZE })}</Typography.Text>
      </Space>
      <Modal
        open={!!pending}
        title={t('group.setting.uploadTitle')}
        okText={t('group.setting.upload')}
        cancelText={t('group.setting.cancel')}
        onOk={() => void upload()}
        onCancel={() => setPending(null)}
        confirmLoading={uploading}
        okButtonProps={{ 'data-testid': 'group-avatar-upload-ok' }}
        width={320}
      >
        {pending && <img src={pending.url} width={SIZE} height={SIZE} alt="" className="oj-group-avatar-preview" data-testid="group-avatar-preview" />}
      </Modal>
    </Space>
  );
}
