import { Router } from 'express';
import { parseListQuery, requireRole, sendList, requestIdOf } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { institutionIdParams } from '@tullab/contracts';
import { createInstitutionBody, listInstitutionsOptions, updateInstitutionBody } from './schemas';
import {
  createInstitution,
  deleteInstitution,
  getInstitution,
  listInstitutions,
  updateInstitution,
} from './service';

/** `/admin/institutions` (the gateway's `/api/admin/institutions`): staff and admins, ra-data-simple-rest dialect. */
export function institutionRoutes({ em, log }: VerificationContext): Router {
  const router = Router();
  router.use('/admin/institutions', requireRole('staff', 'admin'));

  router.get('/admin/institutions', async (req, res) => {
    const query = parseListQuery(req.query, listInstitutionsOptions);
    const { items, total } = await listInstitutions(em, query);
    sendList(res, 'institutions', items, total, query.offset);
  });

  router.get('/admin/institutions/:id', async (req, res) => {
    const { id } = institutionIdParams.parse(req.params);
    res.json(await getInstitution(em, id));
  });

  router.post('/admin/institutions', async (req, res) => {
    const body = createInstitutionBody.parse(req.body);
    const institution = await createInstitution(em, body, req.identity, requestIdOf(req));
    log.info({ institutionId: institution.id, by: req.identity.userId }, 'institution created');
    res.status(201).json(institution);
  });

  router.put('/admin/institutions/:id', async (req, res) => {
    const { id } = institutionIdParams.parse(req.params);
    const body = updateInstitutionBody.parse(req.body);
    const institution = await updateInstitution(em, id, body, req.identity, requestIdOf(req));
    log.info({ institutionId: id, by: req.identity.userId }, 'institution updated');
    res.json(institution);
  });

  router.delete('/admin/institutions/:id', async (req, res) => {
    const { id } = institutionIdParams.parse(req.params);
    const institution = await deleteInstitution(em, id, req.identity, requestIdOf(req));
    log.info({ institutionId: id, by: req.identity.userId }, 'institution deleted');
    res.json(institution);
  });

  return router;
}
