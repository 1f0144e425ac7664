import { Button, Card, Dropdown, Input, Popconfirm, Radio, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, ExportOutlined, FileSearchOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OWN_OJ, PACKAGE_EXPORT_FORMATS, REMOTE_OJS, adminProblemListQuery, type AdminProblemListRow } from '@oj/shared';
import { adminProblemApi } from '../../api/adminProblem';
import { feedback } from '../../app/feedback';
import { formatDateTime } from '../../components/time';
import { useSearchFilters } from '../components/adminPaging';
import { DeleteButton } from '../components/DeleteButton';
import { DownloadCasesButton } from '../components/DownloadCasesButton';
import { CrudTable } from '../kit/CrudTable';
import { useCrudAction, useCrudList } from '../kit/useCrudList';
import { useMay } from '../../app/may';
import { AUTH_FILTERS, PROBLEM_AUTHS } from '../problemOptions';
import { ImportRemoteButton } from '../remote/ImportRemoteButton';
import { REMOTE_OJ_NAMES } from '../../components/remoteOj';

/** The bank filter's "every problem", ours and the remote judges' alike. */
const ALL_BANKS = 'All';

/**
 * Problem list of the admin area: visibility and bank filters (our own problems, a remote judge's),
 * keyword, paging, the row actions, and importing a problem of a remote judge.
 */
