import { configure, render } from '@testing-library/react';
import { memoryStore, TestMemoryRouter } from 'react-admin';
import { Console } from '../App';
import { createAuthProvider } from '../providers/authProvider';
import { createDataProvider } from '../providers/dataProvider';
import { installBrowserGaps } from './browser';
import { staffUser, stubApi, type StubRoute } from './stub-api';

// The whole console renders in jsdom, and a first render of a page can take more than the default second when test
// files run side by side.
configure({ asyncUtilTimeout: 5000 });

export interface RenderConsoleOptions {
  /** who `GET /api/auth/user` says is signed in; null: nobody (401) */
  user?: ReturnType<typeof staffUser> | Record<string, unknown> | null;
}

/**
 * Renders the whole console at `path` (the part after `#`) with new providers and an in-memory preferences store,
 * and the API answered by `routes` at `fetch`. A staff member is signed in unless `user` says otherwise.
 */
export function renderConsole(
  path: string,
  routes: Record<string, StubRoute> = {},
  options: RenderConsoleOptions = {},
) {
  const browser = installBrowserGaps();
  const user = options.user === undefined ? staffUser() : options.user;
  const api = stubApi({
    'GET /api/auth/user': user ? { body: { user } } : { status: 401, body: { message: 'Not authenticated' } },
    'POST /api/auth/logout': { status: 204 },
    ...routes,
  });
  let location = { pathname: path, search: '' };
  const view = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l)}>
      <Console
        authProvider={createAuthProvider()}
        dataProvider={createDataProvider()}
        store={memoryStore()}
      />
    </TestMemoryRouter>,
  );
  return { ...view, ...api, ...browser, location: () => location };
}
