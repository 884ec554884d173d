/** SPEC §9: the dashboard's own minimum (the reset flow asks for 8). */
export const DASHBOARD_PASSWORD_MIN = 6;

export interface PasswordChangeValues {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/** SPEC §5 "Dashboard change password", checked in this order; each problem is a toast title and text. */
export function passwordChangeProblem(
  values: PasswordChangeValues,
): { title: string; message: string } | null {
  const { currentPassword, newPassword, confirmPassword } = values;
  if (!currentPassword || !newPassword || !confirmPassword)
    return { title: 'Missing Fields', message: 'Please fill in all password fields.' };
  if (newPassword !== confirmPassword)
    return { title: 'Password Mismatch', message: 'New password and confirmation do not match.' };
  if (newPassword.length < DASHBOARD_PASSWORD_MIN)
    return { title: 'Password Too Short', message: 'New password must be at least 6 characters long.' };
  return null;
}
