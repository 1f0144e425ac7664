import './comments.css';
import { useState } from 'react';
import { Button, Card, Empty, Pagination, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS, may, type Comment, type CommentSource, type Reply } from '@oj/shared';
import { commentApi, discussionKeys } from '../../api/discussion';
import { quietly } from '../../api/client';
import { useSession } from '../../app/session';
import { useDiscussionPlace } from '../discussion/place';
import { Markdown } from '../Markdown';
import { RelativeTime } from '../RelativeTime';
import { abilityReason } from '../abilityReason';
import { AuthorLine } from './AuthorLine';
import { CommentEditor } from './CommentEditor';
import { LikeButton } from './LikeButton';
import { PageLoading } from '../../app/layout/PageLoading';

/** Where the comments live, with what the delete policy needs. */
export interface CommentsProps {
  source: CommentSource;
  /** the contest they are under (its admins delete them), or null under a discussion */
  contest: { uid: string | null; gid: number | null } | null;
  /** the group of the discussion or contest */
  gid: number | null;
  /** a comment or reply was added or removed (the owner's counters change) */
  onChanged?: () => void;
}

/** What a reply box answers: a comment (to its author) or a reply (quoting it). */
type ReplyTarget = { kind: 'Comment'; id: number; uid: string | null; name: string } | { kind: 'Reply'; id: number; uid: string | null; name: string };

/**
 * The one comment list of the site (under a discussion and in the contest Comment tab): 10
 * comments a page, newest first, each with its first 3 replies and "expand" for the rest, likes,
 * replies to a comment or to a reply, delete where the policy allows.
 */
export function Comments({ source, contest, gid, onChanged }: CommentsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const key = [...discussionKeys.comments(source), page, user?.uid ?? ''] as const;
  const list = useQuery({ queryKey: key, queryFn: quietly(() => commentApi.list(source, page, DISCUSSION_LIMITS.commentPageSize)) });

  const reload = () => {
    void client.invalidateQueries({ queryKey: discussionKeys.comments(source) });
    onChanged?.();
  };

  const add = async (content: string) => {
    await commentApi.add(source, content);
    setPage(1);
    reload();
  };

  const page0 = list.data?.commentList;
  // The server's comment rule (solved problems, a muted account) for this user, before he types.
  const refusal = user ? abilityReason(t, list.data?.mayComment) : null;
  return (
    <Card title={t('comment.heading')} className="oj-comments" data-testid="comments">
      <CommentEditor placeholder={t('comment.placeholder')} onSend={add} testId="comment-new" refusal={refusal} />
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Empty description={list.error.message || t('common.loadFailed')} />
      ) : !page0?.records.length ? (
        <Empty description={t('comment.none')} />
      ) : (
        <>
          <div className="oj-comment-total">{t('comment.total', { count: page0.total })}</div>
          {page0.records.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              liked={!!list.data.commentLikeMap[c.id]}
              source={source}
              contest={contest}
              gid={gid}
              onChanged={reload}
              refusal={refusal}
            />
          ))}
          <Pagination
            className="oj-comment-pager"
            current={page}
            pageSize={DISCUSSION_LIMITS.commentPageSize}
            total={page0.total}
            hideOnSinglePage
            showSizeChanger={false}
            onChange={setPage}
          />
        </>
      )}
    </Card>
  );
}

