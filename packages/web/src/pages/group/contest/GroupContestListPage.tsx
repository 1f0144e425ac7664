import '../../contest/shell/contest.css';
import { Button, Card, Empty, List, Pagination, Space } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_CONTEST_PAGE_SIZE, groupContestListQuery, type ContestInfo } from '@oj/shared';
import { useListState } from '../../../components/list/useListState';
import { useGroupContestList } from '../../../api/groupContest';
import { ContestItem } from '../../contest/ContestListPage';
import { groupPath, useGroup } from '../../../components/group/GroupContext';

/** The page in the address bar; the group comes from the route and the size is fixed. */
const addressQuery = groupContestListQuery.omit({ gid: true });
const PAGER = { pageSizes: [GROUP_CONTEST_PAGE_SIZE] };

/**
 * The group's contest tab: the site's contest cards for the group's visible
 * contests, ten a page (the page in the address bar); each opens in the site's contest shell. Group admins
 * get Create and the contest admin table.
 */
export default function GroupContestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { group, access } = useGroup();
  const [{ currentPage: page }, setPaging] = useListState(addressQuery, undefined, PAGER);
  const list = useGroupContestList(group.id, page, GROUP_CONTEST_PAGE_SIZE);
  const rows = list.data?.records ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Card
      title={t('group.tab.contest')}
      data-testid="group-contest-list"
      extra={
        access.admin && (
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(groupPath(group.id, 'contest', 'create'))}
              data-testid="group-contest-create"
            >
              {t('groupContest.create')}
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => navigate(groupPath(group.id, 'contest', 'admin'))} data-testid="group-contest-admin">
              {t('groupContest.admin')}
            </Button>
          </Space>
        )
      }
    >
      <List<ContestInfo>
        className="oj-contest-list"
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        dataSource={rows}
        rowKey="id"
        locale={{ emptyText: <Empty description={list.isError ? t('common.loadFailed') : t('contest.list.empty')} /> }}
        renderItem={(c) => <ContestItem contest={c} onRule={() => undefined} countOnlyIfNotPublic />}
      />
      {total > GROUP_CONTEST_PAGE_SIZE && (
        <Pagination
          className="oj-contest-pagination"
          current={page}
          pageSize={GROUP_CONTEST_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={(currentPage) => setPaging({ currentPage })}
          data-testid="group-contest-pagination"
        />
      )}
    </Card>
  );
}
