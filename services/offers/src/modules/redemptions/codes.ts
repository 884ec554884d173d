import { randomInt } from 'node:crypto';

/**
 * SPEC §4's code for an offer without a code of its own: the brand name lower-cased with only its letters and digits,
 * then the product's short name, then a random number from 10 to 99 (node:crypto, S13).
 */
export function generatedCode(brandName: string): string {
  return `${brandName.toLowerCase().replace(/[^a-z0-9]/g, '')}tullab${randomInt(10, 100)}`;
}
