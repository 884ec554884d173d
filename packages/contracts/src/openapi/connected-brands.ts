import { z } from 'zod';
import {
  CONNECTED_BRAND_NOT_FOUND,
  connectedBrandAnswer,
  connectedBrandIdParams,
} from '../connect/connected-brands.js';
import { routeGroup } from './route.js';

/** A student's connected brands, kept by identity (issue 30, decision 019): the other side of brand apps. */
export const connectedBrands = routeGroup({
  owner: 'identity',
  tag: 'Connected brands',
  description:
    "Decision 019: the brands' apps a student allowed, on the consent screen of Verify with Tullab, to learn that they are a verified student (and their first name, when they chose to share it). Disconnecting takes the consent back at once, with the codes and tokens it gave: the app's next checkout asks the student again.",
  routes: {
    list: {
      method: 'get',
      path: '/students/me/connected-brands',
      summary: "The brands' apps the student allowed, newest first",
      access: 'student',
      answer: z.array(connectedBrandAnswer),
      description: 'One entry per app, with what it may learn; apps their brand revoked are left out.',
    },
    disconnect: {
      method: 'delete',
      path: '/students/me/connected-brands/:id',
      summary: "Take back the student's consent to an app",
      access: 'student',
      params: connectedBrandIdParams,
      notFound: CONNECTED_BRAND_NOT_FOUND,
      status: 204,
      description: 'An app the student has not allowed (another student’s included) is 404.',
    },
  },
});
