import { Empty, List, Pagination, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGE_PAGE_SIZES, type SystemMessage } from '@oj/shared';
import { messageApi, type SystemMessageTab } from '../../api/message';
import { translateMsg } from '../../app/i18n';
import { Markdown } from '../../components/Markdown';
import { DeleteMessageButton, MessageTime, UnreadTag } from './MessageParts';
import { CleanAllButton } from './MessageToolbar';
import { useMessageList } from './useMessageList';

/**
 * The sys and mine tabs: title, Markdown content, time. "Mine" titles are catalogue texts the site
 * wrote in English (MSG.mine…), shown in the reader's language like any server message.
 */
export function SystemMessageList({ tab }: { tab: SystemMessageTab }) {
  const { t } = useTranslation();
  const size = MESSAGE_PAGE_SIZES.system;
  const { list, page, setPage, removeOne, cleanAll } = useMessageList<SystemMessage>(tab, size, (p, s) => messageApi.systemList(tab, p, s));
  const total = list.data?.total ?? 0;
  return (
    <div className="oj-message-sys" data-testid={`message-list-${tab}`}>
      <CleanAllButton onConfirm={() => cleanAll.mutate()} disabled={total === 0} loading={cleanAll.isPending} />
      <List<SystemMessage>
        itemLayout="vertical"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        rowKey="id"
        locale={{ emptyText: <Empty description={list.isError ? list.error.message : t('message.empty')} /> }}
        renderItem={(m) => (
          <List.Item key={m.id} className="oj-message-item" data-testid={`message-${m.id}`}>
            <div className="oj-message-head">
              <NotificationOutlined className="oj-message-icon" />
              <div className="oj-message-who">
                <div>
                  <Typography.Text strong className="oj-message-title" data-testid="message-title">
                    {tab === 'mine' ? translateMsg(m.title) : m.title}
                  </Typography.Text>
                  <UnreadTag read={m.state} />
                </div>
                <MessageTime at={m.gmtCreate} />
              </div>
              <DeleteMessageButton id={m.id} busy={removeOne.isPending && removeOne.variables === m.id} onDelete={(id) => removeOne.mutate(id)} />
            </div>
            {/* A notice is Markdown; a "mine" message names a discussion by its title, which is plain text everywhere. */}
            {tab === 'mine' ? <div className="oj-message-content">{m.content}</div> : <Markdown source={m.content} className="oj-message-markdown" />}
          </List.Item>
        )}
      />
      {total > size && <Pagination className="oj-message-pager" current={page} pageSize={size} total={total} showSizeChanger={false} onChange={setPage} />}
    </div>
  );
}
