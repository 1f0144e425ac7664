import { useState } from 'react';
import { Card, Empty, List, Pagination, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContestAnnouncement } from '@oj/shared';
import { CONTEST_ANNOUNCEMENT_PAGE_SIZE, useContestAnnouncements } from '../../api/contest';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../components/time';
import { useContest } from './ContestContext';

/** Announcements tab: the contest's shown announcements, newest first. */
export default function ContestAnnouncementsPage() {
  const { t } = useTranslation();
  const { contest } = useContest();
  const [page, setPage] = useState(1);
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
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </Card>
  );
}
