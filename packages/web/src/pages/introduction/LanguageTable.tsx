import { Empty, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageInfo } from '@oj/shared';
import { useLanguages } from '../../api/queries';
import { abTemplateOf } from './abTemplates';

/**
 * The judge's own languages (oj ME, as registered by the judges) with their compile command; each row
 * opens to an A+B solution in that language.
 */
export function LanguageTable() {
  const { t } = useTranslation();
  const { data, isPending } = useLanguages();
  if (isPending && !data) return <Skeleton active />;
  const own = (data ?? []).filter((l) => l.oj === 'ME');
  if (!own.length) return <Empty description={t('about.noLanguages')} data-testid="languages-empty" />;
  return (
    <Table<LanguageInfo>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={own}
      scroll={{ x: 640 }}
      data-testid="languages-table"
      expandable={{
        rowExpandable: (l) => abTemplateOf(l.name) !== null,
        expandedRowRender: (l) => (
          <div data-testid={`ab-${l.name}`}>
            <Typography.Text type="secondary">{t('helpPage.abTemplate')}</Typography.Text>
            <pre className="oj-ab-code">{abTemplateOf(l.name)}</pre>
          </div>
        ),
      }}
      columns={[
        { title: t('about.language'), dataIndex: 'name', width: 140 },
        { title: t('about.description'), dataIndex: 'description', width: 200 },
        {
          title: t('about.compileCommand'),
          dataIndex: 'compileCommand',
          render: (cmd: string) => (cmd ? <Typography.Text code>{cmd}</Typography.Text> : '—'),
        },
      ]}
    />
  );
}
