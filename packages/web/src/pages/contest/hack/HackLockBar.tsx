import { Alert, Button, Popconfirm, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contestHackApi } from '../../../api/contestHack';
import { feedback } from '../../../app/feedback';
import './hack.css';
import type { ContestContextValue } from '../ContestContext';
import { hacksOpen, useHackLocks } from './useHackLocks';

/**
 * Above a contest problem while hacks are open: lock it (after an accepted submission; then no more
 * submissions to it, and others' accepted ones may be hacked from the submissions tab), or "locked".
 */
export function HackLockBar({ view, displayId }: { view: ContestContextValue; displayId: string }) {
  const { t } = useTranslation();
  const open = hacksOpen(view.contest, view.isContestAdmin);
  const locks = useHackLocks(view.contest, open);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!open || !locks.data) return null;
  const locked = locks.data.some((d) => d.toUpperCase() === displayId.toUpperCase());
  const lock = async () => {
    setBusy(true);
    try {
      await contestHackApi.lock(view.contest.id, displayId);
      feedback.success(t('contestHack.lockedNow'));
      await client.invalidateQueries({ queryKey: ['contest-hack', 'locks', view.contest.id] });
    } catch {
      // the server's refusal was shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      className="oj-hack-lock-bar"
      type={locked ? 'success' : 'info'}
      showIcon
      data-testid="hack-lock-bar"
      message={locked ? t('contestHack.lockedHint') : t('contestHack.lockHint')}
      action={
        locked ? (
          <Tag icon={<LockOutlined />} color="green" data-testid="hack-locked">
            {t('contestHack.locked')}
          </Tag>
        ) : (
          <Popconfirm title={t('contestHack.lockConfirm')} onConfirm={lock} okButtonProps={{ 'data-testid': 'hack-lock-ok' }}>
            <Button size="small" icon={<LockOutlined />} loading={busy} data-testid="hack-lock">
              {t('contestHack.lock')}
            </Button>
          </Popconfirm>
        )
      }
    />
  );
}