function CommentItem({
  comment: c,
  liked,
  source,
  contest,
  gid,
  onChanged,
  refusal,
}: {
  comment: Comment;
  liked: boolean;
  source: CommentSource;
  contest: CommentsProps['contest'];
  gid: number | null;
  onChanged: () => void;
  refusal: string | null;
}) {
  const { t } = useTranslation();
  // The place's actor: in a group the viewer's level there decides (its admins moderate).
  const { actor } = useDiscussionPlace();
  const [allReplies, setAllReplies] = useState<Reply[] | null>(null);
  const [loadingReplies, setLoadingReplies] = useState(false);
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const mayDelete = (uid: string | null) => may(actor, 'delete', { kind: 'comment', uid, contest, gid });

  const loadAll = async () => {
    setLoadingReplies(true);
    try {
      setAllReplies(await commentApi.replies(source, c.id));
    } catch {
      /* the client has shown the server's message */
    } finally {
      setLoadingReplies(false);
    }
  };

  const sendReply = async (content: string) => {
    if (!target) return;
    await commentApi.addReply(source, { commentId: c.id, content, toUid: target.uid ?? undefined }, { quoteType: target.kind, quoteId: target.id });
    setTarget(null);
    // The new reply is the last one: show them all so it can be seen.
    await loadAll();
    onChanged();
  };

  const removeComment = async () => {
    await commentApi.remove(c.id);
    onChanged();
  };
  const removeReply = async (id: number) => {
    await commentApi.removeReply(id);
    if (allReplies) await loadAll();
    onChanged();
  };

  const replies = allReplies ?? c.replyList;
  return (
    <div className="oj-comment" data-testid={`comment-${c.id}`}>
      <AuthorLine uid={c.fromUid} name={c.fromName} avatar={c.fromAvatar} role={c.fromRole} titleName={c.fromTitleName} titleColor={c.fromTitleColor} />
      <div className="oj-comment-body">
        <Markdown source={c.content} />
      </div>
      <Space size={4} wrap className="oj-comment-actions">
        <RelativeTime iso={c.gmtCreate} />
        <LikeButton liked={liked} count={c.likeNum} onToggle={(toLike) => commentApi.like(source, c.id, toLike)} testId={`comment-like-${c.id}`} />
        <ReplyButton
          refusal={refusal}
          onClick={() => setTarget({ kind: 'Comment', id: c.id, uid: c.fromUid, name: c.fromName })}
          testId={`comment-reply-${c.id}`}
        />
        {mayDelete(c.fromUid) && (
          <Popconfirm title={t('comment.deleteConfirm')} onConfirm={removeComment} okText={t('comment.delete')} cancelText={t('comment.cancel')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} data-testid={`comment-delete-${c.id}`}>
              {t('comment.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {replies.length > 0 && (
        <div className="oj-replies">
          {replies.map((r) => (
            <div key={r.id} className="oj-reply" data-testid={`reply-${r.id}`}>
              <Space size={4} wrap>
                <AuthorLine
                  uid={r.fromUid}
                  name={r.fromName}
                  avatar={r.fromAvatar}
                  role={r.fromRole}
                  titleName={r.fromTitleName}
                  titleColor={r.fromTitleColor}
                  size={22}
                />
                {r.toName && <span className="oj-reply-to">@{r.toName}</span>}
              </Space>
              <div className="oj-comment-body">
                <Markdown source={r.content} />
              </div>
              <Space size={4} wrap className="oj-comment-actions">
                <RelativeTime iso={r.gmtCreate} />
                <ReplyButton
                  refusal={refusal}
                  onClick={() => setTarget({ kind: 'Reply', id: r.id, uid: r.fromUid, name: r.fromName })}
                  testId={`reply-reply-${r.id}`}
                />
                {mayDelete(r.fromUid) && (
                  <Popconfirm
                    title={t('comment.deleteConfirm')}
                    onConfirm={() => removeReply(r.id)}
                    okText={t('comment.delete')}
                    cancelText={t('comment.cancel')}
                  >
                    <Button type="text" size="small" danger icon={<DeleteOutlined />} data-testid={`reply-delete-${r.id}`}>
                      {t('comment.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </div>
          ))}
          {!allReplies && c.totalReplyNum > c.replyList.length && (
            <Button type="link" size="small" loading={loadingReplies} onClick={() => void loadAll()} data-testid={`comment-expand-${c.id}`}>
              {t('comment.expand', { count: c.totalReplyNum })}
            </Button>
          )}
        </div>
      )}
      {target && (
        <CommentEditor
          key={`${target.kind}-${target.id}`}
          placeholder={t('comment.replyTo', { name: target.name })}
          onSend={sendReply}
          onCancel={() => setTarget(null)}
          testId="reply-new"
          autoFocus
        />
      )}
    </div>
  );
}

/** "Reply" under a comment or a reply: disabled with the server's reason when the caller may not comment. */
function ReplyButton({ refusal, onClick, testId }: { refusal: string | null; onClick(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={refusal}>
      <Button type="text" size="small" disabled={!!refusal} icon={<MessageOutlined />} onClick={onClick} data-testid={testId}>
        {t('comment.reply')}
      </Button>
    </Tooltip>
  );
}
