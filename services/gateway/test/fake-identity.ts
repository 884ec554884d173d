// The fake identity service of the gateway's tests: a fake service that also resolves session tokens, from sessions
// the test sets (decision 001).
import express, { type Express } from 'express';
import { errorBody, verifyIdentity, type Identity, type Role } from '@tullab/http';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '@tullab/contracts';
import { INTERNAL_SECRET, startFakeService, type FakeService } from './fake-service';

export interface FakeSession {
  userId: string;
  role: Role;
  verificationStatus: string;
  sessionId: string;
  email?: string;
  firstName?: string;
  /** a merchant's brand (decision 016) */
  brandId?: string;
}

export interface FakeIdentity extends FakeService {
  /** session token → who it belongs to; delete a token to sign it out */
  sessions: Map<string, FakeSession>;
  /**
   * how long the gateway may keep a resolved session (ms from now); 0 (the default) keeps nothing, since the fake
   * broadcasts no changes
   */
  keepFor: number;
  /** the tokens identity was asked to resolve, in order */
  resolved: { token: string; identity: Identity | null }[];
}

/** The fake identity service also answers `POST /internal/sessions/resolve { token }` (decision 001). */
export async function startFakeIdentity(routes?: (app: Express) => void): Promise<FakeIdentity> {
  const sessions = new Map<string, FakeSession>();
  const resolved: FakeIdentity['resolved'] = [];
  const service = await startFakeService('identity', (app) => {
    routes?.(app);
    app.post('/internal/sessions/resolve', express.json(), (req, res) => {
      const identity = verifyIdentity(
        req.get(IDENTITY_HEADER),
        req.get(SIGNATURE_HEADER),
        INTERNAL_SECRET,
        'identity',
      );
      const token = String(req.body?.token);
      resolved.push({ token, identity });
      if (!identity) return void res.status(401).json(errorBody('Unauthorized', 'unauthenticated'));
      const session = sessions.get(token);
      if (!session) return void res.status(401).json(errorBody('Not authenticated', 'unauthenticated'));
      const user = { id: session.userId, email: session.email ?? null, role: session.role };
      res.json({ ...session, user, cacheUntil: fake.keepFor && Date.now() + fake.keepFor });
    });
  });
  const fake = Object.assign(service, { sessions, resolved, keepFor: 0 });
  return fake;
}
