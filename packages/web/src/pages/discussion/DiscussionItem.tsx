import { Button, Dropdown, Modal, Space, Tag, Typography } from 'antd';
import {
  EditOutlined,
  DeleteOutlined,
  EyeOutlined,
  LikeOutlined,
  MessageOutlined,
  MoreOutlined,
  VerticalAlignTopOutlined,
  ArrowRightOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { may, type DiscussionListRow } from '@oj/shared';
import { AuthorLine } from '../../components/comments/AuthorLine';
import { formatDateTime } from '../../components/time';
import { useDiscussionPlace } from '../../components/discussion/place';
import { categoryLabel } from './categoryLabel';

/** "[pid] title" for a discussion about a problem, the title alone otherwise. Plain text. */
export const discussionTitle = (d: Pick<DiscussionListRow, 'pid' | 'title'>) => (d.pid ? `[${d.pid}] ${d.title}` : d.title);

/**
 * One row of the list: top badge, title, go-to-problem, description,
 * author with badges, counts, category and release time, and the author's edit/delete menu.
 */
export function DiscussionItem({
  d,
  onEdit,
  onDelete,
}: {
  d: DiscussionListRow;
  onEdit: (d: DiscussionListRow) => void;
  onDelete: (d: DiscussionListRow) => void;
}) {
  const { t } = useTranslation();
  const place = useDiscussionPlace();
  const actor = place.actor;
  const resource = { kind: 'discussion', uid: d.uid, gid: d.gid } as const;
  const menu = [
    may(actor, 'edit', resource) && { key: 'edit', icon: <EditOutlined />, label: t('discussion.edit'), onClick: () => onEdit(d) },
    may(actor, 'delete', resource) && {
      key: 'delete',
      icon: <DeleteOutlined />,
      danger: true,
      label: t('discussion.delete'),
      onClick: () =>
        Modal.confirm({
          title: t('discussion.deleteConfirm'),
          okType: 'danger',
          okText: t('discussion.delete'),
          cancelText: t('comment.cancel'),
          onOk: () => onDelete(d),
        }),
    },
  ].filter((x) => !!x);

  return (
    <div className="oj-discussion-item" data-testid={`discussion-${d.id}`}>
      <div className="oj-discussion-head">
        {d.topPriority && (
          <Tag color="red" icon={<VerticalAlignTopOutlined />} data-testid="discussion-top">
            {t('discussion.top')}
          </Tag>
        )}
        {d.status === 1 && <Tag color="default">{t('discussion.hidden')}</Tag>}
        <Link to={place.detailPath(d.id)} className="oj-discussion-title" data-testid={`discussion-title-${d.id}`}>
          {discussionTitle(d)}
        </Link>
        {d.pid && (
          <Link to={place.problemPath(d.pid)}>
            <Button size="small" type="link" icon={<ArrowRightOutlined />}>
              {t('discussion.toProblem')}
            </Button>
          </Link>
        )}
        {menu.length > 0 && (
          <Dropdown menu={{ items: menu }} trigger={['click']}>
            <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('discussion.actions')} data-testid={`discussion-menu-${d.id}`} />
          </Dropdown>
        )}
      </div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="oj-discussion-desc">
        {d.description}
      </Typography.Paragraph>
      <div className="oj-discussion-meta">
        <AuthorLine uid={d.uid} name={d.author} avatar={d.avatar} role={d.role} titleName={d.titleName} titleColor={d.titleColor} size={24} />
        <Space size={12} wrap className="oj-discussion-counts">
          <span title={t('discussion.comments')}>
            <MessageOutlined /> {d.commentNum}
          </span>
          <span title={t('discussion.likes')}>
            <LikeOutlined /> {d.likeNum}
          </span>
          <span title={t('discussion.views')}>
            <EyeOutlined /> {d.viewNum}
          </span>
          <Tag color="blue">{categoryLabel(t, d.categoryName)}</Tag>
          <span>{formatDateTime(d.gmtCreate)}</span>
        </Space>
      </div>
    </div>
  );
}
