import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { may, type GroupAnnouncement } from '@oj/shared';
import { usePaging } from '../../../admin/components/adminPaging';
import { AnnouncementManager } from '../../../admin/components/AnnouncementManager';
import { groupBoardApi, groupBoardKeys } from '../../../api/groupBoard';
import { useGroup } from '../../../components/group/GroupContext';
import { useGroupActor } from '../discussion/useGroupActor';

/**
 * /group/:gid/announcement (spec 3 "Group announcements", group admins): the site's announcement
 * manager over the group's announcements — list with hidden ones, create, edit, visible switch, delete.
 * The group root changes any, other admins their own (policy `groupAnnouncement`; the server decides too).
 */
export default function GroupAnnouncementPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { group } = useGroup();
  const actor = useGroupActor();
  const paging = usePaging();
  const list = useQuery({
    queryKey: [...groupBoardKeys.announcements(group.id), 'admin', paging.page, paging.limit],
    queryFn: () => groupBoardApi.adminAnnouncements(group.id, paging.page, paging.limit),
    placeholderData: keepPreviousData,
  });
  return (
    <div data-testid="group-announcement-admin">
      <AnnouncementManager<GroupAnnouncement>
        title={t('group.tab.announcement')}
        list={list}
        paging={paging}
        save={(a) => groupBoardApi.saveAnnouncement({ ...a, gid: group.id })}
        remove={groupBoardApi.removeAnnouncement}
        canChange={(a) => may(actor, 'edit', { kind: 'announcement', uid: a.uid, gid: group.id })}
        onChanged={() => void client.invalidateQueries({ queryKey: groupBoardKeys.announcements(group.id) })}
      />
    </div>
  );
}
