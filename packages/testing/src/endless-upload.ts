import { request as httpRequest } from 'node:http';

export interface EndlessUploadOptions {
  /** the route's full URL */
  url: string;
  /** the caller's headers (signed identity) */
  headers: Record<string, string>;
  /** the form's text fields, sent whole before the file */
  fields: Record<string, string>;
  /** the file's field name and its first bytes; the rest never comes */
  file: { field: string; filename: string; contentType: string; start: Buffer };
  /** the length the request announces */
  announcedBytes: number;
}

/**
 * A multipart upload whose file never finishes arriving (a slow or hostile client): `response` resolves with the
 * answer if the service gives one without the whole body; `abort` ends the request.
 */
export function startEndlessUpload(options: EndlessUploadOptions): {
  response: Promise<{ status: number; body: unknown }>;
  abort: () => void;
} {
  const boundary = 'endless-boundary';
  const req = httpRequest(options.url, {
    method: 'POST',
    headers: {
      ...options.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(options.announcedBytes),
    },
  });
  req.on('error', () => undefined);
  const { file } = options;
  req.write(
    Object.entries(options.fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  req.write(file.start);
  const response = new Promise<{ status: number; body: unknown }>((resolve) =>
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    }),
  );
  return { response, abort: () => req.destroy() };
}
