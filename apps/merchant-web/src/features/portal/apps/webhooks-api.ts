import type {
  PutWebhookBody,
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookWithSecret,
} from '@tullab/contracts';
import { brandWebhooks as webhooks } from '@tullab/contracts/route-table';
import { routeCall } from '@tullab/web-kit/api/client';
import { merchantApi } from '../api';

/** An app's webhook and its delivery log (issue 30 point 5), each app's under its own tag. */
const webhooksApi = merchantApi
  .enhanceEndpoints({ addTagTypes: ['Webhook', 'WebhookDeliveries'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** the app's webhook, or null while it has none (the server's 404) */
      getWebhook: build.query<WebhookEndpointAnswer | null, string>({
        async queryFn(id, _api, _extra, baseQuery) {
          const result = await baseQuery(routeCall(webhooks.get, { params: { id } }));
          if (result.error?.status === 404) return { data: null };
          return result.error ? { error: result.error } : { data: result.data as WebhookEndpointAnswer };
        },
        providesTags: (_result, _error, id) => [{ type: 'Webhook', id }],
      }),
      putWebhook: build.mutation<WebhookWithSecret, { id: string } & PutWebhookBody>({
        query: ({ id, ...body }) => routeCall(webhooks.put, { params: { id }, body }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'Webhook', id }],
      }),
      rotateWebhookSecret: build.mutation<WebhookWithSecret, string>({
        query: (id) => routeCall(webhooks.rotateSecret, { params: { id } }),
        invalidatesTags: (_result, _error, id) => [{ type: 'Webhook', id }],
      }),
      removeWebhook: build.mutation<void, string>({
        query: (id) => routeCall(webhooks.remove, { params: { id } }),
        invalidatesTags: (_result, _error, id) => [{ type: 'Webhook', id }],
      }),
      getWebhookDeliveries: build.query<WebhookDeliveryAnswer[], string>({
        query: (id) => routeCall(webhooks.deliveries, { params: { id } }),
        providesTags: (_result, _error, id) => [{ type: 'WebhookDeliveries', id }],
      }),
      resendWebhookDelivery: build.mutation<WebhookDeliveryAnswer, { id: string; deliveryId: string }>({
        query: (params) => routeCall(webhooks.resend, { params }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'WebhookDeliveries', id }],
      }),
    }),
  });

export const {
  useGetWebhookQuery,
  usePutWebhookMutation,
  useRotateWebhookSecretMutation,
  useRemoveWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
} = webhooksApi;
