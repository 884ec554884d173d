import { merchantApplications } from '@tullab/contracts/route-table';
import { requestRoute, routeCall } from '@tullab/web-kit/api/client';

/** `POST /api/merchant-applications` (ARCHITECTURE "Public API beyond SPEC §7"), multipart because of the logo. */
export async function submitMerchantApplication(body: FormData): Promise<unknown> {
  return (await requestRoute(routeCall(merchantApplications.apply, { body }))).data;
}
