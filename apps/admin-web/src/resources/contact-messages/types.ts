import type { RaRecord } from 'react-admin';

/** A message sent from the contact form (`/api/admin/contact-messages`). */
export interface ContactMessageRecord extends RaRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  status: 'new' | 'handled';
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

export const statusLabels: Record<ContactMessageRecord['status'], string> = {
  new: 'New',
  handled: 'Handled',
};
