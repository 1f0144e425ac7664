import { Suspense, useState } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { authDialog } from '../../app/dialogs/dialogStore';

// antd Modal and the dialog are fetched when the dialog is first opened (most visits never open it).
const AuthModal = lazyPage(() => import('./AuthModal'));

/** Mounts the account dialog once it has been opened, and keeps it mounted so that it closes with its animation. */
export function AuthDialog() {
  const { open } = authDialog.use();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
