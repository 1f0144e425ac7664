import { useTranslation } from 'react-i18next';
import { groupAdminAnnouncementListQuery, may, type GroupAnnouncement } from '@oj/shared';
import { useSearchFilters } from '../../../admin/components/adminPaging';
import { AnnouncementManager } from '../../../admin/components/AnnouncementManager';
import { useCrudList } from '../../../admin/kit/useCrudList';
import { groupBoardApi, groupBoardKeys } from '../../../api/groupBoard';
import { useGroup } from '../../../components/group/GroupContext';
import { useGroupActor } from '../discussion/useGroupActor';

/** The list in the address bar: page and size (the group comes from the route). */
const addressQuery = groupAdminAnnouncementListQuery.omit({ gid: true });

/**
 * /group/:gid/announcement (group admins): the site's announcement
 * manager over the group's announcements — list with hidden ones, create, edit, visible switch, delete.
 * The group root changes any, other admins their own (policy `groupAnnouncement`; the server decides too).
 */
export default function GroupAnnouncementPage() {
  const { t } = useTranslation();
  const { group } = useGroup();
  const actor = useGroupActor();
  const paging = useSearchFilters(addressQuery);
  const crud = useCrudList({
    key: [...groupBoardKeys.announcements(group.id), 'admin'],
    query: { currentPage: paging.page, limit: paging.limit },
    list: (q) => groupBoardApi.adminAnnouncements(group.id, q.currentPage, q.limit),
    paging,
    // the members' list on the group's home shows the visible ones
    alsoRefresh: [groupBoardKeys.announcements(group.id)],
  });
  return (
    <div data-testid="group-announcement-admin">
      <AnnouncementManager<GroupAnnouncement>
        title={t('group.tab.announcement')}
        list={crud.list}
        paging={paging}
        save={(a) => groupBoardApi.saveAnnouncement({ ...a, gid: group.id })}
        remove={groupBoardApi.removeAnnouncement}
        canChange={(a) => may(actor, 'edit', { kind: 'announcement', uid: a.uid, gid: group.id })}
        onChanged={() => void crud.refresh()}
      />
    </div>
  );
}
