import { Router } from 'express';
import { requireUser } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { createProfileBody, updateProfileBody } from '@tullab/contracts';
import { createProfile, getProfile, updateProfile } from './service';

export function profileRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.get('/students/profile', requireUser, async (req, res) => {
    res.json({ student: await getProfile(em, req.identity) });
  });

  router.post('/students/profile', requireUser, async (req, res) => {
    const body = createProfileBody.parse(req.body);
    res.status(201).json({ student: await createProfile(em, req.identity, body) });
  });

  router.patch('/students/profile', requireUser, async (req, res) => {
    const body = updateProfileBody.parse(req.body);
    res.json({ student: await updateProfile(em, req.identity, body) });
  });

  return router;
}
