import { statusChangedPayload, type StatusChangedPayload } from '@tullab/contracts';
import { seal, unseal } from './sealed';

/**
 * Read-your-writes for a verification the student completes themselves (docs/decisions/002): verification answers
 * the verify-otp call (and a document upload) with this receipt in VERIFICATION_RECEIPT_HEADER (@tullab/contracts),
 * the gateway hands it to identity, which applies the status at once, and rotates the session (S7) when the status
 * became `active`. The receipt is sealed with INTERNAL_SECRET, so neither the client nor anyone without the key can
 * make or read one, and lives 60 s.
 */
const RECEIPT_TTL_MS = 60_000;
const receiptPurpose = 'verification-receipt';

export function sealVerificationReceipt(
  secret: string,
  payload: StatusChangedPayload,
  now = Date.now(),
): string {
  return seal(secret, {
    purpose: receiptPurpose,
    payload: JSON.stringify(statusChangedPayload.parse(payload)),
    expiresAt: String(now + RECEIPT_TTL_MS),
  });
}

/** The receipt's status change, or null when it is forged, altered, for another purpose or expired. */
export function openVerificationReceipt(
  secret: string,
  receipt: string,
  now = Date.now(),
): StatusChangedPayload | null {
  try {
    const values = unseal(secret, receipt);
    if (values.purpose !== receiptPurpose || !(Number(values.expiresAt) > now)) return null;
    const parsed = statusChangedPayload.safeParse(JSON.parse(values.payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
