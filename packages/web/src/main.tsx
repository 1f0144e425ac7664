import './app/zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { setupI18n } from './app/i18n';
import { RouteTable } from './app/RouteTable';
import { applyTheme } from './app/theme';
import { showClientEvents } from './shell/clientEvents';
import { routes } from './shell/router';
import './app/styles.css';

showClientEvents();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <RouteTable routes={routes} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// Texts of the chosen language load before the first paint, so no raw keys flash; a failed load
// still renders the app (keys beat a blank page). A dark page fetches its scheme meanwhile: no white flash.
void Promise.all([setupI18n(), applyTheme()])
  .catch((err: unknown) => console.error(err))
  .then(render);
