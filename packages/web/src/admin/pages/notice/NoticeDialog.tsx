import { Form, Modal, Radio, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS, NOTICE_TYPES, noticeBody, type AdminNotice, type NoticeType } from '@oj/shared';
import { adminNoticeApi, type NoticeBody } from '../../../api/adminCommunity';
import { feedback } from '../../../app/feedback';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { EndpointForm } from '../../kit/EndpointForm';

interface Values {
  title: string;
  content: string;
  type: NoticeType;
  recipients: string[];
}

/** Write or edit a notice: title, Markdown content, and to whom (every user, the users named, the admins). */
export function NoticeDialog({ notice, onClose, onSaved }: { notice: AdminNotice | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? notice?.type ?? 'All';
  const save = useMutation({
    mutationFn: (body: NoticeBody) => (notice ? adminNoticeApi.update({ ...body, id: notice.id }) : adminNoticeApi.add(body)),
    onSuccess: () => {
      feedback.success(t(notice ? 'admin.updated' : 'admin.notice.saved'));
      onSaved();
    },
  });
  const submit = (v: Values) => save.mutate({ title: v.title, content: v.content, type: v.type, recipients: v.type === 'Single' ? v.recipients : [] });

  return (
    <Modal
      open
      width={760}
      title={t(notice ? 'admin.notice.edit' : 'admin.notice.create')}
      okText={t('admin.save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'notice-save' }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <EndpointForm
        body={noticeBody}
        form={form}
        initialValues={{ title: notice?.title ?? '', content: notice?.content ?? '', type: notice?.type ?? 'All', recipients: notice?.recipients ?? [] }}
        onFinish={(v) => submit(v as Values)}
        overrides={{
          id: { hidden: true },
          title: {
            label: t('admin.notice.title'),
            requiredMessage: t('admin.notice.titleRequired'),
            testId: 'notice-title',
            control: { showCount: true },
          },
          content: {
            label: t('admin.notice.content'),
            widget: <MarkdownEditor rows={8} testId="notice-content" />,
            item: {
              rules: [
                { required: true, whitespace: true, message: t('admin.notice.contentRequired') },
                { max: DISCUSSION_LIMITS.noticeContentMax, message: t('admin.notice.contentTooLong', { max: DISCUSSION_LIMITS.noticeContentMax }) },
              ],
            },
          },
          type: {
            label: t('admin.notice.type'),
            widget: (
              <Radio.Group
                options={NOTICE_TYPES.map((v) => ({ value: v, label: <span data-testid={`notice-type-${v}`}>{t(`admin.notice.type${v}`)}</span> }))}
                optionType="button"
              />
            ),
          },
          // Named users only for a notice to single users.
          recipients: {
            hidden: type !== 'Single',
            label: t('admin.notice.recipients'),
            widget: (
              <Select
                mode="tags"
                tokenSeparators={[',', ' ', '，']}
                maxCount={DISCUSSION_LIMITS.noticeRecipientsMax}
                placeholder={t('admin.notice.recipientsPlaceholder')}
                aria-label={t('admin.notice.recipients')}
                data-testid="notice-recipients"
              />
            ),
            item: { extra: t('admin.notice.recipientsHelp'), rules: [{ required: true, type: 'array', min: 1, message: t('msg.noticeRecipientsEmpty') }] },
          },
        }}
      />
    </Modal>
  );
}
