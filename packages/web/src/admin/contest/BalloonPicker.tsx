import { useEffect, useRef, useState } from 'react';
import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { colorString } from '../components/tagColor';

/** Balloon colours most contests use, offered first. */
const PRESETS = ['#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96', '#8c8c8c', '#000000', '#ffffff', '#a0522d'];

/**
 * The balloon colour of a contest problem (ContestProblem.color), saved as soon as it is
 * picked. Typing a hex value or dragging fires many changes: only the last one within half a second
 * is saved, so one pick is one call and one toast.
 */
export function BalloonPicker({ value, onSave, testId }: { value: string | null; onSave: (color: string | null) => void; testId?: string }) {
  const { t } = useTranslation();
  // The colour being picked, tied to the saved value it started from: once a new value arrives (this
  // save, or a reload) the draft is stale and the saved value shows again.
  const [draft, setDraft] = useState<{ from: string | null; color: string | null } | null>(null);
  const local = draft && draft.from === value ? draft.color : value;
  const setLocal = (color: string | null) => setDraft({ from: value, color });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (next: string | null) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (next !== value) onSave(next);
    }, 500);
  };

  return (
    <span className="oj-contest-balloon" data-testid={testId}>
      <ColorPicker
        size="small"
        value={local ?? undefined}
        allowClear
        disabledAlpha
        presets={[{ label: t('admin.contest.balloonPresets'), colors: PRESETS }]}
        onChange={(c) => setLocal(colorString(c))}
        onChangeComplete={(c) => schedule(colorString(c))}
        onClear={() => {
          setLocal(null);
          schedule(null);
        }}
      />
      <code className="oj-muted">{local ?? '—'}</code>
    </span>
  );
}
