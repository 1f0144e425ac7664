import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { openAuthDialog } from '../../../app/dialogs/dialogStore';
import { feedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';

/**
 * A link into a contest. Entering a contest needs login: a visitor gets the warning
 * "Please login first" and the Login dialog, and stays where they are until logged in there, then
 * enters the contest.
 */
export function ContestLink({ cid, children, className, testId }: { cid: number; children: ReactNode; className?: string; testId?: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <Link
      to={`/contest/${cid}`}
      className={className}
      data-testid={testId}
      onClick={(e) => {
        if (token) return;
        e.preventDefault();
        feedback.warning(t('msg.loginFirst'));
        openAuthDialog('login', `/contest/${cid}`);
      }}
    >
      {children}
    </Link>
  );
}
