/** The shell's side of the HTTP client's events: toasts, the Login dialog, leaving admin pages. */
import { onClientEvent } from '../api/clientEvents';
import { openAuthDialog } from '../app/dialogs/dialogStore';
import { feedback } from '../app/feedback';
import { navigateTo, onAdminPage } from '../app/navigation';

export function showClientEvents() {
  return onClientEvent((event) => {
    switch (event.type) {
      case 'failure':
        feedback.error(event.text);
        return;
      case 'signedOut':
        if (onAdminPage()) navigateTo('/admin/login');
        else if (event.prompt) openAuthDialog('login');
        return;
      case 'refused':
        if (onAdminPage()) navigateTo('/admin');
        return;
    }
  });
}
