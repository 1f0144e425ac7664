import { lazy, Suspense, useState } from 'react';
import { Card, Collapse, Empty, Skeleton } from 'antd';
import { ClockCircleOutlined, NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Announcement } from '@oj/shared';
import { siteApi } from '../../api/site';
import { queryKeys } from '../../api/queries';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../components/time';
import { quietly } from '../../api/client';
import '../../app/layout/space.css';

// antd Pagination (with its size-changer Select) is shown only past five announcements: fetched then.
const Pagination = lazy(() => import('antd/es/pagination'));

function AnnouncementLabel({ a }: { a: Announcement }) {
  return (
    <div className="oj-announcement-label">
      <strong className="oj-home-strong">{a.title}</strong>
      <div className="oj-space oj-space-middle oj-space-wrap oj-muted">
        <Link to={`/user-home?username=${encodeURIComponent(a.username)}`} onClick={(e) => e.stopPropagation()}>
          <UserOutlined /> {a.username}
        </Link>
        <span>
          <ClockCircleOutlined /> {formatDateTime(a.gmtCreate)}
        </span>
      </div>
    </div>
  );
}

/** Announcements of the home page, 5 per page (spec 1 §9); the first of each page starts expanded. */
export function Announcements() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const limit = PAGE_SIZES.announcements;
  const { data, isPending, isError } = useQuery({
    queryKey: queryKeys.announcements(page),
    queryFn: quietly(() => siteApi.announcements(page, limit)),
    placeholderData: keepPreviousData,
  });
  const records = data?.records ?? [];
  return (
    <Card
      title={
        <span>
          <NotificationOutlined /> {t('home.announcements')}
        </span>
      }
      className="oj-announcements"
      data-testid="announcements"
    >
      {isPending ? (
        <Skeleton active />
      ) : records.length === 0 ? (
        <Empty description={isError ? t('common.loadFailed') : t('home.noAnnouncements')} />
      ) : (
        <Collapse
          key={page}
          ghost
          defaultActiveKey={[String(records[0]!.id)]}
          items={records.map((a) => ({ key: String(a.id), label: <AnnouncementLabel a={a} />, children: <Markdown source={a.content} /> }))}
        />
      )}
      {!!data && data.total > limit && (
        <Suspense fallback={null}>
          <Pagination className="oj-pagination" size="small" current={page} pageSize={limit} total={data.total} onChange={setPage} showSizeChanger={false} />
        </Suspense>
      )}
    </Card>
  );
}
