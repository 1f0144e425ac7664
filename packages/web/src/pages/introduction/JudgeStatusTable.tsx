import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { JudgeStatus } from '@oj/shared';
import { JUDGE_STATUS_ROWS, type JudgeStatusRow } from '../../components/judgeStatus';

/** The verdicts the help page explains, in the scoreboard's order. */
const HELP_ORDER: number[] = [
  JudgeStatus.PENDING,
  JudgeStatus.SUBMITTED_FAILED,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.OUTPUT_LIMIT_EXCEEDED,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.CANCELLED,
];
const rows = HELP_ORDER.map((code) => JUDGE_STATUS_ROWS.find((r) => r.code === code)!);

/** What each verdict means, in its own colour. */
export function JudgeStatusTable() {
  const { t } = useTranslation();
  return (
    <Table<JudgeStatusRow>
      size="small"
      rowKey="code"
      pagination={false}
      dataSource={rows}
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
