// Merchant invitations as issue 16 stored them, before issue 28 (T24): an invitation made a merchant account without
// a password at once. A schema migrated up to then, holding such accounts, then started as identity is today.
import { randomUUID } from 'node:crypto';
import { initOrm } from '@tullab/db';
import { eventEntities, eventsMigration } from '@tullab/events';
import { createLogger } from '@tullab/log';
import { randomToken, sha256Hex } from '@tullab/http';
import { getPostgresUrl, uniqueName } from '@tullab/testing';
import { entities, migrations } from '../src/db';
import { hashPassword } from '../src/modules/users/passwords';
import { startIdentity, type TestIdentity } from './helpers';

const BEFORE = 'Migration20261128100000MerchantAccounts';

interface OldInvitation {
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  brand_id: string;
  token_hash: string;
  user_id: null;
}

export interface MigratedInvitations {
  service: TestIdentity;
  sql: TestIdentity['sql'];
  /** when the invitations made before expire, as they still do after */
  expiresAt: Date;
  /** invited, never accepted: what its invitation row should hold once migrated, and the token its e-mail carried */
  pending: { email: string; brandId: string; token: string; invitation: OldInvitation };
  /** invited, never accepted, then disabled: its invitation ends */
  disabled: { email: string; invitation: OldInvitation };
  /** accepted: signs in with `password` */
  active: { email: string };
  close(): Promise<void>;
}

/**
 * A schema migrated up to `BEFORE` holding three merchants of one brand as issue 16 made them (one invited and
 * waiting, one invited and disabled, one who accepted with `password`), then identity started on it: the migrations
 * since have run.
 */
export async function migratedFromInvitedAccounts(password = 'a long merchant passphrase 5') {
  const schema = uniqueName('identity_migrated');
  const log = createLogger('identity-test', 'silent');
  const old = await initOrm({
    url: await getPostgresUrl(),
    schema,
    entities: [...eventEntities, ...entities],
    migrations: [eventsMigration, ...migrations.slice(0, migrations.findIndex((m) => m.name === BEFORE) + 1)],
    log,
    poolMax: 2,
  });
  const brandId = randomUUID();
  const expiresAt = new Date(Date.now() + 48 * 3600_000);
  const token = randomToken();
  const account = async (name: string, language: string, extra: { hash?: string; disabled?: boolean }) => {
    const id = randomUUID();
    const email = `${uniqueName(name)}@kicks.example`;
    await old.em.getConnection().execute(
      `insert into users (id, email, password_hash, first_name, last_name, role, brand_id, language, disabled_at)
       values (?, ?, ?, 'Omar', 'Saleh', 'merchant', ?, ?, ?)`,
      [id, email, extra.hash ?? null, brandId, language, extra.disabled ? new Date() : null],
    );
    return { id, email };
  };
  const invitation = async (userId: string, tokenHash: string, accepted: boolean) =>
    old.em.getConnection().execute(
      `insert into merchant_invitations (id, user_id, brand_id, brand_name, token_hash, invited_by, created_at,
         expires_at, accepted_at, revoked_at)
       values (?, ?, ?, 'Kicks', ?, null, now(), ?, ?, null)`,
      [randomUUID(), userId, brandId, tokenHash, expiresAt, accepted ? new Date() : null],
    );
  const pending = await account('pending', 'ar', {});
  await invitation(pending.id, sha256Hex(token), false);
  const disabled = await account('disabled', 'en', { disabled: true });
  const disabledHash = sha256Hex(randomToken());
  await invitation(disabled.id, disabledHash, false);
  const active = await account('active', 'en', { hash: await hashPassword(password) });
  await invitation(active.id, sha256Hex(randomToken()), true);
  await old.close();

  const service = await startIdentity({ DB_SCHEMA: schema });
  const row = (email: string, language: string, tokenHash: string): OldInvitation => ({
    email,
    first_name: 'Omar',
    last_name: 'Saleh',
    language,
    brand_id: brandId,
    token_hash: tokenHash,
    user_id: null,
  });
  return {
    service,
    sql: service.sql,
    expiresAt,
    pending: { email: pending.email, brandId, token, invitation: row(pending.email, 'ar', sha256Hex(token)) },
    disabled: { email: disabled.email, invitation: row(disabled.email, 'en', disabledHash) },
    active: { email: active.email },
    close: () => service.close(),
  } satisfies MigratedInvitations;
}
