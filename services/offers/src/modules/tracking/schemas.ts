import type { ListQueryOptions } from '@tullab/http';
import { z } from 'zod';
import { statFields } from './entities';

/** S33: a tracking call's `metadata` is at most 512 bytes of JSON (its body at most TRACKING_BODY_LIMIT). */
const METADATA_LIMIT = 512;

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** `POST /analytics` (SPEC §7): `metadata` (which names the brand) is checked, then not kept. */
export const analyticsBody = z.object({
  eventType: z.enum(['offer_click', 'link_copy'], 'eventType must be offer_click or link_copy'),
  offerId: z.uuid('offerId must be an offer id'),
  metadata: z
    .string('metadata must be a JSON string')
    .refine((text) => Buffer.byteLength(text) <= METADATA_LIMIT, 'metadata must be at most 512 bytes')
    .refine(isJson, 'metadata must be a JSON string')
    .nullish(),
});

/** GET /admin/offers/:id/stats: `filter={"day_gte":"2026-11-01","day_lte":"2026-11-30"}`, newest day first. */
export const listStatsOptions: ListQueryOptions = {
  sortable: ['day', ...statFields],
  filterable: { day_gte: 'gte', day_lte: 'lte' },
  defaultSort: ['day', 'DESC'],
};
