import { Button, Input, Modal, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HACK } from '@oj/shared';
import { contestHackApi, contestHackKeys } from '../../../api/contestHack';
import { feedback } from '../../../app/feedback';
import './hack.css';

/**
 * The hack of one accepted submission: its code (shown only now, the server decides), and an input typed
 * or read from a file. Sent, the hacker goes to the hacks tab to watch the verdict.
 */
export function HackDialog({ cid, submitId, onClose }: { cid: number; submitId: number; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const target = useQuery({ queryKey: contestHackKeys.target(cid, submitId), queryFn: () => contestHackApi.target(cid, submitId), retry: false });
  const send = async () => {
    setBusy(true);
    try {
      await contestHackApi.submit(cid, submitId, input);
      feedback.success(t('contestHack.sent'));
      await client.invalidateQueries({ queryKey: ['contest-hack', 'list', cid] });
      onClose();
      void navigate(`/contest/${cid}/hacks`);
    } catch {
      // the server's refusal was shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={t('contestHack.dialogTitle', { id: submitId })}
      onCancel={onClose}
      data-testid="hack-dialog"
      footer={
        <Button type="primary" loading={busy} disabled={!input || !target.data} onClick={send} data-testid="hack-send">
          {t('contestHack.send')}
        </Button>
      }
    >
      {target.data && (
        <>
          <Typography.Text type="secondary">
            {t('contestHack.targetOf', { user: target.data.username, problem: target.data.displayId, language: target.data.language })}
          </Typography.Text>
          <pre className="oj-hack-code" data-testid="hack-code">
            {target.data.code}
          </pre>
        </>
      )}
      {target.isError && <Typography.Text type="danger">{target.error.message}</Typography.Text>}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          rows={6}
          value={input}
          maxLength={HACK.inputMax}
          placeholder={t('contestHack.inputPlaceholder')}
          onChange={(e) => setInput(e.target.value)}
          data-testid="hack-input"
        />
        <Upload
          showUploadList={false}
          beforeUpload={async (file) => {
            if (file.size > HACK.inputMax) feedback.error(t('msg.hackInputTooLarge', { max: HACK.inputMax }));
            else setInput(await file.text());
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('contestHack.fromFile')}</Button>
        </Upload>
      </Space>
    </Modal>
  );
}
