import { useRef, useState } from 'react';
import { Button, Input, Segmented, Tooltip, Upload } from 'antd';
import { FileAddOutlined, PictureOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { LIMITS, MD_UPLOAD_LIMITS } from '@oj/shared';
import { useProblemEditorCalls } from '../problemEditorCalls';
import { feedback } from '../../app/feedback';
import { Markdown } from '../../components/Markdown';

const IMAGE_TYPES: readonly string[] = MD_UPLOAD_LIMITS.imageTypes;

/**
 * Markdown field of the problem form: write / preview, and buttons that upload an image or a file
 * (upload-md-img, upload-md-file) and insert its link where the cursor is.
 */
export function MarkdownEditor({
  value,
  onChange,
  rows = 8,
  testId,
  uploads = 'all',
}: {
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  testId?: string;
  /** which upload buttons to offer: images and attachments (the admin area), images only (users writing discussions), none */
  uploads?: 'all' | 'images' | 'none';
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [busy, setBusy] = useState(false);
  const ref = useRef<TextAreaRef>(null);
  const calls = useProblemEditorCalls();
  // A place without attachment uploads (a group) offers images only.
  const offered = uploads === 'all' && !calls.uploadMdFile ? 'images' : uploads;
  const text = value ?? '';

  const insert = (snippet: string) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    onChange?.(text.slice(0, start) + snippet + text.slice(end));
  };

  const upload = async (file: File, kind: 'image' | 'file') => {
    if (kind === 'image') {
      const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
      if (!IMAGE_TYPES.includes(ext)) {
        feedback.warning(t('msg.fileTypeNotSupport'));
        return;
      }
    }
    if (file.size > (kind === 'image' ? MD_UPLOAD_LIMITS.imageMaxBytes : MD_UPLOAD_LIMITS.fileMaxBytes)) {
      feedback.warning(t('msg.exceedMaxSize'));
      return;
    }
    setBusy(true);
    try {
      const res = kind === 'image' ? await calls.uploadMdImage(file) : await calls.uploadMdFile!(file);
      const name = file.name.replace(/[[\]]/g, '');
      insert(kind === 'image' ? `![${name}](${res.data.link})` : `[${name}](${res.data.link})`);
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oj-admin-md" data-testid={testId}>
      <div className="oj-admin-md-bar">
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as 'write' | 'preview')}
          options={[
            { value: 'write', label: t('admin.md.write') },
            { value: 'preview', label: t('admin.md.preview') },
          ]}
        />
        {offered !== 'none' && (
          <>
            <Upload
              accept="image/*"
              showUploadList={false}
              beforeUpload={(f) => {
                void upload(f, 'image');
                return false;
              }}
            >
              <Tooltip title={t('admin.md.image')}>
                <Button size="small" type="text" icon={<PictureOutlined />} loading={busy} />
              </Tooltip>
            </Upload>
            {offered === 'all' && (
              <Upload
                showUploadList={false}
                beforeUpload={(f) => {
                  void upload(f, 'file');
                  return false;
                }}
              >
                <Tooltip title={t('admin.md.file')}>
                  <Button size="small" type="text" icon={<FileAddOutlined />} loading={busy} />
                </Tooltip>
              </Upload>
            )}
          </>
        )}
      </div>
      {mode === 'write' ? (
        <Input.TextArea
          ref={ref}
          value={text}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: rows, maxRows: 30 }}
          maxLength={LIMITS.longText}
        />
      ) : (
        <div className="oj-admin-md-preview">{text.trim() ? <Markdown source={text} /> : <span className="oj-muted">{t('admin.md.empty')}</span>}</div>
      )}
    </div>
  );
}
