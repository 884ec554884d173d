import { z } from 'zod';

/**
 * Every `code` an error answer may carry. The message is for people (and may change or be translated); the code is
 * for programs, so a client tells errors apart by it. A code never says more than the message does (a locked
 * account still answers `invalid_credentials`). docs/errors.md describes each one; a test keeps the two in step.
 */
export const errorCodes = [
  // The defaults, one per status, when nothing more specific applies.
  'invalid_request',
  'validation_failed',
  'malformed_body',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'bad_gateway',
  'unavailable',
  'gateway_timeout',
  // Signing in, accounts and second factor
  'invalid_credentials',
  'too_many_attempts',
  'email_taken',
  'wrong_current_password',
  'session_expired',
  'code_invalid',
  'code_exhausted',
  'mfa_not_enrolled',
  'mfa_already_enrolled',
  'mfa_enrolment_closed',
  'invitation_invalid',
  'invitation_email_taken',
  'already_in_team',
  'too_many_invitations',
  'last_admin',
  'own_account',
  'csrf_failed',
  // Student verification
  'not_verified',
  'already_verified',
  'student_email_taken',
  'verification_not_started',
  'documents_pending_limit',
  'already_reviewed',
  'domain_taken',
  // Offers
  'offer_expired',
  'pool_exhausted',
  'saved_limit',
  'already_reported',
  'proposals_pending_limit',
  // Checkout (Verify with Tullab)
  'redemption_invalid',
  'redemption_other_brand',
  'redemption_expired',
  'redemption_used',
  'idempotency_key_reused',
  'order_conflict',
  // Uploads
  'upload_too_large',
  'file_type_not_allowed',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorCodeSchema = z.enum(errorCodes);

/** The body of every error answer: a message for people, a code for programs, and one message per refused field. */
export const errorAnswerSchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  errors: z.record(z.string(), z.string()).optional(),
  /** the message key of a refused field's rule, where it has one (docs/errors.md "Field errors") */
  keys: z.record(z.string(), z.string()).optional(),
});

export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** True when `value` is one of the listed codes (a service passing on another's answer keeps its code). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}
