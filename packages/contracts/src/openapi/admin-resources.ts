import { z } from 'zod';
import { answers } from './answers.js';
import type { ApiRoute } from './route.js';

/** The audit log a service keeps of staff's changes (`auditLogRoutes` of @tullab/audit-log). */
export const auditLog = (path: string, what: string): ApiRoute[] => [
  {
    method: 'get',
    path,
    summary: `List the ${what} audit log`,
    access: 'staff',
    list: true,
    answer: z.array(answers.auditEntry),
  },
  {
    method: 'get',
    path: `${path}/:id`,
    summary: `One entry of the ${what} audit log`,
    access: 'staff',
    answer: answers.auditEntry,
  },
];

/** A retention policy staff read and run now (`retentionRoutes` of @tullab/retention). */
export const retention = (name: string, what: string): ApiRoute[] => [
  {
    method: 'get',
    path: `/admin/retention/${name}`,
    summary: `The retention policy of ${what}`,
    access: 'staff',
    answer: answers.retentionPolicy,
  },
  {
    method: 'post',
    path: `/admin/retention/${name}/run`,
    summary: `Run the retention policy of ${what} now`,
    access: 'staff',
    answer: answers.retentionPolicy,
  },
];
