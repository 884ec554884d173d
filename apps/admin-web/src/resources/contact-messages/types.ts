import type { ContactMessageRecord as ContactMessage } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

/** A message sent from the contact form (`/api/admin/contact-messages`). */
export type ContactMessageRecord = ContactMessage & RaRecord;

export const statusLabels: Record<ContactMessageRecord['status'], string> = {
  new: 'New',
  handled: 'Handled',
};
