import { z } from 'zod';
import { answers } from './answers.js';
import type { ApiRoute } from './route.js';

/**
 * The audit log a service keeps of staff's changes, read-only for staff (`auditLogRoutes` of @tullab/audit-log): the
 * list at `path` (the console's `resource`) and one entry below it. An entry id that is not an id is a 404, as an
 * unknown one is.
 */
export const auditLog = <const P extends string, const N extends string>(
  path: P,
  resource: N,
  what: string,
) =>
  ({
    list: {
      method: 'get',
      path,
      summary: `List the ${what} audit log`,
      access: 'staff',
      list: {
        resource,
        sortable: ['createdAt', 'action', 'resource'],
        filterable: {
          action: 'in',
          resource: 'eq',
          resourceId: 'uuid',
          actorId: 'uuid',
          subjectId: 'uuid',
          createdAt_gte: 'gte',
          createdAt_lte: 'lte',
        },
        defaultSort: ['createdAt', 'DESC'],
      },
      answer: z.array(answers.auditEntry),
    },
    entry: {
      method: 'get',
      path: `${path}/:id`,
      summary: `One entry of the ${what} audit log`,
      access: 'staff',
      answer: answers.auditEntry,
    },
  }) as const satisfies Record<string, ApiRoute>;
export type AuditLogRoutes = ReturnType<typeof auditLog>;

/** A retention policy staff read and run now (`retentionRoutes` of @tullab/retention), named by its id. */
export const retention = (id: string, what: string) =>
  ({
    policy: {
      method: 'get',
      path: `/admin/retention/${id}`,
      summary: `The retention policy of ${what}`,
      access: 'staff',
      answer: answers.retentionPolicy,
    },
    run: {
      method: 'post',
      path: `/admin/retention/${id}/run`,
      summary: `Run the retention policy of ${what} now`,
      access: 'staff',
      answer: answers.retentionPolicy,
    },
  }) as const satisfies Record<string, ApiRoute>;
export type RetentionRoutes = ReturnType<typeof retention>;
