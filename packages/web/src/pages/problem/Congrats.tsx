import { useEffect } from 'react';
import confetti from 'canvas-confetti';
import { TrophyFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@oj/shared';

/** The Accepted celebration (spec 1 §4): confetti and a congratulation for 3 s, then `onDone`. */
export function Congrats({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const end = Date.now() + TIMINGS.congratsMs;
    let frame = 0;
    const burst = () => {
      void confetti({ particleCount: 6, angle: 60, spread: 60, origin: { x: 0, y: 0.7 }, disableForReducedMotion: true });
      void confetti({ particleCount: 6, angle: 120, spread: 60, origin: { x: 1, y: 0.7 }, disableForReducedMotion: true });
      if (Date.now() < end) frame = requestAnimationFrame(burst);
    };
    void confetti({ particleCount: 120, spread: 90, origin: { y: 0.6 }, disableForReducedMotion: true });
    frame = requestAnimationFrame(burst);
    const done = window.setTimeout(onDone, TIMINGS.congratsMs);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(done);
      confetti.reset();
    };
  }, [onDone]);
  return (
    <div className="oj-congrats" role="status" data-testid="congrats">
      <TrophyFilled className="oj-congrats-icon" />
      <div className="oj-congrats-text">{t('problem.submit.congrats')}</div>
    </div>
  );
}
