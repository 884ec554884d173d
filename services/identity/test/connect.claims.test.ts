import { createEnvelope } from '@tullab/events';
import type { ConnectInteraction } from '@tullab/contracts';
import { connectFlow, type BrandCheckout } from './connect-flow.fixture';
import { merchantAccountTests } from './merchant-accounts.fixture';
import { registered, startIdentity, type TestIdentity } from './helpers';

/**
 * What a brand's ID token says of a student (issue 30 point 1, decision 019), through a real code flow: that they are
 * verified and until when, and only with the student's consent their first name (`first_name` → `given_name`) or the
 * institution they are verified at (`institution` → `institution`).
 */
let identity: TestIdentity;
let checkout: ReturnType<typeof connectFlow>;
let app: BrandCheckout;

const INSTITUTION = 'United Arab Emirates University';

beforeAll(async () => {
  identity = await startIdentity();
  checkout = connectFlow(identity);
  const { client: merchant } = await merchantAccountTests(identity).approvedMerchant();
  const redirectUri = 'https://kicks.example/auth/tullab';
  const made = await merchant.post('/merchant/apps', { name: 'Kicks shop', redirectUris: [redirectUri] });
  if (made.status !== 201) throw new Error(`app answered ${made.status}: ${made.text}`);
  app = { appId: made.body.app.id, clientSecret: made.body.clientSecret, redirectUri };
});

afterAll(async () => {
  await identity?.close();
});

/** A student verified at INSTITUTION until 30 days from now, as verification's event tells identity. */
async function verifiedStudent() {
  const { client, user } = await registered(identity);
  await identity.deliver(
    createEnvelope('verification.status_changed', {
      userId: user.id,
      status: 'active',
      changedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      institutionName: INSTITUTION,
    }),
  );
  return { client, user };
}

/** The scopes the student's grant to the app gives and keeps back, as the provider stored them. */
async function grantOf(userId: string) {
  const [grant] = await identity.sql<{ granted: string; rejected: string | null }>(
    `select payload->'openid'->>'scope' as granted, payload->'rejected'->'openid'->>'scope' as rejected
     from oidc_records where model = 'Grant' and payload->>'accountId' = ?`,
    [userId],
  );
  return { granted: grant.granted.split(' '), rejected: grant.rejected?.split(' ') ?? [] };
}

describe('the institution claim (scope `institution`)', () => {
  test('asked for and shared: the consent screen names the institution and the ID token carries it', async () => {
    const { client, user } = await verifiedStudent();
    let shown: ConnectInteraction | undefined;
    const claims = await checkout(app, client, {
      scope: 'openid student first_name institution',
      share: { first_name: true, institution: true },
      onDetails: (details) => (shown = details),
    });
    expect(shown?.scopes).toEqual(['student', 'first_name', 'institution']);
    expect(shown?.student).toMatchObject({ verified: true, institution: INSTITUTION });
    expect(claims).toMatchObject({ student_verified: true, given_name: 'Layla', institution: INSTITUTION });
    expect((await grantOf(user.id)).rejected).toEqual([]);
    // the student's dashboard lists it among what the app sees
    expect((await client.get('/students/me/connected-brands')).body).toEqual([
      expect.objectContaining({ id: app.appId, scopes: ['student', 'first_name', 'institution'] }),
    ]);
  });

  test('asked for and unticked: no institution in the ID token, and the grant rejects the scope', async () => {
    const { client, user } = await verifiedStudent();
    const claims = await checkout(app, client, {
      scope: 'openid student first_name institution',
      share: { first_name: true, institution: false },
    });
    expect(claims).toMatchObject({ student_verified: true, given_name: 'Layla' });
    expect(claims).not.toHaveProperty('institution');
    const grant = await grantOf(user.id);
    expect(grant.granted).not.toContain('institution');
    expect(grant.rejected).toEqual(['institution']);
  });

  test('not asked for: no institution, even when the decision says to share it', async () => {
    const { client, user } = await verifiedStudent();
    let shown: ConnectInteraction | undefined;
    const claims = await checkout(app, client, {
      scope: 'openid student',
      share: { institution: true },
      onDetails: (details) => (shown = details),
    });
    expect(shown?.scopes).toEqual(['student']);
    expect(claims.student_verified).toBe(true);
    expect(claims).not.toHaveProperty('institution');
    expect(claims).not.toHaveProperty('given_name');
    expect((await grantOf(user.id)).granted).not.toContain('institution');
  });

  test('a student who is not verified has no institution to share: null on the screen and in the token', async () => {
    const { client } = await registered(identity);
    let shown: ConnectInteraction | undefined;
    const claims = await checkout(app, client, {
      scope: 'openid student institution',
      share: { institution: true },
      onDetails: (details) => (shown = details),
    });
    expect(shown?.student).toMatchObject({ verified: false, institution: null });
    expect(claims).toMatchObject({ student_verified: false, verified_until: null, institution: null });
  });

  test('a verification that lapsed names no institution, though identity has not yet heard of the expiry', async () => {
    const { client, user } = await verifiedStudent();
    await identity.sql(
      "update users set verification_expires_at = now() - interval '1 second' where id = ?",
      [user.id],
    );
    const claims = await checkout(app, client, {
      scope: 'openid student institution',
      share: { institution: true },
    });
    expect(claims).toMatchObject({ student_verified: false, institution: null });
  });
});
