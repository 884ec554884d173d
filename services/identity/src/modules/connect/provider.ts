import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { EntityManager } from '@mikro-orm/core';
import {
  CONNECT_CLAIMS,
  CONNECT_COOKIE_PREFIX,
  CONNECT_INTERACTION_SECONDS,
  CONNECT_OFFER_PARAM,
  CONNECT_PATHS,
  CONNECT_TOKEN_SECONDS,
  REDEMPTION_TOKEN_CLAIM,
} from '@tullab/contracts';
import { addToOutbox } from '@tullab/events';
import { requestIdOf, type Caller } from '@tullab/http';
import type { Logger } from '@tullab/log';
import type Provider from 'oidc-provider' with { 'resolution-mode': 'import' };
import type { Configuration, errors as providerErrors, KoaContextWithOIDC } from 'oidc-provider' with {
  'resolution-mode': 'import',
};

type ProviderErrors = typeof providerErrors;
import { UserSchema } from '../users/entities';
import { effectiveVerificationStatus, verifiedUntil } from '../users/verification';
import { BrandAppClients, CLIENT_EXTRA_METADATA, secretMatches } from './clients';
import { ProviderRecords } from './records';
import { carryOffer, isOfferParam, offerOfCode, redemptionTokenFor } from './redemption-claim';
import { loadSigningKeys } from './signing-keys';
import { appOfClient, pairwiseSubject } from './subjects';

export interface ProviderOptions {
  em: EntityManager;
  log: Logger;
  /** Tullab's public origin: the issuer (decision 019) */
  issuer: string;
  /** seals the signing keys at rest */
  sealKey: string;
  /** signs the provider's cookies */
  cookieKey: string;
  /** keys the pairwise subject identifiers (`pairwiseSubject`) */
  subjectKey: string;
  /** INTERNAL_SECRET, which seals checkouts' redemption tokens for offers to open (@tullab/events) */
  redemptionSecret: string;
}

