import { Collapse, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { JUDGE_STATUS_SHORT, type AllCaseResult, type CaseResult, type JudgeStatusCode } from '@oj/shared';
import { JUDGE_STATUS_COLOR } from '../../components/judgeStatus';
import { formatMemory, formatTime, statusName } from '../status/format';
import { StatusTag } from '../status/StatusTag';

function CaseCell({ c, index }: { c: CaseResult; index: number }) {
  const { t } = useTranslation();
  const color = JUDGE_STATUS_COLOR[c.status as JudgeStatusCode] ?? 'default';
  const name = statusName(c.status);
  const tip = (
    <div>
      <div>{name ? t(`judgeStatus.${name}`) : c.status}</div>
      {c.inputData && <div>{t('submissionPage.caseFiles', { input: c.inputData, output: c.outputData ?? '' })}</div>}
      {c.score !== null && <div>{t('submissionPage.caseScore', { score: c.score })}</div>}
      {c.message && <div className="oj-case-message">{c.message}</div>}
      {c.judgeMessage && (
        // Sent to the problem's admins only: the checker's words that may quote the answer.
        <div className="oj-case-judge-message">
          <div className="oj-case-judge-label">{t('submissionPage.judgeMessage')}</div>
          <div className="oj-case-message" data-testid="case-judge-message">
            {c.judgeMessage}
          </div>
        </div>
      )}
    </div>
  );
  return (
    <Tooltip title={tip}>
      <Tag color={color} className="oj-case" data-testid="case-cell">
        <div className="oj-case-head">
          #{index} {JUDGE_STATUS_SHORT[c.status as JudgeStatusCode] ?? c.status}
        </div>
        <div className="oj-case-body">
          {formatTime(c.time)} / {formatMemory(c.memory)}
        </div>
      </Tag>
    </Tooltip>
  );
}

function CaseGrid({ cases }: { cases: CaseResult[] }) {
  return (
    <div className="oj-case-grid">
      {cases.map((c, i) => (
        <CaseCell key={c.seq} c={c} index={i + 1} />
      ))}
    </div>
  );
}

/**
 * Test-case results: a grid of cases, or one collapsible panel per
 * subtask. Closed results (the problem keeps them private) show a note instead.
 */
export function CaseResults({ result, closedText }: { result: AllCaseResult | null; closedText?: string }) {
  const { t } = useTranslation();
  if (result === null) return <Empty description={closedText ?? t('submissionPage.casesClosed')} data-testid="cases-closed" />;
  if (result.subTaskJudgeCaseVoList) {
    return (
      <Collapse
        data-testid="subtasks"
        items={result.subTaskJudgeCaseVoList.map((g) => ({
          key: String(g.groupNum),
          label: (
            <Space wrap>
              <Typography.Text strong>{t('submissionPage.subtask', { n: g.groupNum })}</Typography.Text>
              <StatusTag status={g.status} />
              <span>{t('submissionPage.subtaskScore', { score: g.score })}</span>
              {g.blockedBy ? (
                <Tag color="warning" data-testid={`subtask-blocked-${g.groupNum}`}>
                  {t('submissionPage.subtaskBlocked', { list: g.blockedBy.join(', ') })}
                </Tag>
              ) : null}
              <span>
                AC {g.ac}/{g.total}
              </span>
              <span className="oj-muted">
                {formatTime(g.time)} / {formatMemory(g.memory)}
              </span>
            </Space>
          ),
          children: <CaseGrid cases={g.subtaskDetailList} />,
        }))}
      />
    );
  }
  const cases = result.judgeCaseList ?? [];
  if (!cases.length) return <Empty description={t('submissionPage.noCases')} />;
  return <CaseGrid cases={cases} />;
}
