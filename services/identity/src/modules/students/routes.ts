import { Router } from 'express';
import { accountsAdmin } from '@tullab/contracts';
import { bindRoute } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { accountRoutes } from '../accounts/routes';
import { listStudents, students } from './service';

const { routes } = accountsAdmin;

/** The console's students (`/api/admin/students`, ra-data-simple-rest), for staff and admins. */
export function studentAdminRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(router, routes.students, async ({ list }) => {
    const { records, total } = await listStudents(em, list);
    return { items: records, total };
  });

  accountRoutes(router, ctx, students, routes.student, {
    disable: routes.disableStudent,
    enable: routes.enableStudent,
    'end-sessions': routes.endStudentSessions,
  });
  return router;
}
