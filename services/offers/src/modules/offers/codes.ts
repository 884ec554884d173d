import { randomInt } from 'node:crypto';

/**
 * SPEC §4's code for an offer without a code of its own: the brand name lower-cased with only its letters and digits,
 * then the product's short name, then a random number from 10 to 99 (node:crypto, S13). Made once per offer, when the
 * offer is made, and kept on it (decision 012): every student of the offer gets the same one, which the merchant knows.
 */
export function generatedCode(brandName: string): string {
  return `${brandName.toLowerCase().replace(/[^a-z0-9]/g, '')}tullab${randomInt(10, 100)}`;
}
