import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { startCountdown, useCountdown } from '../app/dialogs/countdown';

/**
 * A "send code" button: waiting while the call runs, then disabled with a countdown that survives
 * remounts. `onSend` resolves to the seconds to wait, or null when nothing was sent.
 */
export function SendCodeButton({
  countdownKey,
  onSend,
  children,
  block,
  type,
  testId,
}: {
  countdownKey: string;
  onSend: () => Promise<number | null>;
  children?: ReactNode;
  block?: boolean;
  type?: 'primary' | 'default';
  testId?: string;
}) {
  const { t } = useTranslation();
  const left = useCountdown(countdownKey);
  const [waiting, setWaiting] = useState(false);
  const click = async () => {
    setWaiting(true);
    try {
      const seconds = await onSend();
      if (seconds) startCountdown(countdownKey, seconds);
    } finally {
      setWaiting(false);
    }
  };
  return (
    <Button type={type} block={block} loading={waiting} disabled={left > 0} onClick={() => void click()} data-testid={testId}>
      {left > 0 ? t('code.resendIn', { seconds: left }) : (children ?? t('code.send'))}
    </Button>
  );
}
