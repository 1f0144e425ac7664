import { Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contestAnnouncementQuery } from '@oj/shared';
import { useSearchFilters } from '../../components/adminPaging';
import { AnnouncementManager } from '../../components/AnnouncementManager';
import { ContestHeader } from '../../contest/ContestHeader';
import { useContestAdminScope } from '../../../api/contestAdminScope';
import '../../contest/contest-admin.css';
import { quietly } from '../../../api/client';
import { useCrudList } from '../../kit/useCrudList';

/** The list in the address bar: page and size (the contest comes from the route). */
const addressQuery = contestAnnouncementQuery.omit({ cid: true });

/** A contest's announcements (contest/{contestId}/announcement): the shared announcement manager under the contest's header. */
export default function ContestAnnouncementsPage() {
  const { contestId } = useParams();
  const cid = Number(contestId);
  const valid = Number.isInteger(cid) && cid > 0;
  const { t } = useTranslation();
  const paging = useSearchFilters(addressQuery);
  const { page, limit } = paging;
  const { api } = useContestAdminScope();

  const contest = useQuery({ queryKey: ['admin-contest', cid], queryFn: quietly(() => api.get(cid)), enabled: valid, retry: false });
  const crud = useCrudList({
    key: ['admin-contest-announcements', cid],
    query: { cid, currentPage: page, limit },
    list: api.announcements,
    paging,
    enabled: valid,
  });

  if (!valid) return <Result status="404" title={t('msg.contestNotFound')} />;
  if (contest.isError) return <Result status="warning" title={(contest.error as Error).message} />;

  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-contest-announcements">
      <ContestHeader contest={contest.data} section="announcement" />
      <AnnouncementManager
        title={t('admin.contest.announcements')}
        list={crud.list}
        paging={paging}
        save={(a) => api.saveAnnouncement(cid, a)}
        remove={(aid) => api.removeAnnouncement(aid, cid)}
        onChanged={() => void crud.refresh()}
      />
    </div>
  );
}
