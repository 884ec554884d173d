import {
  MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR,
  MERCHANT_INVITATIONS_PER_DAY,
  MERCHANT_INVITATIONS_PER_HOUR,
} from '@tullab/contracts';
import { sha256Hex, tooManyRequests } from '@tullab/http';
import type { IdentityContext } from '../../context';

export const BRAND_LIMIT_REACHED = `Your brand has sent as many invitations as it may for now (${MERCHANT_INVITATIONS_PER_HOUR} an hour, ${MERCHANT_INVITATIONS_PER_DAY} a day). Please try again later.`;
export const ADDRESS_LIMIT_REACHED = `This address was sent ${MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR} invitations within the hour. Please wait before sending it another.`;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The rate-limit counters an invitation of `brandId` to `email` counts against (T24). */
export function invitationLimitKeys(brandId: string, email: string) {
  return {
    hour: `merchant-invitations:brand-hour:${brandId}`,
    day: `merchant-invitations:brand-day:${brandId}`,
    address: `merchant-invitations:address:${brandId}:${sha256Hex(email.toLowerCase()).slice(0, 32)}`,
  };
}

/**
 * Counts one invitation of `brandId` to `email`, new or sent again, before it is made (T24): at most
 * MERCHANT_INVITATIONS_PER_HOUR and MERCHANT_INVITATIONS_PER_DAY per brand, MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR
 * to one address, else 429 `too_many_invitations` with Retry-After. A refused one is given back to every counter, so
 * only invitations that went out fill them. The counters are the brand's own and count every address alike, whether
 * or not it has an account, so a 429 tells the brand nothing it did not do itself. Redis down: allowed (the limiter
 * fails open, SECURITY "Failure matrix").
 */
export async function countInvitation(ctx: IdentityContext, brandId: string, email: string): Promise<void> {
  const keys = invitationLimitKeys(brandId, email);
  const { limiter } = ctx;
  const [hour, day, address] = await Promise.all([
    limiter.hit(keys.hour, MERCHANT_INVITATIONS_PER_HOUR, HOUR),
    limiter.hit(keys.day, MERCHANT_INVITATIONS_PER_DAY, DAY),
    limiter.hit(keys.address, MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR, HOUR),
  ]);
  const refused = [hour, day, address].filter((decision) => !decision.allowed);
  if (!refused.length) return;
  await Promise.all(Object.values(keys).map((key) => limiter.giveBack(key)));
  const brandFull = !hour.allowed || !day.allowed;
  ctx.log.warn({ brandId, limit: brandFull ? 'brand' : 'address' }, 'merchant invitation rate limited');
  throw tooManyRequests(
    Math.max(...refused.map((decision) => decision.retryAfter)),
    brandFull ? BRAND_LIMIT_REACHED : ADDRESS_LIMIT_REACHED,
    'too_many_invitations',
  );
}
