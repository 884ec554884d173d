import { passwordChangeProblem } from './password-change';

describe('dashboard change password (SPEC §5)', () => {
  test.each([
    [{}, 'Missing Fields', 'Please fill in all password fields.'],
    [
      { currentPassword: 'old-pass', newPassword: 'new-pass' },
      'Missing Fields',
      'Please fill in all password fields.',
    ],
    [
      { currentPassword: 'old-pass', newPassword: 'abcdef', confirmPassword: 'abcdeg' },
      'Password Mismatch',
      'New password and confirmation do not match.',
    ],
    [
      { currentPassword: 'old-pass', newPassword: 'abcde', confirmPassword: 'abcde' },
      'Password Too Short',
      'New password must be at least 6 characters long.',
    ],
  ])('%j → "%s"', (values, title, message) => {
    expect(passwordChangeProblem(values)).toEqual({ title, message });
  });

  test('six matching characters are enough here (the dashboard minimum is 6)', () => {
    expect(
      passwordChangeProblem({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toBeNull();
  });
});
