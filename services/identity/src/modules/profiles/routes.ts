import { Router } from 'express';
import { accounts } from '@tullab/contracts';
import { bindRoute, requireUser } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { createProfile, getProfile, updateProfile } from './service';

const { routes } = accounts;

/**
 * The student's own profile. Any signed-in caller gets past the guard: the role is checked after the body (403 "Only
 * students have a profile"), as the profile's service reads the account.
 */
export function profileRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();
  const options = { guard: requireUser };

  bindRoute(
    router,
    routes.profile,
    async (_input, req) => ({ student: await getProfile(em, req.identity) }),
    options,
  );

  bindRoute(
    router,
    routes.createProfile,
    async ({ body }, req) => ({ student: await createProfile(em, req.identity, body) }),
    options,
  );

  bindRoute(
    router,
    routes.updateProfile,
    async ({ body }, req) => ({ student: await updateProfile(em, req.identity, body) }),
    options,
  );

  return router;
}
