import type { EntityManager } from '@mikro-orm/core';
import {
  CONNECT_OPTIONAL_SCOPES,
  connectDecisionBody,
  INTERACTION_CALL,
  type ConnectDecisionAnswer,
  type ConnectInteraction,
} from '@tullab/contracts';
import { HttpError, type Caller } from '@tullab/http';
import type { Request, Response } from 'express';
import { UserSchema, type User } from '../users/entities';
import { effectiveVerificationStatus, verifiedUntil } from '../users/verification';
import type { RunningProvider } from './provider';

type Provider = RunningProvider['provider'];
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const INTERACTION_GONE = 'This sign-in has expired. Please start again from the shop.';

/** The interaction of the URL's uid, bound to this browser by the provider's cookie; 404 when it is not this one's. */
async function interactionOf(
  provider: Provider,
  req: Request,
  res: Response,
  uid: string,
): Promise<Interaction> {
  const interaction = await provider.interactionDetails(req, res).catch(() => null);
  if (!interaction || interaction.uid !== uid) throw new HttpError(404, INTERACTION_GONE);
  return interaction;
}

/** The signed-in student the gateway names, or null for anyone else. */
async function studentOf(em: EntityManager, caller: Caller) {
  if (!caller.userId || caller.role !== 'student') return null;
  return em.fork().findOne(UserSchema, { id: caller.userId, deletedAt: null });
}

/** The student as the consent screen shows them: the institution only while verified, as the claim is. */
function studentDetails(user: User): NonNullable<ConnectInteraction['student']> {
  const verified = effectiveVerificationStatus(user) === 'active';
  return {
    firstName: user.firstName,
    verified,
    verifiedUntil: verifiedUntil(user),
    institution: verified ? (user.institutionName ?? null) : null,
  };
}

const requestedScopes = (interaction: Interaction): string[] =>
  String(interaction.params.scope ?? '')
    .split(' ')
    .filter((scope) => scope && scope !== 'openid');

/** GET /connect/<uid>/details: the app asking, what it asks for, and who is signed in. */
async function details(
  provider: Provider,
  em: EntityManager,
  req: Request,
  res: Response,
  uid: string,
): Promise<ConnectInteraction> {
  const interaction = await interactionOf(provider, req, res, uid);
  const client = await provider.Client.find(String(interaction.params.client_id));
  if (!client) throw new HttpError(404, INTERACTION_GONE);
  const user = await studentOf(em, req.identity);
  return {
    uid,
    app: { name: client.clientName ?? '', mode: client['tullab_mode'] === 'live' ? 'live' : 'test' },
    scopes: requestedScopes(interaction),
    student: user && studentDetails(user),
  };
}

/**
 * POST /connect/<uid>/decision: the signed-in student's answer. Agreeing signs them in to the provider as
 * themselves and grants the scopes asked for, less the optional ones they did not share; declining ends the request
 * with OAuth's `access_denied`. Either way the answer says where the browser goes next: back through the provider to
 * the brand.
 */
async function decide(
  provider: Provider,
  em: EntityManager,
  req: Request,
  res: Response,
  uid: string,
): Promise<ConnectDecisionAnswer> {
  const interaction = await interactionOf(provider, req, res, uid);
  const user = await studentOf(em, req.identity);
  if (!user) throw new HttpError(401, 'Please sign in to your Tullab student account');
  const body = connectDecisionBody.parse(req.body);
  if (!body.consent) {
    const redirectTo = await provider.interactionResult(
      req,
      res,
      { error: 'access_denied', error_description: 'The student declined' },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }
  const declined = new Set<string>(CONNECT_OPTIONAL_SCOPES.filter((scope) => !body.share[scope]));
  const requested = requestedScopes(interaction);
  const grant = new provider.Grant({ accountId: user.id, clientId: String(interaction.params.client_id) });
  grant.addOIDCScope(['openid', ...requested.filter((scope) => !declined.has(scope))]);
  // what the student kept to themselves is refused, not pending: they are not asked again for it
  const refused = requested.filter((scope) => declined.has(scope));
  if (refused.length > 0) grant.rejectOIDCScope(refused.join(' '));
  const grantId = await grant.save();
  const redirectTo = await provider.interactionResult(
    req,
    res,
    { login: { accountId: user.id }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
  return { redirectTo };
}

/** Answers an interaction call (`INTERACTION_CALL`) of the consent screen. */
export async function interactionCall(
  running: RunningProvider,
  em: EntityManager,
  req: Request,
  res: Response,
): Promise<void> {
  const [, uid, call] = INTERACTION_CALL.exec(req.path) ?? [];
  if (call === 'details' && req.method === 'GET')
    return void res.json(await details(running.provider, em, req, res, uid));
  if (call === 'decision' && req.method === 'POST')
    return void res.json(await decide(running.provider, em, req, res, uid));
  throw new HttpError(405, 'Method not allowed');
}
