import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, List, Modal, Pagination, Popconfirm, Radio, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, QuestionCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLARIFICATION_LIMITS, CONTEST_LIMITS, ContestStatus, type ContestClarification } from '@oj/shared';
import { useContestProblems } from '../../api/contest';
import { answerClarification, askClarification, clarificationKeys, deleteClarification, useClarifications } from '../../api/contestClarification';
import { useLive } from '../../api/live';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../components/time';
import { useContest } from './ContestContext';
import { markSeen } from './shell/clarificationSeen';
import { useContestStatus } from './shell/useContestClock';
import './shell/clarifications.css';

/** The problem select's value of a question about the contest in general. */
const GENERAL = '';

/**
 * Clarifications tab: participants ask about a problem or the contest while it runs and read their own
 * questions and the answers to everyone; the contest's admins see every question, unanswered first, and
 * answer privately or to everyone (also an announcement). The live stream refreshes the list as soon as
 * a question the viewer may see is asked or answered; while it is down the list is polled.
 */
export default function ContestClarificationsPage() {
  const { t } = useTranslation();
  const { contest } = useContest();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [receivedAt] = useState(() => Date.now());
  const status = useContestStatus(contest, receivedAt);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: clarificationKeys.all(contest.id) });
  const live = useLive({ contest: contest.id }, (e) => {
    if ((e.type === 'clarification' && e.cid === contest.id) || e.type === 'resync') refetch();
  });
  const list = useClarifications(contest.id, page, live ? false : CONTEST_LIMITS.rankRefreshMs);
  const { user } = useSession();
  // What the tab shows is no news for the notices on the other tabs (shell/useClarificationNotices.ts).
  useEffect(() => {
    if (user && list.data) markSeen(user.uid, contest.id, list.data.records);
  }, [user, contest.id, list.data]);
  const staff = !!list.data?.staff;
  const [answering, setAnswering] = useState<ContestClarification | null>(null);
  const remove = async (id: number) => {
    try {
      await deleteClarification(contest.id, id);
      feedback.success(t('contest.clarifications.deleted'));
      refetch();
    } catch {
      // the server's refusal was shown
    }
  };
  const total = list.data?.total ?? 0;

  return (
    <div className="oj-clarifications" data-testid="contest-clarifications">
      {!staff &&
        list.isSuccess &&
        (status === ContestStatus.RUNNING ? <AskForm onAsked={refetch} /> : <Alert type="info" showIcon message={t('msg.clarificationClosed')} />)}
      <Card
        title={t('contest.tab.clarifications')}
        extra={
          list.data && list.data.open > 0 ? (
            <Tag color="orange" data-testid="clarifications-open">
              {t('contest.clarifications.open', { count: list.data.open })}
            </Tag>
          ) : null
        }
      >
        <List<ContestClarification>
          itemLayout="vertical"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          rowKey="id"
          locale={{ emptyText: <Empty description={list.isError ? list.error.message || t('common.loadFailed') : t('contest.clarifications.empty')} /> }}
          renderItem={(c) => (
            <List.Item
              key={c.id}
              className="oj-clarification"
              data-testid={`clarification-${c.id}`}
              data-answered={c.answer !== null}
              actions={
                staff
                  ? [
                      <Button
                        key="answer"
                        size="small"
                        type={c.answer === null ? 'primary' : 'default'}
                        onClick={() => setAnswering(c)}
                        data-testid={`clarification-answer-${c.id}`}
                      >
                        {c.answer === null ? t('contest.clarifications.answer') : t('contest.clarifications.answerAgain')}
                      </Button>,
                      <Popconfirm
                        key="delete"
                        title={t('contest.clarifications.deleteConfirm')}
                        description={t('contest.clarifications.deleteHint')}
                        okButtonProps={{ danger: true, 'data-testid': `clarification-delete-ok-${c.id}` }}
                        onConfirm={() => remove(c.id)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} data-testid={`clarification-delete-${c.id}`}>
                          {t('contest.clarifications.delete')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : undefined
              }
            >
              <Space size={[4, 4]} wrap className="oj-clarification-tags">
                <Tag color="geekblue">
                  {c.displayId ? `${c.displayId}${c.problemTitle ? ` · ${c.problemTitle}` : ''}` : t('contest.clarifications.general')}
                </Tag>
                {c.answer === null ? (
                  <Tag color="orange">{t('contest.clarifications.waiting')}</Tag>
                ) : (
                  <Tag color="green" data-testid="clarification-answered">
                    {t('contest.clarifications.answered')}
                  </Tag>
                )}
                {c.public && <Tag color="blue">{t('contest.clarifications.public')}</Tag>}
              </Space>
              <Typography.Text type="secondary" className="oj-clarification-meta">
                {[c.username, formatDateTime(c.gmtCreate)].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Markdown source={c.content} className="oj-clarification-question" />
              {c.answer !== null && (
                <div className="oj-clarification-answer" data-testid={`clarification-reply-${c.id}`}>
                  <Typography.Text type="secondary" className="oj-clarification-meta">
                    {[t('contest.clarifications.answeredBy', { name: c.answeredBy ?? '' }), c.gmtAnswered && formatDateTime(c.gmtAnswered)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                  <Markdown source={c.answer} />
                </div>
              )}
            </List.Item>
          )}
        />
        {total > CLARIFICATION_LIMITS.pageSize && (
          <Pagination
            className="oj-contest-pagination"
            current={page}
            pageSize={CLARIFICATION_LIMITS.pageSize}
            total={total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Card>
      {answering && (
        <AnswerDialog
          key={answering.id}
          question={answering}
          onClose={(saved) => {
            setAnswering(null);
            if (saved) refetch();
          }}
        />
      )}
    </div>
  );
}

/** The participant's question: a problem of the contest or "general", and the text (Markdown). */
function AskForm({ onAsked }: { onAsked: () => void }) {
  const { t } = useTranslation();
  const { contest } = useContest();
  const problems = useContestProblems(contest.id);
  const [problem, setProblem] = useState(GENERAL);
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!content.trim()) return void feedback.warning(t('msg.clarificationEmpty'));
    setSending(true);
    try {
      await askClarification(contest.id, problem || null, content);
      feedback.success(t('contest.clarifications.asked'));
      setContent('');
      onAsked();
    } catch {
      /* the client showed the server's message (flood limits, closed) */
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('contest.clarifications.ask')} className="oj-clarification-ask" data-testid="clarification-ask">
      <Form layout="vertical" onFinish={() => void send()}>
        <Form.Item label={t('contest.clarifications.problem')}>
          <Select
            value={problem}
            onChange={setProblem}
            loading={problems.isPending}
            data-testid="clarification-problem"
            options={[
              { value: GENERAL, label: t('contest.clarifications.general') },
              ...(problems.data ?? []).map((p) => ({ value: p.displayId, label: `${p.displayId} · ${p.displayTitle}` })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('contest.clarifications.question')}>
          <Input.TextArea
            value={content}
            onChange={(e) => setContent(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 12 }}
            maxLength={CLARIFICATION_LIMITS.questionMax}
            showCount
            placeholder={t('contest.clarifications.placeholder')}
            data-testid="clarification-content"
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" className="oj-clarification-limits">
          {t('contest.clarifications.limits', { count: CLARIFICATION_LIMITS.openPerUser, seconds: CLARIFICATION_LIMITS.intervalSec })}
        </Typography.Paragraph>
        <div className="oj-clarification-send">
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} data-testid="clarification-submit">
            {t('contest.clarifications.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The staff's answer: the text, to the asker or to everyone (then under an announcement title). */
function AnswerDialog({ question, onClose }: { question: ContestClarification; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState(question.answer ?? '');
  const [toAll, setToAll] = useState(question.public);
  const [title, setTitle] = useState(() =>
    question.displayId ? t('contest.clarifications.defaultTitleProblem', { displayId: question.displayId }) : t('contest.clarifications.defaultTitle'),
  );
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!answer.trim()) return void feedback.warning(t('msg.clarificationAnswerEmpty'));
    setSaving(true);
    try {
      await answerClarification({ id: question.id, cid: question.cid, answer, public: toAll, title: toAll ? title : null });
      feedback.success(t('contest.clarifications.saved'));
      onClose(true);
    } catch {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={
        <span>
          <QuestionCircleOutlined /> {t('contest.clarifications.answerTitle')}
        </span>
      }
      okText={t('contest.clarifications.answer')}
      onOk={() => void save()}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      okButtonProps={{ 'data-testid': 'clarification-answer-ok' } as Record<string, string>}
      data-testid="clarification-answer-dialog"
    >
      <div className="oj-clarification-quoted">
        <Typography.Text type="secondary" className="oj-clarification-meta">
          {[question.displayId ?? t('contest.clarifications.general'), question.username].filter(Boolean).join(' · ')}
        </Typography.Text>
        <Markdown source={question.content} className="oj-clarification-question" />
      </div>
      <Form layout="vertical">
        <Form.Item label={t('contest.clarifications.answerLabel')}>
          <Input.TextArea
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 14 }}
            maxLength={CLARIFICATION_LIMITS.answerMax}
            showCount
            placeholder={t('contest.clarifications.answerPlaceholder')}
            data-testid="clarification-answer-text"
          />
        </Form.Item>
        <Form.Item label={t('contest.clarifications.visibility')}>
          <Radio.Group value={toAll} onChange={(e) => setToAll(e.target.value as boolean)} disabled={question.public} data-testid="clarification-visibility">
            <Space direction="vertical">
              <Radio value={false} data-testid="clarification-private">
                {t('contest.clarifications.toAsker')}
              </Radio>
              <Radio value={true} data-testid="clarification-public">
                {t('contest.clarifications.toAll')}
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {toAll && (
          <Form.Item label={t('contest.clarifications.announcementTitle')}>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={CLARIFICATION_LIMITS.titleMax} data-testid="clarification-title" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
