import { Empty, List, Pagination, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_PAGE_SIZES, type UserMessage } from '@oj/shared';
import { messageApi, type UserMessageTab } from '../../api/message';
import { UserAvatar } from '../../components/UserAvatar';
import { DeleteMessageButton, MessageTime, UnreadTag } from './MessageParts';
import { CleanAllButton } from './MessageToolbar';
import { useMessageList } from './useMessageList';

/** A site path from the server ("/discussion-detail/3"); anything else (another origin, a scheme) is not linked. */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

/** The discuss, reply and like tabs: who did what on which discussion or contest, what they wrote and what it answers. */
export function UserMessageList({ tab }: { tab: UserMessageTab }) {
  const { t } = useTranslation();
  const size = MESSAGE_PAGE_SIZES.user;
  const { list, page, setPage, removeOne, cleanAll } = useMessageList<UserMessage>(tab, size, (p, s) => messageApi.userList(tab, p, s));
  const total = list.data?.total ?? 0;
  return (
    <div data-testid={`message-list-${tab}`}>
      <CleanAllButton onConfirm={() => cleanAll.mutate()} disabled={total === 0} loading={cleanAll.isPending} />
      <List<UserMessage>
        itemLayout="vertical"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        rowKey="id"
        locale={{ emptyText: <Empty description={list.isError ? list.error.message : t('message.empty')} /> }}
        renderItem={(m) => (
          <List.Item key={m.id} className="oj-message-item" data-testid={`message-${m.id}`}>
            <div className="oj-message-head">
              <UserAvatar src={m.senderAvatar} name={m.senderUsername ?? '?'} size={36} />
              <div className="oj-message-who">
                <div>
                  {m.senderUsername ? (
                    <Link to={`/user-home?username=${encodeURIComponent(m.senderUsername)}`} className="oj-message-sender">
                      {m.senderUsername}
                    </Link>
                  ) : (
                    <Typography.Text type="secondary">{t('message.deletedUser')}</Typography.Text>
                  )}{' '}
                  <span className="oj-message-action">{t(`message.action.${m.action}`)}</span>
                  <UnreadTag read={m.state} />
                </div>
                <MessageTime at={m.gmtCreate} />
              </div>
              <DeleteMessageButton id={m.id} busy={removeOne.isPending && removeOne.variables === m.id} onDelete={(id) => removeOne.mutate(id)} />
            </div>
            <div className="oj-message-source">
              {t(m.sourceType === 'Contest' ? 'message.inContest' : 'message.inDiscussion')}{' '}
              {isSitePath(m.url) ? (
                <Link to={m.url} data-testid="message-source-link">
                  {m.sourceTitle}
                </Link>
              ) : (
                <span>{m.sourceTitle}</span>
              )}
            </div>
            {m.sourceContent && <div className="oj-message-content">{m.sourceContent}</div>}
            {m.quoteContent && <blockquote className="oj-message-quote">{m.quoteContent}</blockquote>}
          </List.Item>
        )}
      />
      {total > size && <Pagination className="oj-message-pager" current={page} pageSize={size} total={total} showSizeChanger={false} onChange={setPage} />}
    </div>
  );
}
