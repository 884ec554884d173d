import type { EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import type { Logger } from '@tullab/log';
import { createUser } from '../users/creation';
import { findUserByEmail } from '../users/lookup';

/** On start: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, unless a user already has that e-mail. */
export async function ensureFirstAdmin(
  em: EntityManager,
  admin: { email?: string; password?: string },
  log: Logger,
): Promise<void> {
  if (!admin.email || !admin.password) {
    if (admin.email || admin.password)
      log.warn('ADMIN_EMAIL and ADMIN_PASSWORD go together; no first admin created');
    return;
  }
  const email = admin.email;
  const password = admin.password;
  await em.fork().transactional(async (tx) => {
    // replicas start together: one creates the admin, the others then find it
    await lockName(tx, 'first-admin');
    if (await findUserByEmail(tx, email)) return;
    const user = await createUser(tx, {
      email,
      password,
      firstName: 'Tullab',
      lastName: 'Admin',
      role: 'admin',
    });
    log.info({ userId: user.id, email: user.email }, 'first admin created from ADMIN_EMAIL');
  });
}
