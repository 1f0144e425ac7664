import { useEffect } from 'react';
import confetti from 'canvas-confetti';
import { TrophyFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@oj/shared';

/**
 * One confetti cannon drawing on this thread. canvas-confetti's default cannon runs in a Worker made
 * from a blob: URL, which the site's CSP (worker-src falling back to script-src 'self') refuses with a
 * console error on every Accepted; a few hundred particles for 3 s need no worker.
 */
let cannon: confetti.CreateTypes | null = null;
const fire = (options: confetti.Options) => {
  cannon ??= confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
  void cannon(options);
};

/** The Accepted celebration: confetti and a congratulation for 3 s, then `onDone`. */
export function Congrats({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const end = Date.now() + TIMINGS.congratsMs;
    let frame = 0;
    const burst = () => {
      fire({ particleCount: 6, angle: 60, spread: 60, origin: { x: 0, y: 0.7 } });
      fire({ particleCount: 6, angle: 120, spread: 60, origin: { x: 1, y: 0.7 } });
      if (Date.now() < end) frame = requestAnimationFrame(burst);
    };
    fire({ particleCount: 120, spread: 90, origin: { y: 0.6 } });
    frame = requestAnimationFrame(burst);
    const done = window.setTimeout(onDone, TIMINGS.congratsMs);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(done);
      cannon?.reset();
    };
  }, [onDone]);
  return (
    <div className="oj-congrats" role="status" data-testid="congrats">
      <TrophyFilled className="oj-congrats-icon" />
      <div className="oj-congrats-text">{t('problem.submit.congrats')}</div>
    </div>
  );
}
