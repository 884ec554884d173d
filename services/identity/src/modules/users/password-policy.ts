import {
  acceptInvitationBody as acceptInvitationContract,
  acceptMerchantInvitationBody as acceptMerchantInvitationContract,
  changePasswordBody as changePasswordContract,
  newPasswordField,
  passwordLengthProblem,
  passwordMessages,
  registerBody as registerContract,
  resetPasswordBody as resetPasswordContract,
} from '@tullab/contracts';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { isCommonPassword } from './passwords';

/**
 * The contracts' bodies that set a password, checked here also against the common-password list (SECURITY S3): the
 * list is a data file only the server has, so the shared schemas check the length alone.
 */
const strongPasswordField = newPasswordField.superRefine((value, ctx) => {
  if (!passwordLengthProblem(value) && isCommonPassword(value))
    ctx.addIssue({ code: 'custom', message: passwordMessages.common });
});

export const registerBody = registerContract.extend({ password: strongPasswordField });
export const changePasswordBody = changePasswordContract.extend({ newPassword: strongPasswordField });
export const resetPasswordBody = resetPasswordContract.extend({ newPassword: strongPasswordField });
export const acceptInvitationBody = acceptInvitationContract.extend({ password: strongPasswordField });
export const acceptMerchantInvitationBody = acceptMerchantInvitationContract.extend({
  password: strongPasswordField,
});

/**
 * The `before` step (bindRoute) of a route whose body sets a password: the body is parsed with its server-side
 * schema ahead of the route's declared one, so a refusal names every refused field at once, a common password with
 * the others, as it always has. A body this passes, the declared schema (the same without the list) passes too.
 */
export const passwordPolicy =
  (body: z.ZodType): RequestHandler =>
  (req, _res, next) => {
    body.parse(req.body ?? {});
    next();
  };
