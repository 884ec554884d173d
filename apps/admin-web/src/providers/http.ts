import { fetchUtils, HttpError } from 'react-admin';

/** Every admin call carries the session cookie; the gateway checks the role (staff or admin). */
export const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

const messageOf = (body: unknown): string | null =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? body.message
    : null;

/**
 * A binary answer (a student's document) as a Blob, typed by the answer's Content-Type. A refusal becomes the same
 * HttpError `fetchJson` throws, so notifications show the server's `{ message }` and a 401 still signs out.
 */
export async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new HttpError(
      messageOf(body) ?? (res.statusText || `Request failed (${res.status})`),
      res.status,
      body,
    );
  }
  return res.blob();
}
