import type { ConnectDecisionAnswer, ConnectDecisionBody, ConnectInteraction } from '@tullab/contracts';
import { api } from '@tullab/web-kit/api/client';
import { connectPath } from '../../app/paths';

export type { ConnectInteraction } from '@tullab/contracts';

/**
 * The consent screen's two calls (decision 019): below the screen's own address, not `/api`, because the provider's
 * interaction cookie is scoped to it. Same-origin JSON like every call of the app, so the gateway's cross-site check
 * lets the decision through.
 */
const connectApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the screen shows. Not kept once the screen is left: a sign-in on the way changes who is asking. */
    getConnectInteraction: build.query<ConnectInteraction, string>({
      query: (uid) => ({ url: `${connectPath(uid)}/details`, method: 'GET' }),
      keepUnusedDataFor: 0,
    }),
    /** The student's answer; the provider says where the browser goes next, back to the brand. */
    decideConnect: build.mutation<ConnectDecisionAnswer, ConnectDecisionBody & { uid: string }>({
      query: ({ uid, ...body }) => ({ url: `${connectPath(uid)}/decision`, method: 'POST', body }),
    }),
  }),
});

export const { useGetConnectInteractionQuery, useDecideConnectMutation } = connectApi;
