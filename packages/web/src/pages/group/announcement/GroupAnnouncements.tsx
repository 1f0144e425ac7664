import { Announcements, type AnnouncementSource } from '../../home/Announcements';
import '../../home/home.css';
import { groupBoardApi, groupBoardKeys } from '../../../api/groupBoard';
import { useGroup } from '../../../components/group/GroupContext';

/**
 * The group home's announcements (members and the super admin only): the home page's
 * announcement card over the group's visible announcements, 5 a page.
 */
export function GroupAnnouncements() {
  const { group, access } = useGroup();
  if (!access.member) return null;
  const source: AnnouncementSource = {
    key: (page) => [...groupBoardKeys.announcements(group.id), 'home', page],
    list: async (page, limit) => {
      const res = await groupBoardApi.announcements(group.id, page, limit);
      // A deleted author's name is gone: shown as an empty name, as the site's rows are.
      return { ...res, records: res.records.map((a) => ({ ...a, username: a.username ?? '' })) };
    },
  };
  return <Announcements source={source} />;
}
