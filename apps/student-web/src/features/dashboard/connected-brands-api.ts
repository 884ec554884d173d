import type { ConnectedBrand } from '@tullab/contracts';
import { connectedBrands } from '@tullab/contracts/route-table';
import { api, routeCall } from '@tullab/web-kit/api/client';

export type { ConnectedBrand } from '@tullab/contracts';

const connectedBrandsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The brands' apps the student allowed on Verify with Tullab's consent screen (decision 019). Not kept once the
     * dashboard is left (`keepUnusedDataFor: 0`), so a consent given meanwhile shows on the next visit.
     */
    getConnectedBrands: build.query<ConnectedBrand[], void>({
      query: () => routeCall(connectedBrands.list),
      keepUnusedDataFor: 0,
    }),
    /** Takes the consent to an app back; the list drops the app once the server has. */
    disconnectBrand: build.mutation<unknown, string>({
      query: (id) => routeCall(connectedBrands.disconnect, { params: { id } }),
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          () =>
            void dispatch(
              connectedBrandsApi.util.updateQueryData('getConnectedBrands', undefined, (list) =>
                list.filter((brand) => brand.id !== id),
              ),
            ),
          // the caller's `unwrap` reports the failure
          () => undefined,
        ),
    }),
  }),
});

export const { useGetConnectedBrandsQuery, useDisconnectBrandMutation } = connectedBrandsApi;
