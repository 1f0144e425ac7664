import { Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Which subtasks must all pass before a subtask scores (Polygon's group dependencies; the judge zeroes a
 * subtask whose needs failed). One row per subtask the cases make; the value is the form's
 * `subtaskDependencies` (subtask → the subtasks it needs).
 */
export function SubtaskDependencies({ subtasks }: { subtasks: number[] }) {
  const { t } = useTranslation();
  if (subtasks.length < 2) return null;
  return (
    <div className="oj-subtask-dependencies" style={{ marginTop: 16 }} data-testid="subtask-dependencies">
      <Typography.Text strong>{t('admin.cases.dependencies')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('admin.cases.dependenciesTip')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        {subtasks.map((g) => (
          <Form.Item key={g} name={['subtaskDependencies', String(g)]} label={t('admin.cases.dependsOn', { n: g })} style={{ marginBottom: 0 }}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('admin.cases.dependsOnNone')}
              options={subtasks.filter((o) => o !== g).map((o) => ({ value: o, label: t('admin.cases.subtaskN', { n: o }) }))}
              data-testid={`subtask-needs-${g}`}
            />
          </Form.Item>
        ))}
      </Space>
    </div>
  );
}
