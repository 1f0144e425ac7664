import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContestInfo } from '@oj/shared';
import { contestKeys } from '../../../api/contest';
import { useVirtualState } from '../../../api/contestVirtual';
import { formatCountdown } from '../../../components/contest/meta';

/**
 * The shell's countdown of the viewer's own clock while his virtual run lasts (the server's time, as the
 * contest clock takes it); at its end the contest's data is read again (the run is over, submitting stops).
 * It re-renders every second: keep it small.
 */
export function VirtualClock({ contest }: { contest: Pick<ContestInfo, 'id' | 'status'> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useVirtualState(contest);
  const run = state.data?.run;
  const running = !!run?.running;
  const offset = run ? Date.parse(run.now) - state.dataUpdatedAt : 0;
  const end = run ? Date.parse(run.endTime) : 0;
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now() + offset);
    const timer = window.setInterval(() => {
      const next = Date.now() + offset;
      setNow(next);
      if (next >= end) {
        window.clearInterval(timer);
        void queryClient.invalidateQueries({ queryKey: contestKeys.all(contest.id) });
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [running, offset, end, queryClient, contest.id]);
  if (!running) return null;
  return (
    <Alert
      className="oj-contest-virtual-clock"
      type="info"
      showIcon
      title={t('contest.virtual.clock', { time: formatCountdown(t, end - now) })}
      data-testid="contest-virtual-clock"
    />
  );
}
