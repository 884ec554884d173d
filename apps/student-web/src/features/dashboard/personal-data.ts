import { gatewayOwn } from '@tullab/contracts/route-table';
import { callUrl, routeCall } from '@tullab/web-kit/api/client';
import { apiErrorFrom, NETWORK_ERROR_STATUS, type ApiError } from '@tullab/web-kit/api/errors';

/** The file name the server gives the download, else one of our own. */
export function downloadName(contentDisposition: string | null, today = new Date()): string {
  const named = /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1];
  return named ?? `tullab-data-${today.toISOString().slice(0, 10)}.json`;
}

/**
 * "Download my data" (decision 009): everything Tullab holds about the signed-in student, as the JSON file the
 * gateway assembles, saved by the browser. Throws an ApiError when the server refuses or cannot be reached.
 */
export async function downloadPersonalData(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(callUrl(routeCall(gatewayOwn.ownPersonalData)), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (err) {
    throw {
      status: NETWORK_ERROR_STATUS,
      message: err instanceof Error ? err.message : 'Network error',
      data: {},
    } satisfies ApiError;
  }
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, await response.text());
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('Content-Disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
