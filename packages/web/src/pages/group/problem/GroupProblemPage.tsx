import { Button, Card, Space } from 'antd';
import { PlusOutlined, SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { groupProblemListQuery, type GroupProblemRow } from '@oj/shared';
import { groupProblemApi, groupProblemKeys } from '../../../api/groupProblem';
import { ADMIN_PAGE_SIZES } from '../../../admin/problemOptions';
import { useListState } from '../../../components/list/useListState';
import { groupPath, useGroup } from '../../../components/group/GroupContext';
import { ProblemTable, type ProblemTableScope } from '../../problem/ProblemTable';
import { GroupProblemAdminTable } from './GroupProblemAdminTable';
import { ImportRemoteButton } from '../../../admin/remote/ImportRemoteButton';
import { groupProblemTable } from './groupProblemTable';

/**
 * The address bar's state: the members' list's page and size (the group comes from the route) and which
 * table, `?admin=true` for the admin one. The admin table reads the same page and size itself; a switch
 * between the tables starts again at page 1.
 */
const addressQuery = groupProblemListQuery.omit({ gid: true }).extend({ admin: z.stringbool().optional() });
const PAGER = { pageSizes: ADMIN_PAGE_SIZES };
const DEFAULTS = { limit: ADMIN_PAGE_SIZES[0] };

/**
 * The group's problems tab, /group/:groupID/problem (GroupProblemList): the members' list of
 * the group's public problems; group admins switch to the admin table (`?admin=true`) to create, import
 * from a remote judge, edit, change auth, apply to the public bank, download test data and delete.
 * Paging lives in the address bar.
 */
export default function GroupProblemPage() {
  const { t } = useTranslation();
  const { group, access } = useGroup();
  const [state, update] = useListState(addressQuery, DEFAULTS, PAGER);
  const admin = access.admin && !!state.admin;
  const gid = group.id;
  const client = useQueryClient();

  return (
    <Card
      title={t(admin ? 'groupProblem.adminTitle' : 'groupProblem.title')}
      data-testid="group-problem-page"
      extra={
        access.admin && (
          <Space wrap>
            {admin && (
              <ImportRemoteButton
                target={{ kind: 'group', gid }}
                // the admin table, the members' list and the group's pickers show the new problem
                onImported={() => void client.invalidateQueries({ queryKey: groupProblemKeys.all(gid) })}
              />
            )}
            {admin && (
              <Link to={groupPath(gid, 'problem', 'admin', 'create')}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="group-problem-create">
                  {t('groupProblem.create')}
                </Button>
              </Link>
            )}
            <Button
              icon={admin ? <UnorderedListOutlined /> : <SettingOutlined />}
              onClick={() => update({ admin: !admin || undefined })}
              data-testid="group-problem-admin-toggle"
            >
              {t(admin ? 'groupProblem.backToList' : 'groupProblem.admin')}
            </Button>
          </Space>
        )
      }
    >
      {admin ? <GroupProblemAdminTable gid={gid} /> : <ProblemTable scope={memberScope(gid)} state={state} update={update} />}
    </Card>
  );
}

type State = z.output<typeof addressQuery>;

/** The members' list: the site's problem table on the group's list call (its public problems). */
const memberScope = (gid: number): ProblemTableScope<GroupProblemRow, State> => ({
  ...groupProblemTable(gid),
  testId: 'group-problem-table',
  query: (q) => ({ queryKey: groupProblemKeys.list(gid, q.currentPage, q.limit), queryFn: () => groupProblemApi.list(gid, q.currentPage, q.limit) }),
  columns: ['id', 'title', 'type', 'level', 'tags', 'acRate'],
  pageSizes: ADMIN_PAGE_SIZES,
});
