import { Router } from 'express';
import { parseListQuery, requireRole, sendList } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { accountRoutes } from '../accounts/routes';
import { listStudentsOptions } from './schemas';
import { listStudents, students } from './service';

/** The console's students (`/api/admin/students`, ra-data-simple-rest), for staff and admins. */
export function studentAdminRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();
  router.use('/admin/students', requireRole('staff', 'admin'));

  router.get('/admin/students', async (req, res) => {
    const query = parseListQuery(req.query, listStudentsOptions);
    const { records, total } = await listStudents(em, query);
    sendList(res, students.resource, records, total, query.offset);
  });

  accountRoutes(router, ctx, '/admin/students', students, ['disable', 'enable', 'end-sessions']);
  return router;
}
