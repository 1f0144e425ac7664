import '../../../admin/admin.css';
import './group-contest.css';
import { useMemo } from 'react';
import { Button, Result } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminContest, GroupAdminContest } from '@oj/shared';
import ContestAnnouncementsPage from '../../../admin/pages/contest/ContestAnnouncementsPage';
import ContestEditPage from '../../../admin/pages/contest/ContestEditPage';
import ContestListPage from '../../../admin/pages/contest/ContestListPage';
import ContestProblemsPage from '../../../admin/pages/contest/ContestProblemsPage';
import { ContestAdminScopeContext, type ContestAdminScope } from '../../../api/contestAdminScope';
import { groupContestAdminApi, groupContestApi } from '../../../api/groupContest';
import { useSession } from '../../../app/session';
import { groupPath, useGroup } from '../../../components/group/GroupContext';

const PAGES = { list: ContestListPage, edit: ContestEditPage, problems: ContestProblemsPage, announcement: ContestAnnouncementsPage };

/**
 * The group's contest admin sub-pages (admin table, create, edit, problems,
 * announcements): the admin area's own pages in the group's scope — its calls, its links, rows managed only
 * by the group root or the contest's creator, problems added from the bank or from the group. Group admins
 * only (the server checks every call again).
 */
export default function GroupContestAdmin({ page }: { page: keyof typeof PAGES }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { group, access } = useGroup();
  const { user } = useSession();
  const gid = group.id;
  const scope = useMemo<ContestAdminScope>(
    () => ({
      api: groupContestAdminApi(gid),
      listPath: groupPath(gid, 'contest', 'admin'),
      createPath: groupPath(gid, 'contest', 'create'),
      contestPath: (cid, section) => groupPath(gid, 'contest', cid, section),
      problemEditPath: null,
      contestProblemPath: null,
      // The admin table's rows say it; elsewhere the same rule.
      canManage: (c: AdminContest | GroupAdminContest) => ('canManage' in c ? c.canManage : access.root || (!!user && c.uid === user.uid)),
      searchable: false,
      addFromGroup: groupContestApi.addFromGroup,
      importsRemote: false,
    }),
    [gid, access.root, user],
  );

  if (!access.admin) return <Result status="403" title={t('msg.noPermission')} data-testid="group-contest-admin-denied" />;
  const Page = PAGES[page];
  return (
    <ContestAdminScopeContext.Provider value={scope}>
      {/* A block, not a flex column: the admin pages centre themselves with auto margins, which in a flex
          column would size them to their widest table instead of letting the table scroll inside. */}
      <div data-testid={`group-contest-admin-${page}`}>
        {page === 'list' && (
          <div className="oj-group-contest-back">
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(groupPath(gid, 'contest'))} data-testid="group-contest-back">
              {t('groupContest.backToContests')}
            </Button>
          </div>
        )}
        <Page />
      </div>
    </ContestAdminScopeContext.Provider>
  );
}
