import { Button, Card, Dropdown, Input, Popconfirm, Radio, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, ExportOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PACKAGE_EXPORT_FORMATS, adminProblemListQuery, type AdminProblemListRow } from '@oj/shared';
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

/** Problem list of the admin area: visibility filter, keyword, paging and the row actions. */
export default function ProblemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Export is the super administrator's (as the batch page's HOJ export).
  const canExport = useMay('moveProblems');
  const exportAs = (pid: number, format: 'hoj' | (typeof PACKAGE_EXPORT_FORMATS)[number]) =>
    void (format === 'hoj' ? adminProblemApi.exportProblems([pid]) : adminProblemApi.exportPackages([pid], format)).then(
      () => feedback.success(t('admin.batch.exported')),
      () => undefined, // shown by the download helper
    );
  const paging = useSearchFilters(adminProblemListQuery);
  const { page: currentPage, limit, setFilter } = paging;
  const keyword = paging.state.keyword ?? '';
  const { auth } = paging.state;

  const crud = useCrudList({
    key: ['admin-problems'],
    query: { currentPage, limit, keyword: keyword || undefined, auth },
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
        <Link to={`/admin/problem/edit/${row.id}`} data-testid={`problem-title-${row.problemId}`}>
          {title}
        </Link>
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
      width: 180,
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
          <DownloadCasesButton download={() => adminProblemApi.downloadCases(row.id)} testId={`problem-download-${row.problemId}`} />
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/problem/create')} data-testid="problem-create">
            {t('admin.menu.problemCreate')}
          </Button>
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
