import { Router } from 'express';
import { verificationAdmin } from '@tullab/contracts';
import { bindRoute, requestIdOf } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { createInstitutionBody, updateInstitutionBody } from './schemas';
import {
  createInstitution,
  deleteInstitution,
  getInstitution,
  listInstitutions,
  updateInstitution,
} from './service';

const { routes } = verificationAdmin;

/**
 * `/admin/institutions` (the gateway's `/api/admin/institutions`): staff and admins, ra-data-simple-rest dialect. A
 * new or changed institution's body is parsed by this service's own schema, the contract's plus the refusal of a
 * public mail provider's domain (its list is this service's data file).
 */
export function institutionRoutes({ em, log }: VerificationContext): Router {
  const router = Router();

  bindRoute(router, routes.institutions, ({ list }) => listInstitutions(em, list));

  bindRoute(router, routes.institution, ({ params }) => getInstitution(em, params.id));

  bindRoute(router, { ...routes.createInstitution, body: createInstitutionBody }, async ({ body }, req) => {
    const institution = await createInstitution(em, body, req.identity, requestIdOf(req));
    log.info({ institutionId: institution.id, by: req.identity.userId }, 'institution created');
    return institution;
  });

  bindRoute(
    router,
    { ...routes.updateInstitution, body: updateInstitutionBody },
    async ({ params: { id }, body }, req) => {
      const institution = await updateInstitution(em, id, body, req.identity, requestIdOf(req));
      log.info({ institutionId: id, by: req.identity.userId }, 'institution updated');
      return institution;
    },
  );

  bindRoute(router, routes.deleteInstitution, async ({ params: { id } }, req) => {
    const institution = await deleteInstitution(em, id, req.identity, requestIdOf(req));
    log.info({ institutionId: id, by: req.identity.userId }, 'institution deleted');
    return institution;
  });

  return router;
}
