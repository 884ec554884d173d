import type { RequestHandler } from 'express';
import { HttpError } from '@tullab/http';

/**
 * The verification steps are a student's: staff and admins hold no student status, so they cannot start one (and
 * could otherwise tie a university address to a staff account).
 */
export const requireStudent: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Not authenticated');
  if (req.identity.role !== 'student') throw new HttpError(403, 'Only students can verify a student status');
  next();
};
