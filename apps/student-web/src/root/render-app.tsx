import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isStudentAppPath } from '@tullab/web-kit/site-paths';
import { HOME_NAMESPACES } from '../i18n/namespaces';

/**
 * Starts the app. Its parts are fetched together but run one after the other, each in a task of its own as it
 * arrives, so that none of them keeps the page from responding for long (issue "Fast path"). The theme, with MUI's
 * core, is a part of its own although the others import it: it would otherwise run within the longest of them. The
 * store comes first: what the first screen shows is asked for as soon as it can be, while the rest arrives.
 */
async function renderApp(container: HTMLElement) {
  const screens = Promise.all([
    import('@tullab/web-kit/theme'),
    import('@tullab/web-kit/providers'),
    import('./AppRouter'),
  ]);
  const atHome = window.location.pathname === '/';
  // the texts of the page's language: the shared ones, and on the home page its own and the catalogue's
  const texts = import('../i18n').then(({ startTexts }) => startTexts(atHome ? HOME_NAMESPACES : []));
  const [{ makeStore }, { api }, { prefetchOffers }] = await Promise.all([
    import('@tullab/web-kit/store'),
    import('@tullab/web-kit/api/client'),
    import('../features/offers/api'),
  ]);

  // the signed-in user (the header) and, on the home page, the catalogue
  const store = makeStore();
  store.dispatch(api.util.prefetch('getUser', undefined, {}));
  if (atHome) store.dispatch(prefetchOffers());

  const [, { AppProviders }, { AppRouter }] = await screens;
  await texts;

  // Rendered as a transition: React renders in slices and lets the browser handle input between them, and replaces
  // the first screen index.html painted in one go at the end.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders store={store} ownsPage={isStudentAppPath}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');
void renderApp(container);
