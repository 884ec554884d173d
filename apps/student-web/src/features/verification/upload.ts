import { studentVerification } from '@tullab/contracts/route-table';
import { callUrl, routeCall } from '@tullab/web-kit/api/client';
import { apiErrorFrom, NETWORK_ERROR_STATUS, okBody, type ApiError } from '@tullab/web-kit/api/errors';
import { currentLanguage } from '@tullab/web-kit/i18n/start';

export interface DocumentUpload {
  document: File;
  documentType: string;
  institution: string;
}

/**
 * SPEC §7 `POST /api/students/verify-document` as multipart, through XMLHttpRequest because fetch cannot report
 * upload progress. Cookies go along; failures are shaped like every other call's (ApiError). `Idempotency-Key`
 * (SECURITY "Idempotency") makes a retried upload of the same attempt count once.
 */
export function uploadDocument(
  upload: DocumentUpload,
  idempotencyKey: string,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  const body = new FormData();
  body.append('document', upload.document);
  body.append('documentType', upload.documentType);
  body.append('institution', upload.institution);

  const call = routeCall(studentVerification.uploadDocument, { body });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.method, callUrl(call));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(okBody(xhr.status, xhr.responseText));
      else reject(apiErrorFrom(xhr.status, xhr.statusText, xhr.responseText));
    };
    const failed = () =>
      reject({ status: NETWORK_ERROR_STATUS, message: 'Network error', data: {} } satisfies ApiError);
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.ontimeout = failed;
    xhr.send(body);
  });
}
