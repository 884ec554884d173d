import { randomBytes } from 'node:crypto';
import { seal, unseal } from '@tullab/events';

/**
 * A webhook's signing secret (issue 30 point 5, T38): 32 random bytes in base64 behind `whsec_`, the form the Standard
 * Webhooks libraries take on both sides. Kept sealed (AES-256-GCM) with a key derived from INTERNAL_SECRET: every
 * delivery is signed with it, so it must be recovered, unlike an app's client secret, which is only compared and kept
 * as a hash.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export const sealWebhookSecret = (key: string, secret: string): string => seal(key, { secret });

export const openWebhookSecret = (key: string, sealed: string): string => unseal(key, sealed).secret;

/** The last four characters, for the brand to tell which secret a server holds. */
export const secretHintOf = (secret: string): string => secret.slice(-4);
