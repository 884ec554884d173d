import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import type { Logger } from '@tullab/log';
import { addCodes, newOffer, OfferSchema } from '@tullab/offers/tooling';
import type { ObjectStore } from '@tullab/storage';
import { demoBrands, type DemoBrand } from './brands';
import { readLogos } from './logos';
import { demoOfferTexts, slugOf } from './texts';

const DAY_MS = 24 * 3600_000;

/** Codes such as `QAHWA-7KQ2MX`: six characters from an alphabet without look-alikes. */
function poolCodes(prefix: string, size: number): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const codes = new Set<string>();
  while (codes.size < size)
    codes.add(`${prefix}-${Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('')}`);
  return [...codes];
}

function discountOf(brand: DemoBrand) {
  const { discount } = brand;
  if (discount.type === 'referral')
    return { offerType: 'referral' as const, discountType: null, discountValue: null };
  const value = discount.type === 'free_shipping' ? null : discount.value;
  return { offerType: 'discount' as const, discountType: discount.type, discountValue: value };
}

/**
 * Loads the demo catalogue (issue 4) through offers' own functions: 30 invented UAE brands over every category, each
 * with its logo, a mix of percentage, fixed (AED), free-shipping and referral offers, some expiring, some with code
 * pools. Does nothing when any offer exists, so it is safe on every start; concurrent runs queue on a lock. Answers
 * how many it added.
 */
export async function loadDemoCatalogue(em: EntityManager, store: ObjectStore, log: Logger): Promise<number> {
  if (await em.fork().count(OfferSchema, {})) return 0;
  const logos = await readLogos(demoBrands);
  for (const logo of logos) await store.put(logo.key, logo.bytes, logo.contentType);

  const added = await em.transactional(async (tx) => {
    await lockName(tx, 'offers-demo-catalogue');
    if (await tx.count(OfferSchema, {})) return 0;
    const now = Date.now();
    const pools: Array<{ offerId: string; codes: string[] }> = [];
    demoBrands.forEach((brand, index) => {
      const slug = slugOf(brand.name);
      const site = `www.${slug}.example`;
      const discount = discountOf(brand);
      const offer = newOffer(tx, {
        ...demoOfferTexts(brand),
        brandName: brand.name,
        businessName: `${brand.name} L.L.C.`,
        businessDescription: brand.about,
        businessCategory: brand.category,
        ...discount,
        code: brand.code ?? null,
        referralLink:
          discount.offerType === 'referral' ? `https://${slug}.example/students?ref=tullab` : null,
        websiteLink: `https://${site}`,
        expiresAt: brand.expiresInDays ? new Date(now + brand.expiresInDays * DAY_MS) : null,
        generalInfo:
          brand.generalInfo ?? `Questions about your order? Contact ${brand.name} at hello@${slug}.example.`,
        maxRedemptionsPerStudent: brand.maxRedemptionsPerStudent ?? 1,
        status: 'live',
        logo: { key: logos[index].key, contentType: logos[index].contentType },
        currentUses: brand.uses,
        createdAt: new Date(now - brand.ageDays * DAY_MS),
      });
      if (brand.pool) pools.push({ offerId: offer.id, codes: poolCodes(brand.pool.prefix, brand.pool.size) });
    });
    await tx.flush();
    for (const pool of pools) await addCodes(tx, pool.offerId, pool.codes);
    return demoBrands.length;
  });
  if (added) log.info({ offers: added }, 'demo catalogue loaded');
  return added;
}
