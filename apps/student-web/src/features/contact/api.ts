import type { ContactMessageBody } from '@tullab/contracts';
import { contact } from '@tullab/contracts/route-table';
import { api, routeCall } from '@tullab/web-kit/api/client';

/** SPEC §3 "Contact message". */
export type ContactMessage = ContactMessageBody;

/** SPEC §7 `POST /api/contact`: the message is delivered to the support inbox. */
export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<{ message?: string }, ContactMessage>({
      query: (body) => routeCall(contact.send, { body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
