import './discussion.css';
import { useState } from 'react';
import { Button, Card, Empty, Modal, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import { ArrowRightOutlined, DeleteOutlined, EditOutlined, EyeOutlined, WarningOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DiscussionStatus, may, type DiscussionDetail, type DiscussionStatusValue } from '@oj/shared';
import { discussionApi, discussionKeys, useDiscussionDetail } from '../../api/discussion';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { AuthorLine } from '../../components/comments/AuthorLine';
import { Comments } from '../../components/comments/Comments';
import { LikeButton } from '../../components/comments/LikeButton';
import { loggedInOrAsk } from '../../components/comments/loginFirst';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../components/time';
import { useDiscussionPlace } from '../../components/discussion/place';
import { DiscussionEditor } from './DiscussionEditor';
import { discussionTitle } from './DiscussionItem';
import { ReportDialog } from './ReportDialog';
import { categoryLabel } from './categoryLabel';

/**
 * /discussion-detail/:discussionID (DiscussionDetails): title, author, Markdown content, views,
 * like toggle, report; the author's edit/delete, the moderators' top/status/delete; the comments.
 */
export default function DiscussionDetailPage() {
  const { t } = useTranslation();
  const did = Number(useParams().discussionID);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const detail = useDiscussionDetail(did);
  const place = useDiscussionPlace();
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);

  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spin className="oj-page-spin" />;
  if (!detail.data) {
    return (
      <div className="oj-page">
        <Card>
          <Empty description={detail.error?.message || t('discussion.notFound')} />
        </Card>
      </div>
    );
  }
  const d = detail.data;
  const patch = (p: Partial<DiscussionDetail>) => client.setQueryData<DiscussionDetail>(discussionKeys.detail(did, user?.uid ?? ''), { ...d, ...p });

  const remove = () =>
    Modal.confirm({
      title: t('discussion.deleteConfirm'),
      okType: 'danger',
      okText: t('discussion.delete'),
      cancelText: t('comment.cancel'),
      onOk: async () => {
        await place.remove(d.id);
        feedback.success(t('discussion.deleted'));
        void client.invalidateQueries({ queryKey: discussionKeys.lists });
        void navigate(place.listPath(d.pid), { replace: true });
      },
    });

  return (
    <div className="oj-page" data-testid="discussion-detail">
      <Card>
        <Typography.Title level={3} className="oj-discussion-detail-title" data-testid="discussion-detail-title">
          {d.topPriority && (
            <Tag color="red" data-testid="discussion-top">
              {t('discussion.top')}
            </Tag>
          )}
          {d.status === DiscussionStatus.HIDDEN && <Tag data-testid="discussion-hidden">{t('discussion.hidden')}</Tag>}
          {discussionTitle(d)}
        </Typography.Title>
        <div className="oj-discussion-detail-bar">
          <Space wrap size={12}>
            <AuthorLine uid={d.uid} name={d.author} avatar={d.avatar} role={d.role} titleName={d.titleName} titleColor={d.titleColor} />
            <Typography.Text type="secondary">{formatDateTime(d.gmtCreate)}</Typography.Text>
            <Tag color="blue">{categoryLabel(t, d.categoryName)}</Tag>
            <Typography.Text type="secondary" data-testid="discussion-views">
              <EyeOutlined /> {d.viewNum}
            </Typography.Text>
          </Space>
          <Space wrap size={4}>
            {d.pid && (
              <Link to={place.problemPath(d.pid)}>
                <Button size="small" icon={<ArrowRightOutlined />}>
                  {t('discussion.toProblem')}
                </Button>
              </Link>
            )}
            <LikeButton key={d.id} liked={d.hasLike} count={d.likeNum} onToggle={(toLike) => discussionApi.like(d.id, toLike)} testId="discussion-like" />
            <Button size="small" icon={<WarningOutlined />} onClick={() => loggedInOrAsk(t) && setReporting(true)} data-testid="discussion-report">
              {t('discussion.report.button')}
            </Button>
            <AuthorActions d={d} onEdit={() => setEditing(true)} onDelete={remove} />
          </Space>
        </div>
        <Typography.Paragraph type="secondary" className="oj-discussion-desc">
          {d.description}
        </Typography.Paragraph>
        <div className="oj-discussion-content" data-testid="discussion-content-view">
          <Markdown source={d.content} />
        </div>
        <Moderation d={d} onChanged={patch} onDelete={remove} />
      </Card>
      <Comments source={{ did: d.id }} contest={null} gid={d.gid} onChanged={() => void client.invalidateQueries({ queryKey: discussionKeys.lists })} />
      <DiscussionEditor
        open={editing}
        editing={d}
        pid={d.pid}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          feedback.success(t('discussion.saved'));
          patch(saved);
          void client.invalidateQueries({ queryKey: discussionKeys.lists });
        }}
      />
      <ReportDialog did={d.id} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}

/** The author's edit and delete; moderators delete from their own bar. */
function AuthorActions({ d, onEdit, onDelete }: { d: DiscussionDetail; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const { actor } = useDiscussionPlace();
  const resource = { kind: 'discussion', uid: d.uid, gid: d.gid } as const;
  if (!may(actor, 'edit', resource)) return null;
  // Its own row of the bar's spacing: inside the bar's Space a fragment is one item, and the two touched.
  return (
    <Space size={4}>
      <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="discussion-edit">
        {t('discussion.edit')}
      </Button>
      {may(actor, 'delete', resource) && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="discussion-delete">
          {t('discussion.delete')}
        </Button>
      )}
    </Space>
  );
}

/** Moderators (admin roles): top switch, status (public / hidden) and delete. */
function Moderation({ d, onChanged, onDelete }: { d: DiscussionDetail; onChanged: (p: Partial<DiscussionDetail>) => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const place = useDiscussionPlace();
  const actor = place.actor;
  const [busy, setBusy] = useState(false);
  if (!may(actor, 'moderate', { kind: 'discussion', uid: d.uid, gid: d.gid })) return null;

  const set = async (p: { status?: DiscussionStatusValue; topPriority?: boolean }) => {
    setBusy(true);
    try {
      await place.moderate({ id: d.id, ...p });
      onChanged(p);
      feedback.success(t('discussion.saved'));
      void client.invalidateQueries({ queryKey: discussionKeys.lists });
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space wrap size={12} className="oj-discussion-moderation" data-testid="discussion-moderation">
      <Typography.Text strong>{t('discussion.moderation')}</Typography.Text>
      <Space size={6}>
        <Typography.Text>{t('discussion.top')}</Typography.Text>
        <Switch size="small" checked={d.topPriority} loading={busy} onChange={(on) => void set({ topPriority: on })} data-testid="moderate-top" />
      </Space>
      <Select<DiscussionStatusValue>
        size="small"
        value={d.status}
        disabled={busy}
        onChange={(status) => void set({ status })}
        options={[
          { value: DiscussionStatus.PUBLIC, label: t('discussion.status.public') },
          { value: DiscussionStatus.HIDDEN, label: t('discussion.status.hidden') },
        ]}
        style={{ minWidth: 120 }}
        data-testid="moderate-status"
      />
      <Button size="small" danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="moderate-delete">
        {t('discussion.delete')}
      </Button>
    </Space>
  );
}
