import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Input, Row, Space, Typography } from 'antd';
import { CheckCircleOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ContestAuth, type ContestInfo, contestRule } from '@oj/shared';
import { Markdown } from '../../components/Markdown';
import { formatDateTime } from '../../components/time';
import { useContest } from './ContestContext';
import { authKey } from '../../components/contest/meta';
import { useRegisterContest } from './useRegisterContest';
import { VirtualStart } from './virtual/VirtualStart';

/** Password registration for private and protected contests. */
function Registration() {
  const { t } = useTranslation();
  const { contest, access, isContestAdmin, refresh } = useContest();
  const [password, setPassword] = useState('');
  const { submit: register, busy, refusal } = useRegisterContest(contest.id);

  if (contest.auth === ContestAuth.PUBLIC) return null;
  if (isContestAdmin || access) {
    return (
      <Alert
        type="success"
        showIcon
        icon={<CheckCircleOutlined />}
        title={isContestAdmin ? t('contest.overview.adminHint') : t('contest.overview.registered')}
        data-testid="contest-registered"
      />
    );
  }

  const submit = async () => {
    if (!(await register(password))) return;
    setPassword('');
    refresh();
  };

  return (
    <Card
      title={
        <span>
          <KeyOutlined /> {t('contest.overview.registerTitle')}
        </span>
      }
      className="oj-contest-register"
      data-testid="contest-register"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {contest.auth === ContestAuth.PRIVATE ? t('contest.overview.privateHint') : t('contest.overview.protectedHint')}
        </Typography.Text>
        <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
          <Input.Password
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={() => void submit()}
            placeholder={t('contest.overview.password')}
            autoComplete="off"
            data-testid="contest-password"
          />
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="contest-register-submit">
            {t('contest.overview.register')}
          </Button>
        </Space.Compact>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="contest-refusal" />}
      </Space>
    </Card>
  );
}

function Rules({ contest: c }: { contest: ContestInfo }) {
  const { t } = useTranslation();
  const rule = contestRule(c.type);
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const seal = !c.sealRank
    ? t('contest.overview.noSeal')
    : `${t('contest.overview.sealFrom', { time: formatDateTime(c.sealRankTime ?? c.startTime) })} ${c.autoRealRank ? t('contest.overview.sealReveal') : t('contest.overview.sealKeep')}`;
  return (
    <Card title={t('contest.overview.rules')} data-testid="contest-rules">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph className="oj-contest-rule-text">
          {t(`contest.overview.${rule.key}Rule`, { scoreType: t(`contest.scoreType.${c.oiRankScoreType}`) })}
        </Typography.Paragraph>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('contest.overview.ruleType')}>{rule.label}</Descriptions.Item>
          <Descriptions.Item label={t('contest.overview.access')}>
            {t(`contest.auth.${authKey(c.auth)}`)} · {t(`contest.authTip.${authKey(c.auth)}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('contest.overview.seal')}>{seal}</Descriptions.Item>
          <Descriptions.Item label={t('contest.overview.outsideRank')}>{yesNo(c.openRank)}</Descriptions.Item>
          <Descriptions.Item label={t('contest.overview.print')}>{yesNo(c.openPrint)}</Descriptions.Item>
          <Descriptions.Item label={t('contest.overview.endSubmit')}>{yesNo(c.allowEndSubmit)}</Descriptions.Item>
          {c.author && <Descriptions.Item label={t('contest.overview.author')}>{c.author}</Descriptions.Item>}
        </Descriptions>
      </Space>
    </Card>
  );
}

/** Overview (index route): description, rules, registration and, once ended, virtual participation. */
export default function ContestOverviewPage() {
  const { t } = useTranslation();
  const { contest } = useContest();
  return (
    <div className="oj-stack" data-testid="contest-overview">
      <Registration />
      <VirtualStart />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card title={t('contest.overview.description')} data-testid="contest-description">
            {contest.description.trim() ? (
              <Markdown source={contest.description} />
            ) : (
              <Typography.Text type="secondary">{t('contest.overview.noDescription')}</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Rules contest={contest} />
        </Col>
      </Row>
    </div>
  );
}
