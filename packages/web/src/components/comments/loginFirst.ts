import type { TFunction } from 'i18next';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import { feedback } from '../../app/feedback';
import { session } from '../../app/session';

/**
 * Liking, reporting, posting and commenting need login; a visitor gets "Please login first"
 * and the Login dialog, which brings them back to this page. True when the caller may go on.
 */
export function loggedInOrAsk(t: TFunction): boolean {
  if (session.get().token) return true;
  feedback.warning(t('msg.loginFirst'));
  openAuthDialog('login', `${window.location.pathname}${window.location.search}`);
  return false;
}
