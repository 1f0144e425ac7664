import { useTranslation } from 'react-i18next';
import { adminAnnouncementQuery } from '@oj/shared';
import { adminAnnouncementApi, adminSiteKeys } from '../../../api/adminSite';
import { useSearchFilters } from '../../components/adminPaging';
import { AnnouncementManager } from '../../components/AnnouncementManager';
import { useCrudList } from '../../kit/useCrudList';

/**
 * Site announcements (super admin): the visible ones are listed on the home
 * page, so a change also reloads the home page's list.
 */
export default function AnnouncementAdminPage() {
  const { t } = useTranslation();
  const paging = useSearchFilters(adminAnnouncementQuery);
  const crud = useCrudList({
    key: adminSiteKeys.announcements,
    query: { currentPage: paging.page, limit: paging.limit },
    list: adminAnnouncementApi.list,
    paging,
    alsoRefresh: [['announcements']],
  });
  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-announcements">
      <AnnouncementManager
        title={t('admin.site.announcements')}
        list={crud.list}
        paging={paging}
        save={adminAnnouncementApi.save}
        remove={adminAnnouncementApi.remove}
        onChanged={() => void crud.refresh()}
      />
    </div>
  );
}
