import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { verificationStatuses } from '@tullab/contracts';

/** A student's verification as it stands; every change is announced with `verification.status_changed`. */
export const StudentStatusSchema = defineEntity({
  name: 'StudentStatus',
  tableName: 'student_status',
  properties: {
    userId: p.uuid().primary(),
    status: p.enum([...verificationStatuses]),
    /** the student e-mail submitted or verified (lower-case) */
    studentEmail: p.string().nullable(),
    institutionId: p.uuid().nullable(),
    institutionName: p.string().nullable(),
    personalEmail: p.string(),
    firstName: p.string(),
    verifiedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    /** the reminders 28 and 7 days before expiry, each sent once per verification */
    remindedEarlyAt: p.datetime().nullable(),
    remindedLateAt: p.datetime().nullable(),
    changedAt: p.datetime(),
  },
});
export type StudentStatus = InferEntity<typeof StudentStatusSchema>;
