import { Result } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../components/adminPaging';
import { AnnouncementManager } from '../../components/AnnouncementManager';
import { ContestHeader } from '../../contest/ContestHeader';
import { useContestAdminScope } from '../../../api/contestAdminScope';
import '../../contest/contest-admin.css';
import { quietly } from '../../../api/client';

/** A contest's announcements (spec 3 §2 contest/{contestId}/announcement): the shared announcement manager under the contest's header. */
export default function ContestAnnouncementsPage() {
  const { contestId } = useParams();
  const cid = Number(contestId);
  const valid = Number.isInteger(cid) && cid > 0;
  const { t } = useTranslation();
  const client = useQueryClient();
  const paging = usePaging();
  const { page, limit } = paging;
  const { api } = useContestAdminScope();

  const contest = useQuery({ queryKey: ['admin-contest', cid], queryFn: quietly(() => api.get(cid)), enabled: valid, retry: false });
  const list = useQuery({
    queryKey: ['admin-contest-announcements', cid, page, limit],
    queryFn: () => api.announcements({ cid, currentPage: page, limit }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });

  if (!valid) return <Result status="404" title={t('msg.contestNotFound')} />;
  if (contest.isError) return <Result status="warning" title={(contest.error as Error).message} />;

  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-contest-announcements">
      <ContestHeader contest={contest.data} section="announcement" />
      <AnnouncementManager
        title={t('admin.contest.announcements')}
        list={list}
        paging={paging}
        save={(a) => api.saveAnnouncement(cid, a)}
        remove={(aid) => api.removeAnnouncement(aid, cid)}
        onChanged={() => void client.invalidateQueries({ queryKey: ['admin-contest-announcements', cid] })}
      />
    </div>
  );
}
