import { Card, Empty, List, Pagination, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { contestAnnouncementQuery, type ContestAnnouncement } from '@oj/shared';
import { CONTEST_ANNOUNCEMENT_PAGE_SIZE, useContestAnnouncements } from '../../api/contest';
import { useListState } from '../../components/list/useListState';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../components/time';
import { useContest } from './ContestContext';

/** The page in the address bar; the contest comes from the route and the size is fixed. */
const addressQuery = contestAnnouncementQuery.pick({ currentPage: true });

/** Announcements tab: the contest's shown announcements, newest first, the page kept in the address bar. */
export default function ContestAnnouncementsPage() {
  const { t } = useTranslation();
  const { contest } = useContest();
  const [{ currentPage: page }, update] = useListState(addressQuery);
  const list = useContestAnnouncements(contest.id, page);
  const total = list.data?.total ?? 0;
  return (
    <Card title={t('contest.tab.announcements')} data-testid="contest-announcements">
      <List<ContestAnnouncement>
        itemLayout="vertical"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        rowKey="id"
        locale={{ emptyText: <Empty description={list.isError ? list.error.message || t('common.loadFailed') : t('contest.announcements.empty')} /> }}
        renderItem={(a) => (
          <List.Item key={a.id} className="oj-contest-announcement" data-testid={`contest-announcement-${a.id}`}>
            <Typography.Title level={5} className="oj-contest-announcement-title">
              <NotificationOutlined /> {a.title}
            </Typography.Title>
            <Typography.Text type="secondary" className="oj-contest-announcement-meta">
              {[a.username, formatDateTime(a.gmtCreate)].filter(Boolean).join(' · ')}
            </Typography.Text>
            <Markdown source={a.content} />
          </List.Item>
        )}
      />
      {total > CONTEST_ANNOUNCEMENT_PAGE_SIZE && (
        <Pagination
          className="oj-contest-pagination"
          current={page}
          pageSize={CONTEST_ANNOUNCEMENT_PAGE_SIZE}
          total={total}
          onChange={(currentPage) => update({ currentPage })}
          showSizeChanger={false}
        />
      )}
    </Card>
  );
}
