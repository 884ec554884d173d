import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';

/** Every admin call carries the session cookie; the gateway checks the role (staff or admin). */
export const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

/**
 * `/api/admin/<resource>` speaks the ra-data-simple-rest dialect (CONVENTIONS "Gateway and identity").
 * Resource actions (`approve`, `reject`) are added here with the resources that need them.
 */
export const dataProvider = simpleRestProvider('/api/admin', httpClient);
