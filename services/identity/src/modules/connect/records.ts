import type { EntityManager } from '@mikro-orm/core';

/** What oidc-provider keeps of one record: its own JSON, with the fields it looks records up by. */
export interface RecordPayload {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
  [field: string]: unknown;
}

interface RecordRow {
  payload: RecordPayload;
  /** when it was consumed, in epoch seconds */
  consumed: number | null;
}

/**
 * oidc-provider's storage (its `Adapter` interface) on `oidc_records` in identity's database (decision 019): one
 * instance per model (`Session`, `Interaction`, `AuthorizationCode`, `Grant`, …). An expired record is never found,
 * so it behaves as gone before retention removes it; a consumed code comes back with `consumed` set, which is how the
 * provider refuses its replay.
 */
export class ProviderRecords {
  constructor(
    private readonly em: EntityManager,
    private readonly model: string,
  ) {}

  private get db() {
    return this.em.getConnection();
  }

  async upsert(id: string, payload: RecordPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.db.execute(
      `insert into oidc_records (model, id, payload, grant_id, uid, user_code, expires_at)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
        expiresAt,
      ],
    );
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<RecordPayload | undefined> {
    const [row] = await this.db.execute<RecordRow[]>(
      `select payload, extract(epoch from consumed_at)::bigint::int as consumed from oidc_records
       where model = ? and ${column} = ? and (expires_at is null or expires_at > now())
       limit 1`,
      [this.model, value],
    );
    if (!row) return undefined;
    return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
  }

  find(id: string): Promise<RecordPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<RecordPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<RecordPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  /** Marks the record used, once: a second consumption leaves the first time in place. */
  async consume(id: string): Promise<void> {
    await this.db.execute(
      'update oidc_records set consumed_at = now() where model = ? and id = ? and consumed_at is null',
      [this.model, id],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.execute('delete from oidc_records where model = ? and id = ?', [this.model, id]);
  }

  /** Every record of the grant (its codes and tokens), of any model: a revoked grant leaves nothing usable. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.execute('delete from oidc_records where grant_id = ?', [grantId]);
  }
}
