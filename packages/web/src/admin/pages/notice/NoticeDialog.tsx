import { Form, Input, Modal, Radio, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS, NOTICE_TYPES, type AdminNotice, type NoticeType } from '@oj/shared';
import { adminNoticeApi, type NoticeBody } from '../../../api/adminCommunity';
import { feedback } from '../../../app/feedback';
import { MarkdownEditor } from '../../components/MarkdownEditor';

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
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ title: notice?.title ?? '', content: notice?.content ?? '', type: notice?.type ?? 'All', recipients: notice?.recipients ?? [] }}
        onFinish={submit}
      >
        <Form.Item name="title" label={t('admin.notice.title')} rules={[{ required: true, whitespace: true, message: t('admin.notice.titleRequired') }]}>
          <Input maxLength={DISCUSSION_LIMITS.noticeTitleMax} showCount data-testid="notice-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('admin.notice.content')}
          rules={[
            { required: true, whitespace: true, message: t('admin.notice.contentRequired') },
            { max: DISCUSSION_LIMITS.noticeContentMax, message: t('admin.notice.contentTooLong', { max: DISCUSSION_LIMITS.noticeContentMax }) },
          ]}
        >
          <MarkdownEditor rows={8} testId="notice-content" />
        </Form.Item>
        <Form.Item name="type" label={t('admin.notice.type')}>
          <Radio.Group
            options={NOTICE_TYPES.map((v) => ({ value: v, label: <span data-testid={`notice-type-${v}`}>{t(`admin.notice.type${v}`)}</span> }))}
            optionType="button"
          />
        </Form.Item>
        {type === 'Single' && (
          <Form.Item
            name="recipients"
            label={t('admin.notice.recipients')}
            extra={t('admin.notice.recipientsHelp')}
            rules={[{ required: true, type: 'array', min: 1, message: t('msg.noticeRecipientsEmpty') }]}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ', '，']}
              maxCount={DISCUSSION_LIMITS.noticeRecipientsMax}
              placeholder={t('admin.notice.recipientsPlaceholder')}
              aria-label={t('admin.notice.recipients')}
              data-testid="notice-recipients"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
