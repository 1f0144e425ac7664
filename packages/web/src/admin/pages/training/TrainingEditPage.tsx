import { useEffect, useRef } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Result, Select, Space, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRAINING_LIMITS, TrainingAuth, type AdminTrainingDetail, type TrainingAuthValue } from '@oj/shared';
import { quietly } from '../../../api/client';
import { trainingKeys } from '../../../api/training';
import { feedback } from '../../../app/feedback';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { useTrainingAdminScope } from '../../training/trainingAdminScope';
import { PageLoading } from '../../../app/layout/PageLoading';

interface FormValues {
  rank: number;
  title: string;
  description: string;
  categoryId: number | undefined;
  auth: TrainingAuthValue;
  privatePwd: string;
  status: boolean;
}

const valuesOf = (d: AdminTrainingDetail | undefined): FormValues => ({
  rank: d?.training.rank ?? TRAINING_LIMITS.defaultRank,
  title: d?.training.title ?? '',
  description: d?.training.description ?? '',
  categoryId: d?.trainingCategory?.id,
  auth: d?.training.auth ?? TrainingAuth.PUBLIC,
  privatePwd: d?.training.privatePwd ?? '',
  status: d?.training.status ?? true,
});

/** Create (no `trainingId`) or edit a training (training/create, training/{trainingId}/edit). */
export default function TrainingEditPage() {
  const { trainingId } = useParams();
  const tid = trainingId !== undefined ? Number(trainingId) : undefined;
  return <TrainingEditor tid={tid} />;
}

/** The form of a new (no `tid`) or an existing training, with the calls of the enclosing admin scope (site or group). */
export function TrainingEditor({ tid }: { tid: number | undefined }) {
  const { t } = useTranslation();
  const scope = useTrainingAdminScope();
  const valid = tid === undefined || (Number.isInteger(tid) && tid > 0);
  const detail = useQuery({
    queryKey: trainingKeys.admin.one(tid ?? 0),
    queryFn: quietly(() => scope.get(tid!)),
    enabled: tid !== undefined && valid,
    gcTime: 0,
    retry: false,
  });
  if (!valid) return <Result status="404" title={t('training.detail.notFound')} />;
  if (detail.isError) return <Result status="warning" title={detail.error.message} />;
  if (tid !== undefined && !detail.data) return <PageLoading />;
  return <TrainingForm key={tid ?? 'new'} tid={tid} detail={detail.data} />;
}

function TrainingForm({ tid, detail }: { tid: number | undefined; detail: AdminTrainingDetail | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const scope = useTrainingAdminScope();
  const categories = useQuery({ queryKey: scope.categories.queryKey, queryFn: quietly(scope.categories.queryFn), staleTime: 60_000 });
  const auth = Form.useWatch('auth', form);
  const redirected = useRef(false);

  // With no category a training cannot be made; say so and go to the category page.
  useEffect(() => {
    if (redirected.current || !categories.data || categories.data.length > 0) return;
    redirected.current = true;
    feedback.warning(t('admin.training.noCategory'));
    if (scope.categoryPath) void navigate(scope.categoryPath);
  }, [categories.data, navigate, t, scope.categoryPath]);

  const required = (labelKey: string) => ({ required: true, whitespace: true, message: t('admin.required', { field: t(labelKey) }) });

  const save = async (v: FormValues) => {
    const body = {
      training: {
        id: tid,
        title: v.title.trim(),
        description: v.description,
        rank: v.rank,
        auth: v.auth,
        privatePwd: v.auth === TrainingAuth.PRIVATE ? v.privatePwd : null,
        status: v.status,
      },
      trainingCategory: { id: v.categoryId },
    };
    try {
      if (tid === undefined) await scope.add(body);
      else await scope.update(body);
    } catch {
      return; // shown by the client
    }
    feedback.success(t(tid === undefined ? 'admin.added' : 'admin.updated'));
    void client.invalidateQueries({ queryKey: trainingKeys.admin.all });
    void client.invalidateQueries({ queryKey: ['training'] });
    void client.invalidateQueries({ queryKey: ['training-list'] });
    void navigate(scope.listPath);
  };

  return (
    <div className="oj-admin-page" data-testid="admin-training-edit">
      <Card title={tid === undefined ? t('admin.menu.trainingCreate') : t('admin.training.editTitle', { title: detail?.training.title ?? '' })}>
        <Form<FormValues> form={form} layout="vertical" initialValues={valuesOf(detail)} onFinish={(v) => void save(v)} style={{ maxWidth: 900 }}>
          <Form.Item
            name="rank"
            label={t('admin.training.rank')}
            tooltip={t('admin.training.rankHint')}
            rules={[{ required: true, message: t('admin.required', { field: t('admin.training.rank') }) }]}
          >
            <InputNumber min={TRAINING_LIMITS.rankMin} max={TRAINING_LIMITS.rankMax} precision={0} style={{ width: 200 }} data-testid="training-rank" />
          </Form.Item>
          <Form.Item name="title" label={t('admin.training.title')} rules={[required('admin.training.title')]}>
            <Input maxLength={255} data-testid="training-title" />
          </Form.Item>
          <Form.Item name="description" label={t('admin.training.description')} rules={[required('admin.training.description')]}>
            <MarkdownEditor rows={10} testId="training-description" />
          </Form.Item>
          <Form.Item
            name="categoryId"
            label={t('admin.training.category')}
            rules={[{ required: true, message: t('admin.required', { field: t('admin.training.category') }) }]}
          >
            <Select
              loading={categories.isPending}
              style={{ maxWidth: 320 }}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: <span style={{ color: c.color }}>{c.name}</span> }))}
              data-testid="training-category"
            />
          </Form.Item>
          <Form.Item name="auth" label={t('admin.training.auth')}>
            <Radio.Group
              options={[
                { value: TrainingAuth.PUBLIC, label: t('training.auth.public') },
                { value: TrainingAuth.PRIVATE, label: t('training.auth.private') },
              ]}
              data-testid="training-auth"
            />
          </Form.Item>
          {auth === TrainingAuth.PRIVATE && (
            <Form.Item name="privatePwd" label={t('admin.training.password')} rules={[required('admin.training.password')]}>
              <Input.Password maxLength={255} autoComplete="new-password" style={{ maxWidth: 320 }} data-testid="training-password" />
            </Form.Item>
          )}
          <Form.Item name="status" label={t('admin.training.visible')} valuePropName="checked">
            <Switch data-testid="training-status" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="training-save">
              {t('admin.save')}
            </Button>
            <Button onClick={() => navigate(scope.listPath)}>{t('admin.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
