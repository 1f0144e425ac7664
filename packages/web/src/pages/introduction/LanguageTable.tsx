import { Empty, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageInfo } from '@oj/shared';
import { useLanguages } from '../../api/queries';

/** The judge's languages and how each is compiled; an Empty until an admin has set some up. */
export function LanguageTable() {
  const { t } = useTranslation();
  const { data, isPending } = useLanguages();
  if (isPending && !data) return <Skeleton active />;
  if (!data?.length) return <Empty description={t('about.noLanguages')} data-testid="languages-empty" />;
  return (
    <Table<LanguageInfo>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={data}
      scroll={{ x: 640 }}
      data-testid="languages-table"
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