/** The running provider and its Node request handler, for the protocol's paths. */
export interface RunningProvider {
  provider: Provider;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * A student's claims as a brand may receive them, by scope (decision 019); nothing else about a student is a claim.
 * At the authorization endpoint the checkout's offer is carried to the code (`carryOffer`); at the token endpoint, the
 * ID token is what the app is told ({@link issuedToApp}).
 */
async function findAccount(
  options: ProviderOptions,
  ctx: KoaContextWithOIDC,
  accountId: string,
  token: unknown,
) {
  const user = await options.em
    .fork()
    .findOne(UserSchema, { id: accountId, role: 'student', deletedAt: null });
  if (!user) return undefined;
  if (ctx.oidc.route === 'authorization' || ctx.oidc.route === 'resume') carryOffer(ctx);
  const verified = effectiveVerificationStatus(user) === 'active';
  // the provider hands a brand only the claims of the scopes the student granted (CONNECT_CLAIMS)
  const claims = {
    sub: accountId,
    student_verified: verified,
    verified_until: verifiedUntil(user),
    given_name: user.firstName,
    // where they are verified, so only while they are: a lapsed verification names no institution
    institution: verified ? (user.institutionName ?? null) : null,
  };
  return {
    accountId,
    claims: async (use: string) =>
      use === 'id_token'
        ? { ...claims, ...(await issuedToApp(options, ctx, { ...claims, offerId: offerOfCode(token) })) }
        : claims,
  };
}

/**
 * An ID token is being issued to a brand's app (issue 30 points 3 and 5): the brand's webhooks are told
 * (`connect.verified`, stored before the token is answered, naming the student by the app's pairwise subject), and a
 * verified student's token for an offer gets a redemption token.
 */
async function issuedToApp(
  options: ProviderOptions,
  ctx: KoaContextWithOIDC,
  issued: { sub: string; student_verified: boolean; verified_until: string | null; offerId?: string },
): Promise<Record<string, string>> {
  const { client } = ctx.oidc;
  const app = appOfClient(client);
  if (!client || !app) return {};
  const subject = pairwiseSubject(options.subjectKey, String(client.sectorIdentifier), issued.sub);
  const em = options.em.fork();
  addToOutbox(
    em,
    'connect.verified',
    {
      ...app,
      subject,
      verified: issued.student_verified,
      verifiedUntil: issued.verified_until,
      offerId: issued.offerId ?? null,
    },
    requestIdOf(ctx.req as Request),
  );
  await em.flush();
  if (!issued.student_verified || !issued.offerId) return {};
  const student = { id: issued.sub, subject };
  return {
    [REDEMPTION_TOKEN_CLAIM]: redemptionTokenFor(options.redemptionSecret, app, issued.offerId, student),
  };
}

/**
 * The configuration of the OpenID Connect provider (decision 019): the authorization code flow only, PKCE with S256
 * required, no refresh tokens, ES256 ID tokens living minutes, pairwise subjects (one brand's id for a student tells
 * another brand nothing), and the claims of CONNECT_CLAIMS by scope.
 */
function configuration(
  options: ProviderOptions,
  keys: Configuration['jwks'],
  policy: NonNullable<Configuration['interactions']>['policy'],
  errors: ProviderErrors,
): Configuration {
  const { em } = options;
  return {
    adapter: class {
      constructor(model: string) {
        return model === 'Client' ? new BrandAppClients(em) : new ProviderRecords(em, model);
      }
    } as unknown as Configuration['adapter'],
    extraClientMetadata: { properties: CLIENT_EXTRA_METADATA },
    findAccount: (ctx: KoaContextWithOIDC, sub: string, token: unknown) =>
      findAccount(options, ctx, sub, token),
    // the offer a checkout redeems (issue 30 point 3): a malformed one is the request's fault
    extraParams: {
      [CONNECT_OFFER_PARAM]: (_ctx, value) => {
        if (!isOfferParam(value))
          throw new errors.InvalidRequest(`${CONNECT_OFFER_PARAM} must be an offer's id`);
      },
    },
    jwks: keys,
    cookies: {
      keys: [options.cookieKey],
      names: {
        session: `${CONNECT_COOKIE_PREFIX}session`,
        interaction: `${CONNECT_COOKIE_PREFIX}interaction`,
        resume: `${CONNECT_COOKIE_PREFIX}resume`,
      },
    },
    claims: CONNECT_CLAIMS,
    // the granted claims travel in the ID token itself: a brand's checkout needs no second call to /oidc/me
    conformIdTokenClaims: false,
    scopes: ['openid', ...Object.keys(CONNECT_CLAIMS)],
    responseTypes: ['code'],
    pkce: { required: () => true },
    issueRefreshToken: () => false,
    subjectTypes: ['pairwise'],
    pairwiseIdentifier: (_ctx, accountId, client) =>
      pairwiseSubject(options.subjectKey, String(client.sectorIdentifier), accountId),
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
      subject_type: 'pairwise',
    },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    routes: { ...CONNECT_PATHS.routes },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: { policy, url: (_ctx, interaction) => `${CONNECT_PATHS.interaction}/${interaction.uid}` },
    ttl: {
      AccessToken: CONNECT_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: CONNECT_TOKEN_SECONDS,
      Interaction: CONNECT_INTERACTION_SECONDS,
      Session: 24 * 60 * 60,
      Grant: 365 * 24 * 60 * 60,
    },
  };
}

/**
 * Builds the provider: its signing keys from identity's database (made on first start), its records there too.
 * oidc-provider is an ES module, loaded here from CommonJS; it trusts the gateway's X-Forwarded-* headers, which the
 * gateway writes from PUBLIC_URL (decision 019).
 */
export async function createProvider(options: ProviderOptions): Promise<RunningProvider> {
  const { default: OidcProvider, interactionPolicy, errors } = await import('oidc-provider');
  const keys = await loadSigningKeys(options.em, options.sealKey);
  // The provider's own session follows the Tullab one: when the browser's Tullab session is not the student the
  // provider remembers (signed out, or another student on a shared computer), the student is asked again.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'tullab_session',
        'The Tullab session is not this student’s',
        (ctx) => (ctx.req as { identity?: Caller }).identity?.userId !== ctx.oidc.session?.accountId,
      ),
    );
  const provider = new OidcProvider(options.issuer, configuration(options, { keys }, policy, errors));
  provider.proxy = true;
  // a client's stored secret is a hash (decision 019): the presented one is hashed to compare
  const client = provider.Client.prototype as unknown as {
    clientSecret: string;
    compareClientSecret(actual: string): boolean;
  };
  client.compareClientSecret = function compare(this: typeof client, actual: string) {
    return secretMatches(this.clientSecret, actual);
  };
  provider.on('server_error', (_ctx, err) => options.log.error({ err }, 'connect: provider error'));
  return { provider, handle: provider.callback() };
}
