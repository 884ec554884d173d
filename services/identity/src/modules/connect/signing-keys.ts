import { generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { seal, unseal } from '@tullab/events';

/** A private signing key as oidc-provider takes it: an EC P-256 JWK with its id, for ES256 signatures. */
export type SigningJwk = JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };

/**
 * How long a retired key stays in the JWKS: longer than any token it signed lives (ID tokens and access tokens live
 * minutes), so a brand's cached JWKS still verifies them (decision 019).
 */
export const RETIRED_KEY_PUBLISHED_MS = 24 * 60 * 60 * 1000;

interface KeyRow {
  sealed_key: string;
  retired_at: Date | null;
}

/** Raw SQL within `tx`'s transaction. */
const run = <T = unknown>(tx: EntityManager, sql: string, params: unknown[] = []): Promise<T> =>
  tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext()) as Promise<T>;

function newKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

async function addKey(tx: EntityManager, sealKey: string): Promise<SigningJwk> {
  const key = newKey();
  await run(tx, 'insert into oidc_signing_keys (kid, sealed_key) values (?, ?)', [
    key.kid,
    seal(sealKey, { jwk: JSON.stringify(key) }),
  ]);
  return key;
}

/** One identity process at a time changes the keys (two starting on a new database make one key, not two). */
const lockKeys = (tx: EntityManager) =>
  run(tx, "select pg_advisory_xact_lock(hashtext('oidc_signing_keys'))");

/**
 * The keys the provider publishes, the signing one first: the newest unretired key, then the retired ones still
 * within RETIRED_KEY_PUBLISHED_MS. With no unretired key (a new database), one is made. Private keys are sealed at
 * rest.
 */
export function loadSigningKeys(em: EntityManager, sealKey: string): Promise<SigningJwk[]> {
  return em.transactional(async (tx) => {
    await lockKeys(tx);
    const rows = await run<KeyRow[]>(
      tx,
      `select sealed_key, retired_at from oidc_signing_keys
       where retired_at is null or retired_at > now() - make_interval(secs => ?)
       order by retired_at is not null, created_at desc`,
      [RETIRED_KEY_PUBLISHED_MS / 1000],
    );
    const keys = rows.map((row) => JSON.parse(unseal(sealKey, row.sealed_key).jwk) as SigningJwk);
    return rows[0] && !rows[0].retired_at ? keys : [await addKey(tx, sealKey), ...keys];
  });
}

/**
 * Rotates: a new key signs from the provider's next start on; the one signing until now is retired and stays
 * published until no token it signed can still be in use. Returns the new key's id.
 */
export function rotateSigningKey(em: EntityManager, sealKey: string): Promise<string> {
  return em.transactional(async (tx) => {
    await lockKeys(tx);
    await run(tx, 'update oidc_signing_keys set retired_at = now() where retired_at is null');
    return (await addKey(tx, sealKey)).kid;
  });
}
