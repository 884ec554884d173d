import { verificationCardModel } from './verification-status';

const VERIFY = '/student-verification';

describe('Student Verification card (SPEC §4 "Verification status (dashboard)")', () => {
  test.each([
    ['active', 'Verified', 'Your student status is verified.'],
    ['pending', 'Pending', 'Your verification is being reviewed.'],
    ['rejected', 'Rejected', 'Please contact support for assistance.'],
    ['unrecognized_domain', 'Under Review', "We're verifying your enrollment manually."],
    ['none', 'Not Started', 'Complete your profile to start verification.'],
    ['something_else', 'Not Started', 'Complete your profile to start verification.'],
    ['expired', 'Not Started', 'Complete your profile to start verification.'],
  ])('status %s: "%s" — "%s"', (status, title, text) => {
    expect(verificationCardModel({ status })).toMatchObject({ title, text });
  });

  test('a missing status counts as none', () => {
    expect(verificationCardModel({})).toMatchObject({ title: 'Not Started' });
    expect(verificationCardModel({ status: null })).toMatchObject({ title: 'Not Started' });
  });

  test('pending with a submitted student e-mail: shows it and offers "Update Verification"', () => {
    expect(
      verificationCardModel({ status: 'pending', studentEmail: 'sara@ud.ac.ae', verifiedAt: null }),
    ).toEqual({
      title: 'Pending',
      text: 'Your verification is being reviewed.',
      tone: 'warning',
      submittedEmail: 'sara@ud.ac.ae',
      action: { label: 'Update Verification', to: VERIFY },
    });
  });

  test('pending without a student e-mail: "Start Verification"', () => {
    const model = verificationCardModel({ status: 'pending', studentEmail: null });
    expect(model.action).toEqual({ label: 'Start Verification', to: VERIFY });
    expect(model.submittedEmail).toBeUndefined();
  });

  test('unrecognized_domain: "Update Verification Status"', () => {
    expect(verificationCardModel({ status: 'unrecognized_domain' }).action).toEqual({
      label: 'Update Verification Status',
      to: VERIFY,
    });
  });

  test('with verifiedAt set, pending and unrecognized_domain get no button and no submitted e-mail', () => {
    const verifiedAt = '2025-01-01T00:00:00.000Z';
    expect(verificationCardModel({ status: 'pending', studentEmail: 'a@ud.ac.ae', verifiedAt })).toEqual({
      title: 'Pending',
      text: 'Your verification is being reviewed.',
      tone: 'warning',
    });
    expect(verificationCardModel({ status: 'unrecognized_domain', verifiedAt }).action).toBeUndefined();
  });

  test('active and rejected get no button', () => {
    expect(verificationCardModel({ status: 'active' }).action).toBeUndefined();
    expect(verificationCardModel({ status: 'rejected' }).action).toBeUndefined();
  });

  test('expired says so and offers "Verify Again"', () => {
    expect(
      verificationCardModel({ status: 'expired', verifiedAt: '2024-01-01T00:00:00.000Z' }),
    ).toMatchObject({
      note: 'Your student verification has expired. Verify again to keep access to student offers.',
      action: { label: 'Verify Again', to: VERIFY },
    });
  });

  test('not started offers "Start Verification"', () => {
    expect(verificationCardModel({ status: 'none' }).action).toEqual({
      label: 'Start Verification',
      to: VERIFY,
    });
  });
});
