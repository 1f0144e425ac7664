import { Button, Card, Form, InputNumber, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WebConfigBody } from '@oj/shared';
import { adminCommunityKeys, discussionConfigApi } from '../../api/adminCommunity';
import { queryKeys } from '../../api/queries';
import { quietly } from '../../api/client';
import { feedback } from '../../app/feedback';
import { SwitchRow } from '../components/SwitchRow';

type Values = Required<
  Pick<WebConfigBody, 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment' | 'discussionAcRequired' | 'discussionDailyPosts'>
>;
const LIMIT_MAX = 10000;

/** A limit of 0 to 10000 (AC count to post or comment, posts a day). */
function Limit({ name, label, help }: { name: keyof Values; label: string; help: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={help}
      rules={[{ required: true, type: 'integer', min: 0, max: LIMIT_MAX, message: t('admin.discussionConfig.range', { max: LIMIT_MAX }) }]}
    >
      <InputNumber min={0} max={LIMIT_MAX} precision={0} step={1} style={{ width: 120 }} aria-label={label} data-testid={`config-${name}`} />
    </Form.Item>
  );
}

/**
 * Discussion config of the site configuration: the public and group discussion areas,
 * contest comments, and the limits on posting. Saved on its own through set-web-config, which
 * changes only the fields it is given.
 */
export function DiscussionConfigCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const config = useQuery({ queryKey: adminCommunityKeys.webConfig, queryFn: quietly(discussionConfigApi.get) });
  const save = useMutation({
    mutationFn: (v: Values) => discussionConfigApi.save(v),
    onSuccess: (data) => {
      client.setQueryData(adminCommunityKeys.webConfig, data);
      // The site's nav and routes read the switches from the public config.
      void client.invalidateQueries({ queryKey: queryKeys.websiteConfig });
      feedback.success(t('admin.updated'));
    },
  });
  return (
    <Card title={t('admin.discussionConfig.title')} style={{ marginTop: 24, marginBottom: 16 }} data-testid="discussion-config">
      {config.isPending ? (
        <Skeleton active />
      ) : config.isError ? (
        <span>{config.error.message}</span>
      ) : (
        <Form<Values>
          form={form}
          initialValues={config.data}
          layout="horizontal"
          labelCol={{ flex: '240px' }}
          labelWrap
          colon={false}
          onFinish={(v) => save.mutate(v)}
          className="oj-switch-form"
        >
          <SwitchRow
            name="openPublicDiscussion"
            testId="config-openPublicDiscussion"
            label={t('admin.discussionConfig.openPublicDiscussion')}
            help={t('admin.discussionConfig.openPublicDiscussionHelp')}
          />
          <SwitchRow
            name="openGroupDiscussion"
            testId="config-openGroupDiscussion"
            label={t('admin.discussionConfig.openGroupDiscussion')}
            help={t('admin.discussionConfig.openGroupDiscussionHelp')}
          />
          <SwitchRow
            name="openContestComment"
            testId="config-openContestComment"
            label={t('admin.discussionConfig.openContestComment')}
            help={t('admin.discussionConfig.openContestCommentHelp')}
          />
          <Limit name="discussionAcRequired" label={t('admin.discussionConfig.acRequired')} help={t('admin.discussionConfig.acRequiredHelp')} />
          <Limit name="discussionDailyPosts" label={t('admin.discussionConfig.dailyPosts')} help={t('admin.discussionConfig.dailyPostsHelp')} />
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="discussion-config-save">
            {t('admin.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
