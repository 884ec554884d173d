import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { catalogueRoutes } from './catalogue-routes';

describe("an offer's own address, /offers/<id> (issue 13)", () => {
  test('opens the home page with the offer, as /?offer=<id>, the language of the link kept', async () => {
    const router = createMemoryRouter(
      [...catalogueRoutes.filter((route) => route.id === 'offer'), { id: 'home', path: '/', element: null }],
      { initialEntries: ['/offers/0b6c1e9a?lang=ar'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(new URLSearchParams(router.state.location.search).get('offer')).toBe('0b6c1e9a');
    expect(new URLSearchParams(router.state.location.search).get('lang')).toBe('ar');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