export default function ProblemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Export is the super administrator's (as the batch page's HOJ export).
  const canExport = useMay('moveProblems');
  // The check shows the submissions' code: offered to those who read all code, as the server asks.
  const canCheck = useMay('checkSimilarity', { kind: 'problem', author: null, gid: null });
  const exportAs = (pid: number, format: 'hoj' | (typeof PACKAGE_EXPORT_FORMATS)[number]) =>
    void (format === 'hoj' ? adminProblemApi.exportProblems([pid]) : adminProblemApi.exportPackages([pid], format)).then(
      () => feedback.success(t('admin.batch.exported')),
      () => undefined, // shown by the download helper
    );
  const paging = useSearchFilters(adminProblemListQuery);
  const { page: currentPage, limit, setFilter } = paging;
  const keyword = paging.state.keyword ?? '';
  const { auth } = paging.state;
  const bank = paging.state.oj ?? ALL_BANKS;

  const crud = useCrudList({
    key: ['admin-problems'],
    query: { currentPage, limit, keyword: keyword || undefined, auth, oj: bank },
    list: adminProblemApi.list,
    paging,
    remove: (pid: number) => adminProblemApi.remove(pid),
    // the dashboard's count of problems
    alsoRefresh: [['admin-problem-count']],
  });
  const { remove } = crud;
  const changeAuth = useCrudAction(crud, ({ id, auth: next }: { id: number; auth: 1 | 2 | 3 }) => adminProblemApi.changeAuth(id, next), 'admin.updated');
  const rejudge = useMutation({
    mutationFn: (pid: number) => adminProblemApi.rejudgeAll(pid),
    onSuccess: (res) => feedback.success(t('admin.problemList.rejudgeStarted', { count: res.data?.count ?? 0 })),
  });

  const columns: TableColumnsType<AdminProblemListRow> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    { title: t('admin.problem.problemId'), dataIndex: 'problemId', width: 110 },
    {
      title: t('admin.problem.title'),
      dataIndex: 'title',
      minWidth: 160,
      render: (title: string, row) => (
        <>
          <Link to={`/admin/problem/edit/${row.id}`} data-testid={`problem-title-${row.problemId}`}>
            {title}
          </Link>
          {row.isRemote && <Tag className="oj-remote-tag">{t('admin.contest.remote')}</Tag>}
        </>
      ),
    },
    { title: t('admin.problemList.author'), dataIndex: 'author', width: 100, responsive: ['lg'] },
    { title: t('admin.problemList.created'), dataIndex: 'gmtCreate', width: 170, responsive: ['xl'], render: (v: string) => formatDateTime(v) },
    { title: t('admin.problemList.modifiedUser'), dataIndex: 'modifiedUser', width: 110, responsive: ['xxl'] },
    {
      title: t('admin.problem.auth'),
      dataIndex: 'auth',
      width: 130,
      render: (value: number, row) => (
        <Select<1 | 2 | 3>
          size="small"
          value={value as 1 | 2 | 3}
          style={{ width: 110 }}
          disabled={changeAuth.isPending}
          // Contest-only problems are made in a contest: shown here, not chosen here.
          options={PROBLEM_AUTHS.map((a) => ({ value: a.value, label: t(`admin.auth.${a.key}`), disabled: a.value === 3 }))}
          onChange={(next: 1 | 2 | 3) => changeAuth.mutate({ id: row.id, auth: next })}
          data-testid={`problem-auth-${row.problemId}`}
        />
      ),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={4}>
          <Tooltip title={t('admin.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => navigate(`/admin/problem/edit/${row.id}`)}
              data-testid={`problem-edit-${row.problemId}`}
            />
          </Tooltip>
          {/* A remote problem is judged on its site: it has no test data here. */}
          {!row.isRemote && <DownloadCasesButton download={() => adminProblemApi.downloadCases(row.id)} testId={`problem-download-${row.problemId}`} />}
          {canExport && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: (['hoj', ...PACKAGE_EXPORT_FORMATS] as const).map((f) => ({
                  key: f,
                  label: t(`admin.problemList.exportAs.${f}`),
                  'data-testid': `problem-export-${f}-${row.problemId}`,
                })),
                onClick: ({ key }) => exportAs(row.id, key as 'hoj' | (typeof PACKAGE_EXPORT_FORMATS)[number]),
              }}
            >
              <Tooltip title={t('admin.problemList.export')}>
                <Button size="small" icon={<ExportOutlined />} data-testid={`problem-export-${row.problemId}`} />
              </Tooltip>
            </Dropdown>
          )}
          {canCheck && (
            <Tooltip title={t('admin.problemList.plagiarism')}>
              <Button
                size="small"
                icon={<FileSearchOutlined />}
                onClick={() => navigate(`/plagiarism?pid=${row.id}`)}
                data-testid={`problem-plagiarism-${row.problemId}`}
              />
            </Tooltip>
          )}
          <Popconfirm title={t('admin.problemList.rejudgeConfirm')} onConfirm={() => rejudge.mutate(row.id)}>
            <Tooltip title={t('admin.problemList.rejudge')}>
              <Button size="small" icon={<RedoOutlined />} />
            </Tooltip>
          </Popconfirm>
          <DeleteButton
            confirm={t('admin.problemList.deleteConfirm')}
            warning={t('admin.problemList.deleteWarning')}
            onConfirm={() => remove.mutate(row.id)}
            testId={`problem-delete-${row.problemId}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="admin-problem-list">
      <Card
        title={t('admin.menu.problemList')}
        extra={
          <Space wrap>
            <ImportRemoteButton target={{ kind: 'bank' }} onImported={() => void crud.refresh()} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/problem/create')} data-testid="problem-create">
              {t('admin.menu.problemCreate')}
            </Button>
          </Space>
        }
      >
        <div className="oj-admin-filters">
          <Radio.Group
            value={auth ?? 0}
            optionType="button"
            onChange={(e) => setFilter({ auth: e.target.value || undefined })}
            options={AUTH_FILTERS.map((f) => ({ value: f.value, label: t(`admin.auth.${f.key}`) }))}
            data-testid="problem-auth-filter"
          />
          <Select<string>
            value={bank}
            onChange={(oj) => setFilter({ oj: oj === ALL_BANKS ? undefined : oj })}
            options={[
              { value: ALL_BANKS, label: t('admin.remote.bank.all') },
              { value: OWN_OJ, label: t('admin.remote.bank.own') },
              ...REMOTE_OJS.map((oj) => ({ value: oj, label: REMOTE_OJ_NAMES[oj] })),
            ]}
            style={{ width: 170 }}
            aria-label={t('admin.remote.bank.label')}
            data-testid="problem-bank-filter"
          />
          <Input.Search
            allowClear
            defaultValue={keyword}
            placeholder={t('admin.problemList.keyword')}
            onSearch={(v) => setFilter({ keyword: v.trim() })}
            style={{ maxWidth: 280 }}
            data-testid="problem-keyword"
          />
        </div>
        <CrudTable<AdminProblemListRow> rowKey="id" columns={columns} crud={crud} paging={paging} />
      </Card>
    </div>
  );
}
