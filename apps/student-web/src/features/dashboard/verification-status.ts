import { paths } from '../../app/paths';

export type StatusTone = 'success' | 'warning' | 'error' | 'neutral';

/** What the dashboard's Student Verification card shows for a status (SPEC §4 "Verification status (dashboard)"). */
export interface VerificationCardModel {
  title: string;
  text: string;
  tone: StatusTone;
  /** the submitted student e-mail still under review */
  submittedEmail?: string;
  /** an extra line, e.g. that the verification expired */
  note?: string;
  action?: { label: string; to: string };
}

const ROWS: Record<string, Pick<VerificationCardModel, 'title' | 'text' | 'tone'>> = {
  active: { title: 'Verified', text: 'Your student status is verified.', tone: 'success' },
  pending: { title: 'Pending', text: 'Your verification is being reviewed.', tone: 'warning' },
  rejected: { title: 'Rejected', text: 'Please contact support for assistance.', tone: 'error' },
  unrecognized_domain: {
    title: 'Under Review',
    text: "We're verifying your enrollment manually.",
    tone: 'warning',
  },
};
const NOT_STARTED = {
  title: 'Not Started',
  text: 'Complete your profile to start verification.',
  tone: 'neutral',
} as const;

export const EXPIRED_NOTE =
  'Your student verification has expired. Verify again to keep access to student offers.';

const verifyAt = (label: string) => ({ label, to: paths.studentVerification });

/**
 * The SPEC §4 table and button rules: pending or unrecognized_domain without verifiedAt get a button to
 * /student-verification; pending with a submitted e-mail shows it. Beyond the table, so that nobody is left without
 * a way forward: 'Not Started' offers 'Start Verification', and `expired` (reported by the server once a
 * verification lapses; the table counts it as Not Started) says so and offers 'Verify Again'.
 */
export function verificationCardModel(profile: {
  status?: string | null;
  studentEmail?: string | null;
  verifiedAt?: string | null;
}): VerificationCardModel {
  const status = profile.status ?? 'none';
  const row = ROWS[status] ?? NOT_STARTED;
  const model: VerificationCardModel = { ...row };
  const unverified = !profile.verifiedAt;

  if (status === 'pending' && unverified) {
    if (profile.studentEmail) {
      model.submittedEmail = profile.studentEmail;
      model.action = verifyAt('Update Verification');
    } else {
      model.action = verifyAt('Start Verification');
    }
  } else if (status === 'unrecognized_domain' && unverified) {
    model.action = verifyAt('Update Verification Status');
  } else if (status === 'expired') {
    model.note = EXPIRED_NOTE;
    model.action = verifyAt('Verify Again');
  } else if (!(status in ROWS)) {
    model.action = verifyAt('Start Verification');
  }
  return model;
}
