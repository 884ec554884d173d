/**
 * The headers that travel between the gateway and the services only (decision 001): the gateway drops any of them a
 * browser sends, and a service trusts them only when signed or sealed with INTERNAL_SECRET.
 */

/** The caller the gateway resolved (user id, role, address…), as JSON; signed in SIGNATURE_HEADER. */
export const IDENTITY_HEADER = 'x-tullab-identity';

/** The HMAC of IDENTITY_HEADER's value, with INTERNAL_SECRET and a timestamp. */
export const SIGNATURE_HEADER = 'x-tullab-signature';

/**
 * On verification's answer to a verification the student completed: the sealed receipt of the new status, which the
 * gateway hands to identity so the very next `/api/auth/user` shows it (decision 002).
 */
export const VERIFICATION_RECEIPT_HEADER = 'x-tullab-verification-receipt';

/**
 * On offers' `GET /offers` answer: until when (epoch ms) the gateway may keep that catalogue without hearing a
 * `catalogue` broadcast (decision 005). Absent when offers itself is not hearing changes.
 */
export const CATALOGUE_KEPT_UNTIL_HEADER = 'x-tullab-catalogue-kept-until';
