import i18n from 'i18next';
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

/** The rows of the SPEC §4 table: the catalogue keys of their title and text (`dashboard:verification.status.*`). */
const ROWS: Record<string, { row: string; tone: StatusTone }> = {
  active: { row: 'active', tone: 'success' },
  pending: { row: 'pending', tone: 'warning' },
  rejected: { row: 'rejected', tone: 'error' },
  unrecognized_domain: { row: 'unrecognizedDomain', tone: 'warning' },
};
const NOT_STARTED = { row: 'notStarted', tone: 'neutral' } as const;

const text = (key: string) => i18n.t(`dashboard:verification.${key}`);
const verifyAt = (action: string) => ({ label: text(`action.${action}`), to: paths.studentVerification });

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
  const { row, tone } = Object.hasOwn(ROWS, status) ? ROWS[status] : NOT_STARTED;
  const model: VerificationCardModel = {
    title: text(`status.${row}.title`),
    text: text(`status.${row}.text`),
    tone,
  };
  const unverified = !profile.verifiedAt;

  if (status === 'pending' && unverified) {
    if (profile.studentEmail) {
      model.submittedEmail = profile.studentEmail;
      model.action = verifyAt('update');
    } else {
      model.action = verifyAt('start');
    }
  } else if (status === 'unrecognized_domain' && unverified) {
    model.action = verifyAt('updateStatus');
  } else if (status === 'expired') {
    model.note = text('expired');
    model.action = verifyAt('verifyAgain');
  } else if (!Object.hasOwn(ROWS, status)) {
    model.action = verifyAt('start');
  }
  return model;
}
