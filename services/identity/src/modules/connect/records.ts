import type { EntityManager } from '@mikro-orm/core';
import { sha256Hex } from '@tullab/http';

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
 * The models whose id is a token a client presents (an authorization code, an access token): kept as the id's
 * SHA-256, with no `jti` in the payload, so the table holds no usable token (issue 30 "tokens stored hashed"). A
 * session's or an interaction's id is a cookie of the provider's, worth nothing without the student's Tullab session
 * (the `tullab_session` check of provider.ts), and is looked up by `uid` too: kept as it is.
 */
const TOKEN_MODELS = new Set(['AuthorizationCode', 'AccessToken']);

/**
 * oidc-provider's storage (its `Adapter` interface) on `oidc_records` in identity's database (decision 019): one
 * instance per model (`Session`, `Interaction`, `AuthorizationCode`, `Grant`, …). An expired record is never found,
 * so it behaves as gone before retention removes it; a consumed code comes back with `consumed` set, which is how the
 * provider refuses its replay.
 */
export class ProviderRecords {
  private readonly hashed: boolean;

  constructor(
    private readonly em: EntityManager,
    private readonly model: string,
  ) {
    this.hashed = TOKEN_MODELS.has(model);
  }

  private get db() {
    return this.em.getConnection();
  }

  /** The row's id: a token's SHA-256, anything else as it is. */
  private key(id: string): string {
    return this.hashed ? sha256Hex(id) : id;
  }

  async upsert(id: string, record: RecordPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const { jti: _token, ...kept } = record;
    const payload = this.hashed ? kept : record;
    await this.db.execute(
      `insert into oidc_records (model, id, payload, grant_id, uid, user_code, expires_at)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
      [
        this.model,
        this.key(id),
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

  async find(id: string): Promise<RecordPayload | undefined> {
    const found = await this.findWhere('id', this.key(id));
    return found && this.hashed ? { ...found, jti: id } : found;
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
      [this.model, this.key(id)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.execute('delete from oidc_records where model = ? and id = ?', [this.model, this.key(id)]);
  }

  /** Every record of the grant (its codes and tokens), of any model: a revoked grant leaves nothing usable. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.execute('delete from oidc_records where grant_id = ?', [grantId]);
  }
}
