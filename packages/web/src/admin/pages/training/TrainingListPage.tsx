import { Button, Card, Input, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminTrainingListQuery, may, type AdminTrainingListRow } from '@oj/shared';
import { adminTrainingApi, trainingKeys } from '../../../api/training';
import { formatDateTime } from '../../../components/time';
import { TrainingAuthTag, TrainingCategoryTag } from '../../../components/training/meta';
import { useActor } from '../../../app/may';
import { useSearchFilters } from '../../components/adminPaging';
import { DeleteButton } from '../../components/DeleteButton';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudAction, useCrudList } from '../../kit/useCrudList';

/**
 * Training list of the admin area (columns of the group trainings' table): keyword, paging,
 * the visible switch and the row actions. Edit, problems and the switch belong to the training's admins
 * (author or super admin), deleting to the super admin (policy `may`), so other rows show them off.
 */
export default function TrainingListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useActor();
  const paging = useSearchFilters(adminTrainingListQuery);
  const { page: currentPage, limit, setFilter } = paging;
  const keyword = paging.state.keyword ?? '';
  const q = { currentPage, limit, keyword: keyword || undefined };

  const crud = useCrudList({
    key: trainingKeys.admin.all,
    query: q,
    list: adminTrainingApi.list,
    paging,
    remove: adminTrainingApi.remove,
    // the site's training list shows the same rows
    alsoRefresh: [['training-list']],
  });
  const { remove } = crud;
  const visible = useCrudAction(crud, ({ id, value }: { id: number; value: boolean }) => adminTrainingApi.changeStatus(id, value), 'admin.updated');

  const columns: TableColumnsType<AdminTrainingListRow> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('admin.training.rank'), dataIndex: 'rank', width: 90 },
    {
      title: t('admin.training.title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <Link to={`/admin/training/${r.id}/edit`} data-testid={`training-title-${r.id}`}>
          {title}
        </Link>
      ),
    },
    {
      title: t('admin.training.category'),
      dataIndex: 'categoryName',
      width: 130,
      render: (_v, r) => <TrainingCategoryTag name={r.categoryName} color={r.categoryColor} />,
    },
    { title: t('admin.training.auth'), dataIndex: 'auth', width: 110, render: (v: AdminTrainingListRow['auth']) => <TrainingAuthTag auth={v} /> },
    {
      title: t('admin.training.visible'),
      dataIndex: 'status',
      width: 80,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          disabled={!may(actor, 'administer', { kind: 'training', uid: r.uid, gid: r.gid })}
          loading={visible.isPending && visible.variables?.id === r.id}
          onChange={(value) => visible.mutate({ id: r.id, value })}
          data-testid={`training-visible-${r.id}`}
        />
      ),
    },
    { title: t('admin.training.problemCount'), dataIndex: 'problemCount', width: 90 },
    { title: t('admin.training.author'), dataIndex: 'author', width: 110 },
    { title: t('admin.training.modified'), dataIndex: 'gmtModified', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, r) => {
        const mine = may(actor, 'administer', { kind: 'training', uid: r.uid, gid: r.gid });
        return (
          <Space size={4} wrap={false}>
            <Tooltip title={t('admin.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                disabled={!mine}
                onClick={() => navigate(`/admin/training/${r.id}/edit`)}
                data-testid={`training-edit-${r.id}`}
              />
            </Tooltip>
            <Tooltip title={t('admin.training.problems')}>
              <Button
                size="small"
                icon={<UnorderedListOutlined />}
                disabled={!mine}
                onClick={() => navigate(`/admin/training/${r.id}/problems`)}
                data-testid={`training-problems-${r.id}`}
              />
            </Tooltip>
            {may(actor, 'delete', { kind: 'training', uid: r.uid, gid: r.gid }) && (
              <DeleteButton
                confirm={t('admin.training.deleteConfirm')}
                warning={<div style={{ maxWidth: 280 }}>{t('admin.training.deleteWarning')}</div>}
                onConfirm={() => remove.mutate(r.id)}
                testId={`training-delete-${r.id}`}
                okTestId="training-delete-ok"
              />
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="admin-training-list">
      <Card
        title={t('admin.menu.trainingList')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/training/create')} data-testid="training-create">
            {t('admin.menu.trainingCreate')}
          </Button>
        }
      >
        <div className="oj-admin-filters">
          <Input.Search
            allowClear
            defaultValue={keyword}
            placeholder={t('admin.training.keyword')}
            onSearch={(v) => setFilter({ keyword: v.trim() })}
            style={{ maxWidth: 320 }}
            data-testid="training-keyword"
          />
        </div>
        <CrudTable<AdminTrainingListRow> rowKey="id" columns={columns} crud={crud} paging={paging} />
      </Card>
    </div>
  );
}
