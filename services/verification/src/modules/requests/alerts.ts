import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import type { Config } from '../../config';
import { documentTypes, type DocumentType, type VerificationRequest } from './entities';

/** Where a request opens in the admin console (its hash router). */
export const consolePath = (request: VerificationRequest) => `/admin#/verifications/${request.id}/show`;

/** Tells staff (SUPPORT_EMAIL) that a request waits for them: a document, or an e-mail we could not recognise. */
export function alertStaffAboutRequest(
  tx: EntityManager,
  config: Config,
  request: VerificationRequest,
  requestId: string | null,
): void {
  const who = `${request.firstName || 'A student'} (${request.personalEmail})`;
  const message =
    request.method === 'document'
      ? `${who} uploaded a ${documentLabel(request.documentType)} for ${request.institutionName}. It waits for review.`
      : `${who} asked to verify with ${request.studentEmail}, whose domain is not recognised. It waits for review.`;
  addToOutbox(
    tx,
    'email.requested',
    {
      to: config.SUPPORT_EMAIL,
      // it names the student: their export shows it, their erasure empties it (T23)
      aboutUserId: request.userId,
      template: 'staff-alert',
      data: {
        title:
          request.method === 'document' ? 'New document to review' : 'Unrecognised student e-mail to review',
        message,
        actionPath: consolePath(request),
      },
    },
    requestId,
  );
}

export function documentLabel(type: string | null | undefined): string {
  return type && type in documentTypes ? documentTypes[type as DocumentType] : 'document';
}
