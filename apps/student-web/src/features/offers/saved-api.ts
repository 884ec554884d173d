import type { SavedOffersAnswer } from '@tullab/contracts';
import { useMemo } from 'react';
import { offers } from '@tullab/contracts/route-table';
import { api, routeCall } from '@tullab/web-kit/api/client';
import { useAuth } from '@tullab/web-kit/session/use-auth';

interface SetSavedArgs {
  /** whose list: the cache keeps one per account, so a student never sees the previous one's */
  userId: string;
  offerId: string;
  saved: boolean;
}

const savedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The ids of the student's saved offers that are listed now, newest first; the arg is the student's id. */
    getSavedOffers: build.query<string[], string>({
      query: () => routeCall(offers.savedOffers),
      transformResponse: (body: SavedOffersAnswer) => (Array.isArray(body?.offerIds) ? body.offerIds : []),
    }),
    /**
     * `PUT` or `DELETE /api/offers/:id/save`. The heart changes at once (the list is updated before the answer) and
     * changes back if the server refuses.
     */
    setSaved: build.mutation<unknown, SetSavedArgs>({
      query: ({ offerId, saved }) =>
        routeCall(saved ? offers.save : offers.unsave, { params: { id: offerId } }),
      async onQueryStarted({ userId, offerId, saved }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedApi.util.updateQueryData('getSavedOffers', userId, (ids) => {
            const others = ids.filter((id) => id !== offerId);
            return saved ? [offerId, ...others] : others;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useSetSavedMutation } = savedApi;

const NONE: ReadonlySet<string> = new Set();

export interface SavedOffers {
  /** the signed-in user is a student, who can save offers (staff cannot) */
  canSave: boolean;
  /** nobody is signed in (once the server has said so): pressing a heart asks to sign in */
  isVisitor: boolean;
  /** the student's id, when `canSave` */
  userId: string | null;
  /** the saved offers' ids (empty for anyone else, and until the list arrives) */
  ids: ReadonlySet<string>;
}

/** The signed-in student's saved offers; asked for once per account, never for visitors or staff. */
export function useSavedOffers(): SavedOffers {
  const auth = useAuth();
  const userId = auth.isStudent && auth.user ? auth.user.id : null;
  const { data } = savedApi.useGetSavedOffersQuery(userId ?? '', { skip: userId === null });
  const ids = useMemo(() => (data && userId ? new Set(data) : NONE), [data, userId]);
  return { canSave: userId !== null, isVisitor: !auth.isLoading && !auth.isAuthenticated, userId, ids };
}
