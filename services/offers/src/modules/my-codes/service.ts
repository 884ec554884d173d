import type { EntityManager } from '@mikro-orm/core';
import type { Identity } from '@tullab/http';
import { isActiveStudent } from '../../http';
import { rows } from '@tullab/db';
import { logoUrl } from '../offers/views';
import type {
  CodeOfferState,
  MyCode as MyCodeAnswer,
  MyCodesPage as MyCodesPageAnswer,
  MyCodesQuery,
} from '@tullab/contracts';

/** One code the student was given, and a page of them (the contract's, with times as the service builds them). */
export type MyCode = MyCodeAnswer<Date>;
export type MyCodesPage = MyCodesPageAnswer<Date>;

interface Row {
  id: string;
  offer_id: string;
  code: string | null;
  created_at: Date;
  title: string;
  title_ar: string | null;
  brand_name: string;
  offer_type: 'discount' | 'referral';
  referral_link: string | null;
  logo_key: string | null;
  logo_version: number;
  state: CodeOfferState;
  total: string;
}

const STATE = `case
    when o.status in ('expired', 'archived') or (o.expires_at is not null and o.expires_at <= ?) then 'expired'
    when o.status = 'live' then 'live'
    else 'paused'
  end`;

/**
 * `GET /students/me/codes`: the caller's own redemptions (never anyone else's: the student is the signed identity),
 * newest first, one page of them and how many there are in all.
 */
export async function listMyCodes(
  em: EntityManager,
  caller: Identity,
  query: MyCodesQuery,
): Promise<MyCodesPage> {
  const { page, perPage } = query;
  const found = await rows<Row>(
    em,
    `select r.id, r.offer_id, r.code, r.created_at, o.title, o.title_ar, o.brand_name, o.offer_type,
            o.referral_link, o.logo_key, o.logo_version, ${STATE} as state, count(*) over () as total
     from redemption r join offer o on o.id = r.offer_id
     where r.user_id = ?
     order by r.created_at desc, r.sequence desc, r.id desc
     limit ? offset ?`,
    [new Date(), caller.userId, perPage, (page - 1) * perPage],
  );
  const total = found.length ? Number(found[0].total) : await countOf(em, caller.userId!);
  const active = isActiveStudent(caller);
  const data = found.map((row): MyCode => ({
    id: row.id,
    offerId: row.offer_id,
    title: row.title,
    titleAr: row.title_ar ?? null,
    brandName: row.brand_name,
    logoUrl: logoUrl({ id: row.offer_id, logoKey: row.logo_key, logoVersion: row.logo_version }),
    offerType: row.offer_type,
    code: row.code ?? null,
    referralLink:
      !row.code && row.offer_type === 'referral' && row.state === 'live' && active
        ? (row.referral_link ?? null)
        : null,
    state: row.state,
    revealedAt: new Date(row.created_at),
  }));
  return { data, total, page, perPage };
}

/** How many codes the student has (for a page past the last one, which lists none). */
async function countOf(em: EntityManager, userId: string): Promise<number> {
  const [row] = await rows<{ total: string }>(
    em,
    'select count(*) as total from redemption where user_id = ?',
    [userId],
  );
  return Number(row.total);
}
