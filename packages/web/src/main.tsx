import './app/zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { setupI18n } from './app/i18n';
import { setNavigator } from './app/navigation';
import { router } from './app/router';
import './app/styles.css';

function render() {
  setNavigator((to) => void router.navigate(to));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Texts of the chosen language load before the first paint, so no raw keys flash; a failed load
// still renders the app (keys beat a blank page).
void setupI18n()
  .catch((err: unknown) => console.error(err))
  .then(render);
