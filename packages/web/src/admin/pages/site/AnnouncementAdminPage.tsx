import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminAnnouncementApi, adminSiteKeys } from '../../../api/adminSite';
import { usePaging } from '../../components/adminPaging';
import { AnnouncementManager } from '../../components/AnnouncementManager';

/**
 * Site announcements (spec 3 §2 "announcement", super admin): the visible ones are listed on the home
 * page, so a change also reloads the home page's list.
 */
export default function AnnouncementAdminPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const paging = usePaging();
  const query = { currentPage: paging.page, limit: paging.limit };
  const list = useQuery({
    queryKey: adminSiteKeys.announcementList(query),
    queryFn: () => adminAnnouncementApi.list(query),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-announcements">
      <AnnouncementManager
        title={t('admin.site.announcements')}
        list={list}
        paging={paging}
        save={adminAnnouncementApi.save}
        remove={adminAnnouncementApi.remove}
        onChanged={() => {
          void client.invalidateQueries({ queryKey: adminSiteKeys.announcements });
          void client.invalidateQueries({ queryKey: ['announcements'] });
        }}
      />
    </div>
  );
}
