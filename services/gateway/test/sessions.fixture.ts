// What the gateway's session tests share: the student the fake identity resolves a session cookie to, and a fake
// identity that knows no session and has resolved none yet.
import type { Fakes } from './helpers';

export const student = {
  userId: 'u-1',
  role: 'student' as const,
  verificationStatus: 'active',
  sessionId: 's-1',
  email: 'layla@example.com',
  firstName: 'Layla',
};

/** Makes the fake identity forget its sessions and the calls it answered, so each test sees only its own. */
export function forgetSessions(fakes: Fakes): void {
  fakes.identity.sessions.clear();
  fakes.identity.resolved.length = 0;
}
