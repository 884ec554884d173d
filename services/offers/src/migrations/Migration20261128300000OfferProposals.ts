import { Migration } from '@tullab/db';

/**
 * Offer proposals (issue 16 point 5, decision 016): a merchant's new offer or edit of one of their brand's offers,
 * waiting for staff. `fields` holds the proposed fields as sent; the logo, when one was sent, is stored as an
 * offer's logo would be. One pending proposal per offer at most.
 */
export class Migration20261128300000OfferProposals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table offer_proposal (
      id uuid primary key,
      brand_id uuid not null references brand (id),
      offer_id uuid null references offer (id),
      kind text not null check (kind in ('new', 'edit')),
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'withdrawn')),
      fields jsonb not null,
      logo_key text null,
      logo_content_type text null,
      reason text null,
      proposed_by uuid not null,
      decided_by uuid null,
      decided_at timestamptz null,
      created_at timestamptz not null default now(),
      check (kind = 'new' or offer_id is not null)
    )`);
    this.addSql(
      `create index offer_proposal_brand_created_idx on offer_proposal (brand_id, created_at desc)`,
    );
    this.addSql(`create index offer_proposal_status_created_idx on offer_proposal (status, created_at desc)`);
    this.addSql(
      `create unique index offer_proposal_one_pending_per_offer on offer_proposal (offer_id) where status = 'pending'`,
    );
  }
}
