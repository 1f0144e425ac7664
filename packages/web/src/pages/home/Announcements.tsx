import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { HomeCard, HomeEmpty } from './HomeCard';
import { HomeSkeleton } from './HomeSkeleton';
import { ClockCircleOutlined, LeftOutlined, NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Announcement, type Page } from '@oj/shared';
import { siteApi } from '../../api/site';
import { queryKeys } from '../../api/queries';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../components/time';
import { quietly } from '../../api/client';
import '../../app/layout/space.css';

// antd Pagination (with its size-changer Select) is shown only past five announcements: fetched then.
const Pagination = lazy(() => import('antd/es/pagination'));

function AnnouncementMeta({ a }: { a: Announcement }) {
  return (
    <div className="oj-space oj-space-middle oj-space-wrap oj-muted">
      <Link to={`/user-home?username=${encodeURIComponent(a.username)}`}>
        <UserOutlined /> {a.username}
      </Link>
      <span>
        <ClockCircleOutlined /> {formatDateTime(a.gmtCreate)}
      </span>
    </div>
  );
}

/** One announcement opened from the list: its Markdown (the renderer is fetched now) and the way back. */
function AnnouncementDetail({ a, onBack }: { a: Announcement; onBack: () => void }) {
  const { t } = useTranslation();
  const back = useRef<HTMLButtonElement>(null);
  // Opened from the keyboard, the focus goes to the way back (the title button it left is gone).
  useEffect(() => back.current?.focus(), []);
  return (
    <article className="oj-announcement" data-testid="announcement-detail">
      <Button ref={back} type="link" size="small" icon={<LeftOutlined />} className="oj-announcement-back" onClick={onBack} data-testid="announcement-back">
        {t('home.allAnnouncements')}
      </Button>
      <div className="oj-announcement-label">
        <h3 className="oj-announcement-title">{a.title}</h3>
        <AnnouncementMeta a={a} />
      </div>
      <Markdown source={a.content} />
    </article>
  );
}

/** Where the announcements come from: the site's (the home page), or a group's (its home). */
export interface AnnouncementSource {
  key: (page: number) => readonly unknown[];
  list: (page: number, limit: number) => Promise<Page<Announcement>>;
}

const siteSource: AnnouncementSource = { key: queryKeys.announcements, list: siteApi.announcements };

/**
 * Announcements of the home page, 5 per page: their titles, authors and times; an
 * announcement's content is rendered when it is opened, so the Markdown renderer (marked and the
 * sanitiser) is not part of the home page's first load.
 */
export function Announcements({ source = siteSource }: { source?: AnnouncementSource }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const returnTo = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const limit = PAGE_SIZES.announcements;
  const { data, isPending, isError } = useQuery({
    queryKey: source.key(page),
    queryFn: quietly(() => source.list(page, limit)),
    placeholderData: keepPreviousData,
  });
  const records = data?.records ?? [];
  const open = openId === null ? undefined : records.find((a) => a.id === openId);
  // Back in the list, the focus returns to the title that was opened.
  useEffect(() => {
    if (open || returnTo.current === null) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-id="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [open]);
  return (
    <HomeCard
      title={
        <span>
          <NotificationOutlined /> {t('home.announcements')}
        </span>
      }
      className="oj-announcements"
      data-testid="announcements"
    >
      {isPending ? (
        <HomeSkeleton />
      ) : records.length === 0 ? (
        <HomeEmpty description={isError ? t('common.loadFailed') : t('home.noAnnouncements')} />
      ) : open ? (
        <AnnouncementDetail
          a={open}
          onBack={() => {
            returnTo.current = open.id;
            setOpenId(null);
          }}
        />
      ) : (
        <ul className="oj-home-list" ref={list}>
          {records.map((a) => (
            <li key={a.id} className="oj-announcement-item oj-announcement-label">
              <button type="button" className="oj-announcement-open" data-id={a.id} data-testid="announcement-title" onClick={() => setOpenId(a.id)}>
                {a.title}
              </button>
              <AnnouncementMeta a={a} />
            </li>
          ))}
        </ul>
      )}
      {!open && !!data && data.total > limit && (
        <Suspense fallback={null}>
          <Pagination className="oj-pagination" size="small" current={page} pageSize={limit} total={data.total} onChange={setPage} showSizeChanger={false} />
        </Suspense>
      )}
    </HomeCard>
  );
}
