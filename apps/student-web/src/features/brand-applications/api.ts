import { apiRequest } from '@tullab/web-kit/api/client';

/** `POST /api/merchant-applications` (ARCHITECTURE "Public API beyond SPEC §7"), multipart because of the logo. */
export async function submitMerchantApplication(body: FormData): Promise<unknown> {
  return (await apiRequest('POST', 'merchant-applications', body)).data;
}
