import type { ReactNode } from 'react';
import { Alert, Button, Card, Form, Skeleton, Space, type FormInstance } from 'antd';
import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { quietly } from '../../api/client';
import { feedback } from '../../app/feedback';

interface SettingsCardProps<D, V> {
  title: ReactNode;
  /** the card's test id; its buttons are `<testId>-save` and `<testId>-reset` */
  testId: string;
  queryKey: QueryKey;
  load(): Promise<D>;
  /** one call, one settings write: the server takes all of the card's fields or none */
  save(values: V): Promise<D>;
  /** the form's values from what was loaded (e.g. without a secret); the data itself by default */
  toForm?(data: D): V;
  /** other queries showing these settings, reloaded after a save */
  invalidates?: QueryKey[];
  /** the fields; a function also gets the form and the loaded data (fields that depend on them) */
  children: ReactNode | ((form: FormInstance<V>, data: D) => ReactNode);
  /** above the fields (a note) */
  intro?: ReactNode;
  /** after the buttons (e.g. sending a test mail) */
  footer?: ReactNode;
}

/**
 * A card of the site configuration (/admin/conf, /admin/switch): loads its settings, edits them in a
 * form (label left, explanation under the field) and saves them with one call; Undo goes back to the
 * values last saved. After a save the form starts again from what the server stored.
 */
export function SettingsCard<D, V extends object = D & object>({
  title,
  testId,
  queryKey,
  load,
  save,
  toForm,
  invalidates = [],
  children,
  intro,
  footer,
}: SettingsCardProps<D, V>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<V>();
  const query = useQuery({ queryKey, queryFn: quietly(load) });
  const saving = useMutation({
    mutationFn: save,
    onSuccess: (data) => {
      client.setQueryData(queryKey, data);
      for (const key of invalidates) void client.invalidateQueries({ queryKey: key });
      feedback.success(t('admin.updated'));
    },
  });
  return (
    <Card title={title} style={{ marginBottom: 16 }} data-testid={testId}>
      {intro}
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <Alert type="error" showIcon title={query.error.message} />
      ) : (
        <Form<V>
          // a new key after each load or save: the fields start again from the stored values
          key={query.dataUpdatedAt}
          form={form}
          initialValues={(toForm ? toForm(query.data) : query.data) as V}
          layout="horizontal"
          labelCol={{ flex: '240px' }}
          labelWrap
          colon={false}
          onFinish={(v) => saving.mutate(v)}
          className="oj-switch-form"
        >
          {typeof children === 'function' ? children(form, query.data) : children}
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving.isPending} data-testid={`${testId}-save`}>
              {t('admin.save')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => form.resetFields()} data-testid={`${testId}-reset`}>
              {t('admin.switch.reset')}
            </Button>
            {footer}
          </Space>
        </Form>
      )}
    </Card>
  );
}
