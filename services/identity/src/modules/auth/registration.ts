import type { EntityManager } from '@mikro-orm/core';
import { DEFAULT_LANGUAGE, type Caller, type Language } from '@tullab/http';
import { addressKey } from '@tullab/rate-limits';
import type { IdentityContext } from '../../context';
import { startSession, type SignedIn } from '../sessions/sign-in';
import { createAccount, createUser } from '../users/creation';
import type { RegisterBody } from '@tullab/contracts';
import { tooManyAttempts } from '../users/throttle';

/**
 * POST /auth/register: always a student (S29), rate limited per IP, and signed in at once. `language` is the one the
 * app showed the form in (issue 12), kept as the student's.
 */
export async function registerStudent(
  em: EntityManager,
  ctx: IdentityContext,
  input: RegisterBody,
  caller: Caller,
  language: Language = DEFAULT_LANGUAGE,
): Promise<SignedIn> {
  const decision = await ctx.limiter.hit(
    `register:ip:${addressKey(caller.ip)}`,
    ctx.config.REGISTRATIONS_PER_IP_PER_HOUR,
    3600,
  );
  if (!decision.allowed) {
    ctx.log.warn({ ip: caller.ip }, 'registration rate limited');
    throw tooManyAttempts(decision.retryAfter);
  }
  const result = await createAccount(em, input.email, () =>
    em.transactional(async (tx) => {
      const user = await createUser(tx, { ...input, role: 'student', language });
      return { user, session: await startSession(tx, user, caller) };
    }),
  );
  ctx.log.info({ userId: result.user.id, ip: caller.ip, language }, 'student registered');
  return result;
}
