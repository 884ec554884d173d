import i18n from 'i18next';

/** SPEC §9: the dashboard's own minimum (the reset flow asks for 8). */
export const DASHBOARD_PASSWORD_MIN = 6;

export interface PasswordChangeValues {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/** A problem's toast title and text, in the page's language (`dashboard:password.<problem>Title` and `.<problem>`). */
const problemOf = (problem: 'missing' | 'mismatch' | 'tooShort') => ({
  title: i18n.t(`dashboard:password.${problem}Title`),
  message: i18n.t(`dashboard:password.${problem}`, { min: DASHBOARD_PASSWORD_MIN }),
});

/** SPEC §5 "Dashboard change password", checked in this order; each problem is a toast title and text. */
export function passwordChangeProblem(
  values: PasswordChangeValues,
): { title: string; message: string } | null {
  const { currentPassword, newPassword, confirmPassword } = values;
  if (!currentPassword || !newPassword || !confirmPassword) return problemOf('missing');
  if (newPassword !== confirmPassword) return problemOf('mismatch');
  if (newPassword.length < DASHBOARD_PASSWORD_MIN) return problemOf('tooShort');
  return null;
}
