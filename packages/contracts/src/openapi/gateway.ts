import { z } from 'zod';
import { accountIdParams } from '../identity/accounts.js';
import { answers } from './answers.js';
import { routeGroup } from './route.js';

/** The routes the gateway answers itself (services/gateway/src/modules: health, jobs, personal-data). */
export const gatewayOwn = routeGroup({
  owner: 'gateway',
  tag: 'Gateway',
  description: 'What the gateway answers itself: its health, background jobs and personal-data exports',
  routes: {
    liveness: {
      method: 'get',
      path: '/healthz',
      summary: 'Liveness: the gateway process answers',
      access: 'anyone',
      answer: z.looseObject({ status: z.string() }),
    },
    readiness: {
      method: 'get',
      path: '/readyz',
      summary: 'Readiness: Redis and every service answer',
      access: 'anyone',
      answer: z.looseObject({ status: z.string() }),
      refusals: [503],
    },
    ownPersonalData: {
      method: 'get',
      path: '/students/personal-data',
      summary: 'Everything the platform keeps about the caller, as one JSON file',
      access: 'student',
      answer: answers.personalData,
    },
    studentPersonalData: {
      method: 'get',
      path: '/admin/personal-data/:id',
      summary: "Everything the platform keeps about a student, on the student's request",
      access: 'admin',
      params: accountIdParams,
      answer: answers.personalData,
    },
    failedJobs: {
      method: 'get',
      path: '/admin/jobs',
      summary: "List background jobs in their queues' failed sets",
      access: 'staff',
      list: {
        resource: 'jobs',
        sortable: ['failedAt'],
        filterable: { queue: 'eq' },
        defaultSort: ['failedAt', 'DESC'],
      },
      answer: z.array(answers.failedJob),
    },
    queueCounts: {
      method: 'get',
      path: '/admin/jobs/summary',
      summary: 'The counts of every queue',
      access: 'staff',
      answer: z.array(answers.queueCounts),
    },
    retryJob: {
      method: 'post',
      path: '/admin/jobs/:id/retry',
      summary: 'Run a failed job again',
      access: 'staff',
      answer: answers.failedJob,
      refusals: [409],
    },
  },
});
