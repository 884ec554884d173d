import { apiRequest } from '../../app/api';

/** `POST /api/merchant-applications` (ARCHITECTURE "Public API beyond SPEC §7"), multipart because of the logo. */
export async function submitMerchantApplication(body: FormData): Promise<unknown> {
  return (await apiRequest('POST', 'merchant-applications', body)).data;
}
