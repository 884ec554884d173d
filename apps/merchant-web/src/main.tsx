import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from '@tullab/web-kit/api/client';
import { AppRouter } from '@tullab/web-kit/components/AppRouter';
import { AppProviders } from '@tullab/web-kit/providers';
import { isMerchantPortalPath } from '@tullab/web-kit/site-paths';
import { makeStore } from '@tullab/web-kit/store';
import { startTexts } from './i18n';
import { routes } from './root/routes';

/**
 * The merchant portal's entry point (issue 29): asks who is signed in while the texts of the page's language load,
 * then renders the portal's routes.
 */
async function renderPortal(container: HTMLElement) {
  const store = makeStore();
  store.dispatch(api.util.prefetch('getUser', undefined, {}));
  await startTexts();
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders store={store} ownsPage={isMerchantPortalPath}>
          <AppRouter routes={routes} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');
void renderPortal(container);
