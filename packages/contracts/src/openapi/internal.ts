import { trackingBatch, trackingBatchAnswer } from '../offers/tracking-batches.js';
import { routeGroup } from './route.js';

/**
 * The calls between the gateway and the services, declared as the public routes are (decision 018) but not in the
 * API reference: the gateway routes no `/internal` path from outside. Each service's in a group of its own.
 */

/**
 * Offers' tracking calls from the gateway, in batches (decision 006): each call of a batch names its route and its
 * parameters (`trackingCall`) and is answered as it would have been alone, in order. The batch is signed as the
 * gateway itself, nobody's session; each call carries its caller's signed identity.
 */
export const offersTracking = routeGroup({
  owner: 'offers',
  tag: 'Internal: tracking batches',
  description: "The gateway's batches of tracking calls (decision 006)",
  routes: {
    batch: {
      method: 'post',
      path: '/internal/tracking-batches',
      summary: 'Tracking calls, each answered as it would have been alone',
      access: 'anyone',
      body: trackingBatch,
      answer: trackingBatchAnswer,
    },
  },
});
