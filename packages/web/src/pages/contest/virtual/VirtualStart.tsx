import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contestVirtualApi, useVirtualState } from '../../../api/contestVirtual';
import { contestKeys } from '../../../api/contest';
import { feedback } from '../../../app/feedback';
import { translateMsg } from '../../../app/i18n';
import { formatDuration } from '../../../components/contest/meta';
import { useContest } from '../ContestContext';

/**
 * The overview's virtual participation: the start button exactly when the server would take the start
 * (its answer to get-contest-virtual), and where his run stands.
 */
export function VirtualStart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contest } = useContest();
  const state = useVirtualState(contest);
  const [busy, setBusy] = useState(false);
  const run = state.data?.run ?? null;
  const allowed = !!state.data?.start.allowed;
  if (!run && !allowed) return null;

  const start = async () => {
    setBusy(true);
    try {
      const r = await contestVirtualApi.start(contest.id);
      feedback.success(translateMsg(r.msg) || t('msg.contestVirtualStarted'));
      await queryClient.invalidateQueries({ queryKey: contestKeys.all(contest.id) });
      void navigate(`/contest/${contest.id}/problems`);
    } catch {
      // The client already showed the server's refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <FieldTimeOutlined /> {t('contest.virtual.title')}
        </span>
      }
      data-testid="contest-virtual"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {run ? (
          <Alert
            type={run.running ? 'info' : 'success'}
            showIcon
            title={run.running ? t('contest.virtual.running') : t('contest.virtual.over')}
            data-testid={run.running ? 'contest-virtual-running' : 'contest-virtual-over'}
          />
        ) : null}
        {allowed ? (
          <>
            <Typography.Text type="secondary">{t('contest.virtual.hint', { duration: formatDuration(t, contest.duration) })}</Typography.Text>
            <Popconfirm
              title={t('contest.virtual.confirm', { duration: formatDuration(t, contest.duration) })}
              okText={t('contest.virtual.start')}
              cancelText={t('contest.virtual.cancel')}
              onConfirm={() => void start()}
            >
              <Button type="primary" icon={<FieldTimeOutlined />} loading={busy} data-testid="contest-virtual-start">
                {t('contest.virtual.start')}
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
    </Card>
  );
}
