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
