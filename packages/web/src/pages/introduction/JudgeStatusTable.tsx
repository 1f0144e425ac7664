import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { JUDGE_STATUS_ROWS, type JudgeStatusRow } from '../../components/judgeStatus';

/** What each verdict means, in its own colour. */
export function JudgeStatusTable() {
  const { t } = useTranslation();
  return (
    <Table<JudgeStatusRow>
      size="small"
      rowKey="code"
      pagination={false}
      dataSource={JUDGE_STATUS_ROWS}
      scroll={{ x: 520 }}
      data-testid="judge-status-table"
      columns={[
        {
          title: t('about.status'),
          key: 'status',
          width: 240,
          render: (_, r) => (
            <Tag color={r.color}>
              {t(`judgeStatus.${r.name}`)}
              {r.short ? ` (${r.short})` : ''}
            </Tag>
          ),
        },
        { title: t('about.meaning'), key: 'meaning', render: (_, r) => t(`judgeStatusDesc.${r.name}`) },
      ]}
    />
  );
}
