import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Space, Spin, Tabs, Typography } from 'antd';
import { CaretRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, LIMITS, TIMINGS, type ProblemExample, type TestRunResult } from '@oj/shared';
import { problemApi } from '../../api/problem';
import { feedback } from '../../app/feedback';
import { StatusTag } from '../../components/problemStatus';
import { useProblemScope } from './problemScope';

interface Props {
  open: boolean;
  onClose(): void;
  pid: number;
  language: string;
  mode: string;
  code: string;
  examples: ProblemExample[];
  /** the code check the submit button also makes; returns a message or null */
  checkCode(): string | null;
}

const WAITING = new Set<number>([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]);

/** Online self-test: an input tab and a result tab; the result is polled every second. */
export default function TestRunDrawer({ open, onClose, pid, language, mode, code, examples, checkCode }: Props) {
  const { t } = useTranslation();
  const scope = useProblemScope();
  const [tab, setTab] = useState<'input' | 'result'>('input');
  const [input, setInput] = useState(examples[0]?.input ?? '');
  const [expected, setExpected] = useState(examples[0]?.output ?? '');
  // The sample whose answer fills the expected output, while the input is still that sample's: the
  // answer belongs to that input only, so editing the input clears it (a run on input of one's own was
  // otherwise judged against the sample's answer: Wrong Answer). An expected output the user typed stays.
  const [sampleAnswer, setSampleAnswer] = useState<number | null>(examples.length > 0 ? 0 : null);
  const editInput = (value: string) => {
    setInput(value);
    if (sampleAnswer !== null && value !== examples[sampleAnswer]?.input) {
      setExpected('');
      setSampleAnswer(null);
    }
  };
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TestRunResult | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const poll = (key: string) => {
    timer.current = window.setTimeout(async () => {
      try {
        const r = await problemApi.testRunResult(key);
        setResult(r);
        if (WAITING.has(r.status)) poll(key);
        else setRunning(false);
      } catch (e) {
        // On failure back to the input tab.
        setRunning(false);
        setTab('input');
        feedback.error((e as Error).message);
      }
    }, TIMINGS.testRunPollMs);
  };

  const run = async () => {
    const problem = checkCode();
    if (problem) return feedback.error(problem);
    if (input.length > LIMITS.testInputMax) return feedback.error(t('msg.testInputTooLong'));
    window.clearTimeout(timer.current);
    setRunning(true);
    setResult(null);
    try {
      const key = await problemApi.testRun({ pid, language, code, ...scope.testRun, userInput: input, expectedOutput: expected, mode, isRemoteJudge: false });
      setTab('result');
      poll(key);
    } catch {
      setRunning(false);
      setTab('input');
    }
  };

  const waiting = running && (!result || WAITING.has(result.status));
  return (
    <Drawer
      title={t('problem.test.title')}
      open={open}
      onClose={onClose}
      placement="bottom"
      height={460}
      destroyOnHidden={false}
      extra={
        <Button type="primary" icon={<CaretRightOutlined />} loading={running} onClick={() => void run()} data-testid="test-run-start">
          {t('problem.test.run')}
        </Button>
      }
      data-testid="test-run-drawer"
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'input' | 'result')}
        items={[
          {
            key: 'input',
            label: t('problem.test.inputTab'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                {examples.length > 0 && (
                  <Space wrap>
                    {examples.map((e, i) => (
                      <Button
                        key={i}
                        size="small"
                        onClick={() => {
                          setInput(e.input);
                          setExpected(e.output);
                          setSampleAnswer(i);
                        }}
                      >
                        {t('problem.test.useSample', { n: i + 1 })}
                      </Button>
                    ))}
                  </Space>
                )}
                <Typography.Text strong>{t('problem.test.input')}</Typography.Text>
                <Input.TextArea
                  value={input}
                  onChange={(e) => editInput(e.target.value)}
                  rows={5}
                  maxLength={LIMITS.testInputMax}
                  showCount
                  className="oj-mono"
                  data-testid="test-run-input"
                />
                <Typography.Text strong>{t('problem.test.expected')}</Typography.Text>
                <Input.TextArea
                  value={expected}
                  onChange={(e) => {
                    setExpected(e.target.value);
                    setSampleAnswer(null);
                  }}
                  rows={4}
                  placeholder={t('problem.test.expectedHint')}
                  className="oj-mono"
                  data-testid="test-run-expected"
                />
              </Space>
            ),
          },
          {
            key: 'result',
            label: t('problem.test.resultTab'),
            children: waiting ? (
              <Spin tip={t('problem.test.waiting')}>
                <div style={{ height: 120 }} />
              </Spin>
            ) : result ? (
              <Space direction="vertical" style={{ width: '100%' }} data-testid="test-run-result">
                <Space wrap>
                  <StatusTag status={result.status} />
                  <Typography.Text type="secondary">
                    {result.time} ms · {result.memory} KB
                  </Typography.Text>
                </Space>
                {result.status === JudgeStatus.ACCEPTED && !result.expectedOutput && <Alert type="info" showIcon message={t('problem.test.ranOnly')} />}
                {result.problemJudgeMode !== 'default' && <Alert type="warning" showIcon message={t('problem.test.specialJudge')} />}
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('problem.test.input')}>
                    <pre className="oj-pre">{result.userInput}</pre>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('problem.test.output')}>
                    <pre className="oj-pre" data-testid="test-run-output">
                      {result.userOutput}
                    </pre>
                  </Descriptions.Item>
                  {result.expectedOutput && (
                    <Descriptions.Item label={t('problem.test.expected')}>
                      <pre className="oj-pre">{result.expectedOutput}</pre>
                    </Descriptions.Item>
                  )}
                  {result.stderr && (
                    <Descriptions.Item label={t('problem.test.stderr')}>
                      <pre className="oj-pre">{result.stderr}</pre>
                    </Descriptions.Item>
                  )}
                </Descriptions>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('problem.test.noResult')}</Typography.Text>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
