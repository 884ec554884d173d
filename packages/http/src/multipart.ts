import type { Request, Response } from 'express';
import multer from 'multer';
import { HttpError } from './errors';

export interface ReceivedFile {
  buffer: Buffer;
  /** the name the client gave (untrusted; see `safeFileName`) */
  originalName: string;
  size: number;
}

export interface SingleFileOptions {
  /** the form field that carries the file */
  field: string;
  maxBytes: number;
  /** the 413 message (SPEC §5: 'File too large') */
  tooLarge: string;
  /** how many text fields the form has at most */
  maxFields: number;
}

/**
 * Reads a multipart form with at most one file, in memory, and stops reading the moment the file passes
 * `maxBytes` (S22). Answers with HttpErrors: 413 too large, 400 for anything else malformed; never a 500.
 */
export function receiveSingleFile(
  req: Request,
  res: Response,
  options: SingleFileOptions,
): Promise<{ file: ReceivedFile | null; fields: Record<string, unknown> }> {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: options.maxFields,
      fieldSize: 64 * 1024,
      parts: options.maxFields + 1,
    },
  }).single(options.field);
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE')
          return reject(
            new HttpError(413, options.tooLarge, {
              code: 'upload_too_large',
              errors: { [options.field]: options.tooLarge },
            }),
          );
        const message =
          err.code === 'LIMIT_UNEXPECTED_FILE' ? `Unexpected file field "${err.field}"` : err.message;
        return reject(new HttpError(400, message));
      }
      if (err) return reject(new HttpError(400, 'Malformed multipart form'));
      const file = req.file
        ? { buffer: req.file.buffer, originalName: req.file.originalname, size: req.file.size }
        : null;
      resolve({ file, fields: { ...(req.body as Record<string, unknown>) } });
    });
  });
}
