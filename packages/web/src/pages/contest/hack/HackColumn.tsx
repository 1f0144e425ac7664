import { Button } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, may, type SubmissionInfo } from '@oj/shared';
import type { ContestContextValue } from '../ContestContext';
import { useContestActor } from '../useContestActor';
import { HackDialog } from './HackDialog';
import { hacksOpen, useHackLocks } from './useHackLocks';
import './hack.css';

/**
 * The contest status list's hack column while hacks are open: a "Hack" button on others' accepted
 * submissions of a problem the viewer locked (the policy's `hack` row, then the lock), and its dialog.
 */
export function useHackColumn(view: ContestContextValue): ColumnType<SubmissionInfo> | undefined {
  const { t } = useTranslation();
  const actor = useContestActor(view.contest);
  const open = hacksOpen(view.contest, view.isContestAdmin);
  const locks = useHackLocks(view.contest, open);
  const [target, setTarget] = useState<number | null>(null);
  const c = view.contest;
  return useMemo(() => {
    if (!open || !locks.data?.length) return undefined;
    const locked = new Set(locks.data.map((d) => d.toUpperCase()));
    const hackable = (r: SubmissionInfo) =>
      r.status === JudgeStatus.ACCEPTED &&
      locked.has(r.displayPid.toUpperCase()) &&
      may(actor, 'hack', { kind: 'submission', uid: r.uid, gid: r.gid, contest: { uid: c.uid, gid: c.gid } });
    return {
      title: t('contestHack.hack'),
      key: 'hack',
      render: (_, r) =>
        hackable(r) ? (
          <>
            <Button size="small" danger icon={<BugOutlined />} onClick={() => setTarget(r.submitId)} data-testid={`hack-${r.submitId}`}>
              {t('contestHack.hack')}
            </Button>
            {target === r.submitId && <HackDialog cid={c.id} submitId={r.submitId} onClose={() => setTarget(null)} />}
          </>
        ) : null,
    };
  }, [open, locks.data, actor, c, t, target]);
}
