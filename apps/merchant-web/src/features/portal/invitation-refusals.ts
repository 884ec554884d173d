import {
  MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR,
  MERCHANT_INVITATIONS_PER_DAY,
  MERCHANT_INVITATIONS_PER_HOUR,
} from '@tullab/contracts';
import { serverCode, serverMessage } from '@tullab/web-kit/api/errors';

/** A translation function of the page (`useTranslation`'s `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the Team page says when inviting or sending again is refused, in the page's language, by the answer's code
 * (docs/errors.md): the brand's limits (T24), a colleague already in the team; else the server's message.
 */
export function invitationRefusal(t: Translate, error: unknown): string {
  switch (serverCode(error)) {
    case 'too_many_invitations':
      return t('merchant:team.tooMany', {
        hour: MERCHANT_INVITATIONS_PER_HOUR,
        day: MERCHANT_INVITATIONS_PER_DAY,
        address: MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR,
      });
    case 'already_in_team':
      return t('merchant:team.alreadyInTeam');
    default:
      return serverMessage(error) ?? t('merchant:team.inviteFailed');
  }
}

/** What the invitation page says when the link is refused, by the answer's code (docs/errors.md). */
export function acceptanceRefusal(t: Translate, error: unknown): string {
  switch (serverCode(error)) {
    case 'invitation_email_taken':
      return t('merchant:invitation.emailTaken');
    case 'invitation_invalid':
      return t('merchant:invitation.invalid');
    case 'too_many_attempts':
      return t('merchant:invitation.tooMany');
    default:
      return serverMessage(error) ?? t('merchant:invitation.failed');
  }
}
